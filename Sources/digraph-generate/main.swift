// The tool of the build-tool plugins: a target's manifests in, its container out (DigraphGenerate);
// or a target's Swift sources checked, the findings as diagnostics (DigraphCheck).
//
//   digraph-generate --output <file.swift> [--access internal|public] <manifest>...
//   digraph-generate --check-swift --output <stamp.swift> <file.swift>...
//
// Diagnostics go to stderr as `file:line:column: error: …`, which Xcode and SwiftPM show on the
// manifest; a graph with errors exits 1 and writes nothing, so the build fails where the mistake is.
// Warnings are printed and the container is still generated. Needs no Graphviz.
import DigraphKit
import Foundation

func fail(_ message: String, status: ExitStatus) -> Never {
    FileHandle.standardError.write(Data("digraph-generate: error: \(PrintableText.escape(message))\n".utf8))
    exit(status.rawValue)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var output: String?
var access = AccessLevel.internal
var manifests: [String] = []
var checkSwift = false
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--check-swift":
        checkSwift = true
    case "--output", "-o":
        guard !arguments.isEmpty else { fail("--output needs a file", status: .unusableInput) }
        output = arguments.removeFirst()
    case "--access":
        guard let value = arguments.first, let level = AccessLevel(rawValue: value) else {
            fail("--access takes internal or public", status: .unusableInput)
        }
        arguments.removeFirst()
        access = level
    default:
        manifests.append(argument)
    }
}
guard let output, !manifests.isEmpty else {
    fail("usage: digraph-generate --output <file.swift> [--access internal|public] <manifest>...", status: .unusableInput)
}

if checkSwift {
    // The findings on their Swift lines, as the compiler's are (SwiftPM and Xcode show them on the
    // line); an error fails the build. The output says what was checked, so the build system has
    // its file and an unchanged target is not read again.
    let outcome = CheckRun(files: manifests)
    if !outcome.report.diagnostics.isEmpty {
        FileHandle.standardError.write(Data(TextReporter().render(outcome.report).utf8))
    }
    if outcome.inputUnusable { exit(ExitStatus.unusableInput.rawValue) }
    let read = outcome.swiftRead.map { PrintableText.escape($0) } ?? "read no Swift"
    let summary = "// Checked by digraph's DigraphCheck plugin: \(read); \(outcome.report.errors) errors, \(outcome.report.warnings) warnings.\n"
    do {
        try OutputPath.write(Array(summary.utf8), to: output, readingFrom: outcome.readFiles)
    } catch {
        fail("\(error)", status: .unusableInput)
    }
    exit(outcome.exitStatus(strict: false).rawValue)
}

let generation = SwiftGeneration(target: .plain, access: access, output: output)
let (outcome, result) = generation.generate(from: manifests)
if !outcome.report.diagnostics.isEmpty {
    FileHandle.standardError.write(Data(TextReporter().render(outcome.report).utf8))
}
switch result {
case .success(let files):
    do {
        // The plugin's work folder is SwiftPM's: the file there is always ours to replace.
        try generation.write(files, readingFrom: outcome.readFiles)
    } catch {
        fail("\(error)", status: .unusableInput)
    }
case .failure(.unusableInput):
    exit(ExitStatus.unusableInput.rawValue)
case .failure(.graphHasErrors):
    fail("not generating the container from a graph with errors", status: .graphHasErrors)
case .failure(.cannotGenerate(let error)):
    fail(error.description, status: .graphHasErrors)
}
