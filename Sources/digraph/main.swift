import ArgumentParser
import Foundation

/// The entry point: argument-parser's usage errors exit 64 by default; digraph's contract says 2
/// for a bad command line, the same as for unusable input.
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
