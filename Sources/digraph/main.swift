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
    // Not under a limit on address space (`ulimit -v`), where memory asked for ahead could be the
    // memory that is then missing. Swift's Glibc module leaves out <malloc.h>, so the function is
    // looked up; -2 is M_TOP_PAD there.
    var addressSpace = rlimit()
    if getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &addressSpace) == 0, addressSpace.rlim_cur == rlim_t.max,
        let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt")
    {
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        _ = unsafeBitCast(symbol, to: MallocOption.self)(-2, 64 << 20)
    }
#endif
// `digraph chek`: name the command meant, not just "Unexpected argument".
if let word = CommandLine.arguments.dropFirst().first, !word.hasPrefix("-"), let message = Digraph.unknownCommand(word) {
    CommandFailure(message).print()
    exit(ExitStatus.unusableInput.rawValue)
}
// `digraph check --write-baseline` with no file writes the configuration's baseline.
Configured.arguments = Check.givingWriteBaselineItsValue(CommandLine.arguments)
do {
    var command = try Digraph.parseAsRoot(Array(Configured.arguments.dropFirst()))
    // The configuration is merged into the arguments here, once: the command then runs as typed.
    if let configurable = command as? any ConfiguredCommand, let configured = try Configured.commands(replacing: configurable) {
        try Configured.runAll(configured)
    } else {
        try command.run()
    }
} catch let failure as CommandFailure {
    failure.print()
    exit(failure.status.rawValue)
} catch {
    if Digraph.exitCode(for: error) == .validationFailure {
        // The message may quote an argument: keep its lines (printToStandardError lets none start a workflow command).
        printToStandardError(PrintableText.escape(Digraph.fullMessage(for: error), keepingNewlines: true) + "\n")
        exit(ExitStatus.unusableInput.rawValue)
    }
    Digraph.exit(withError: error)
}
