import ArgumentParser
import DigraphCore
import DigraphKit
import Foundation

struct Digraph: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "digraph",
        abstract: "Check, draw and generate code from a dependency-injection manifest.",
        discussion: """
            A manifest (YAML or JSON) lists a container's registrations: what each key provides, how \
            long it lives and what it depends on. digraph finds at check time what the container would \
            otherwise only show at run time.

            Exit codes: 0 no errors; 1 the graph has errors; 2 the input could not be used \
            (unreadable file, schema error, bad command line).
            """,
        version: DigraphProject.version,
        subcommands: [
            Check.self, Import.self, Render.self, GenSwift.self, Diff.self, Why.self, Analyze.self, Explain.self, Init.self, Layout.self,
        ])
}

extension Digraph {
    /// The message for a first argument that is no command, or nil when it is one.
    static func unknownCommand(_ word: String) -> String? {
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        guard !names.contains(word) else { return nil }
        let shownNames = configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName } + ["help"]
        let commands = shownNames.dropLast().joined(separator: ", ")
        if let near = nearSpellings(of: word, in: shownNames).first {
            return "unknown command '\(shown(word))'; did you mean '\(near)'? The commands: \(commands)"
        }
        return "unknown command '\(shown(word))'; the commands: \(commands) (`digraph help <command>` for each)"
    }
}

/// A command that cannot go on: main.swift prints `digraph: error: <message>` once and exits with
/// `status`. The message quotes input through `shown`, as every message does.
struct CommandFailure: Error {
    var message: String
    var status: ExitStatus

    init(_ message: String, status: ExitStatus = .unusableInput) {
        self.message = message
        self.status = status
    }

    static let prefix = "digraph: error: "

    func print() {
        printToStandardError(Self.prefix + message + "\n")
    }
}

/// Diagnostics and progress go to stderr, so that stdout carries only the report or the output.
/// Every line digraph writes to standard error is inert in a CI log (see `PrintableText.inertInLog`):
/// messages quote file names and manifest text.
func printToStandardError(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { PrintableText.inertInLog(String($0)) }
    FileHandle.standardError.write(Data(lines.joined(separator: "\n").utf8))
}

/// A path (or other text from the command line) as a message shows it: control characters and
/// newlines escaped, so that a file name cannot paint the terminal or start a workflow command.
func shown(_ text: String) -> String {
    PrintableText.inertInLog(PrintableText.escape(text))
}

/// A check of a big graph ends holding a million small objects. The system takes a process's memory
/// back in one step when it exits, so the last value a command used is left to that instead of being
/// freed object by object (as compilers leave their syntax trees).
func keepUntilExit(_ value: some Any) {
    _ = Unmanaged.passRetained(Box(value))
}

private final class Box<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}
