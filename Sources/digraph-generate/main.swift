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
    // its file. The build system runs this only when an input's date changed; when the files'
    // contents did not (a checkout, a `touch`), the findings kept beside the output are said again
    // without reading the Swift.
    let digest = SwiftCheckCache.digest(of: manifests)
    let kept = output + ".findings"
    if let previous = SwiftCheckCache.previous(output: output, findings: kept, digest: digest) {
        FileHandle.standardError.write(Data(previous.findings.utf8))
        // Written again (newer than its inputs), so the build system does not run this next time.
        let replayed =
            previous.summary + "// Unchanged since: the findings said again without reading the Swift.\n"
            + SwiftCheckCache.stamp(digest: digest, status: previous.status)
        try? OutputPath.write(Array(replayed.utf8), to: output, readingFrom: manifests)
        exit(previous.status)
    }
    let outcome = CheckRun(files: manifests)
    let findings = outcome.report.diagnostics.isEmpty ? "" : TextReporter().render(outcome.report)
    FileHandle.standardError.write(Data(findings.utf8))
    if outcome.inputUnusable { exit(ExitStatus.unusableInput.rawValue) }
    let status = outcome.exitStatus(strict: false).rawValue
    let read = outcome.swiftRead.map { PrintableText.escape($0) } ?? "read no Swift"
    let summary =
        "// Checked by digraph's DigraphCheck plugin: \(read); \(counted(outcome.report.errors, "error")), \(counted(outcome.report.warnings, "warning")).\n"
        + SwiftCheckCache.stamp(digest: digest, status: status)
    do {
        try OutputPath.write(Array(findings.utf8), to: kept, readingFrom: outcome.readFiles)
        try OutputPath.write(Array(summary.utf8), to: output, readingFrom: outcome.readFiles)
    } catch {
        fail("\(error)", status: .unusableInput)
    }
    exit(status)
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

func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

/// What the Swift check of a target last found, by the contents of its files: a 64-bit FNV-1a
/// digest of every path and its bytes, kept in the output's last line with the exit status.
enum SwiftCheckCache {
    static func digest(of paths: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        for path in paths {
            mix(path.utf8)
            mix([0])
            mix(FileManager.default.contents(atPath: path) ?? Data())
            mix([0])
        }
        return String(hash, radix: 16)
    }

    static func stamp(digest: String, status: Int32) -> String {
        "// digraph-check-digest: \(digest) status: \(status)\n"
    }

    /// The findings, status and summary line of the last check when its files had these contents.
    static func previous(output: String, findings: String, digest: String) -> (findings: String, status: Int32, summary: String)? {
        guard let data = FileManager.default.contents(atPath: output), let kept = FileManager.default.contents(atPath: findings) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        let prefix = "// digraph-check-digest: \(digest) status: "
        guard let first = lines.first, let last = lines.last, last.hasPrefix(prefix), let status = Int32(last.dropFirst(prefix.count)) else { return nil }
        return (String(decoding: kept, as: UTF8.self), status, first + "\n")
    }
}
