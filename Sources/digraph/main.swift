import ArgumentParser
import Foundation

/// The entry point: argument-parser's usage errors exit 64 by default; digraph's contract says 2
/// for a bad command line, the same as for unusable input.
// A closed pipe (`digraph … | head`) must be a write error we report, not a kill by SIGPIPE.
signal(SIGPIPE, SIG_IGN)
do {
    var command = try Digraph.parseAsRoot()
    try command.run()
} catch {
    if Digraph.exitCode(for: error) == .validationFailure {
        printToStandardError(Digraph.fullMessage(for: error) + "\n")
        exit(ExitStatus.unusableInput.rawValue)
    }
    Digraph.exit(withError: error)
}
