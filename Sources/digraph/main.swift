import ArgumentParser
import DigraphKit
import Foundation

/// The entry point: argument-parser's usage errors exit 64 by default; digraph's contract says 2
/// for a bad command line, the same as for unusable input.
// A closed pipe (`digraph … | head`) must be a write error we report, not a kill by SIGPIPE.
signal(SIGPIPE, SIG_IGN)
#if canImport(Glibc)
// A big manifest's heap grows by glibc's default 128 KB at a time, each step a system call and a
// page-table change; growing by 64 MB saves 8 % of a 100,000-registration check (docs/performance.md).
// Swift's Glibc module leaves out <malloc.h>, so the function is looked up; -2 is M_TOP_PAD there.
if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
    _ = unsafeBitCast(symbol, to: MallocOption.self)(-2, 64 << 20)
}
#endif
// `digraph chek`: name the command meant, not just "Unexpected argument".
if let word = CommandLine.arguments.dropFirst().first, !word.hasPrefix("-"), let message = Digraph.unknownCommand(word) {
    printToStandardError("digraph: error: \(message)\n")
    exit(ExitStatus.unusableInput.rawValue)
}
do {
    var command = try Digraph.parseAsRoot()
    try command.run()
} catch {
    if Digraph.exitCode(for: error) == .validationFailure {
        // The message may quote an argument: keep its lines, but let none start a workflow command.
        let message = PrintableText.escape(Digraph.fullMessage(for: error), keepingNewlines: true)
            .split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("::") ? " " + $0 : $0 }.joined(separator: "\n")
        printToStandardError(message + "\n")
        exit(ExitStatus.unusableInput.rawValue)
    }
    Digraph.exit(withError: error)
}
