// digraph-bench: times each stage of `digraph check` in process, the median of several runs.
//
//   digraph-bench FILE [--runs N]
//   digraph-bench --swift FOLDER [--runs N]    (the stages of `digraph import`)
//
// Prints one line per stage: parse (bytes -> located document), load (parse + decode + link),
// each rule, and the whole check. Compare figures as ratios within one run: the machine is noisy.
import DigraphLoader
import DigraphRules
import DigraphSwiftImport
import Foundation
import SwiftParser
import Yams

let arguments = Array(CommandLine.arguments.dropFirst())
guard let file = arguments.last(where: { !$0.hasPrefix("--") && Int($0) == nil }) else {
    FileHandle.standardError.write(Data("usage: digraph-bench FILE [--runs N]\n".utf8))
    exit(2)
}
let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? 5
let bytes = [UInt8](FileManager.default.contents(atPath: file) ?? Data())

func median(_ label: String, _ body: () -> Void) {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    samples.sort()
    print(label.padding(toLength: 28, withPad: " ", startingAt: 0) + String(format: "%10.1f ms", samples[samples.count / 2]))
}

if arguments.contains("--swift") {
    let files = SwiftSourceFiles.list([file]).files
    let texts = files.map { String(decoding: FileManager.default.contents(atPath: $0) ?? Data(), as: UTF8.self) }
    median("list and read files") {
        for path in SwiftSourceFiles.list([file]).files { _ = FileManager.default.contents(atPath: path) }
    }
    median("parse only (one core)") { for text in texts { _ = Parser.parse(source: text) } }
    median("import (from text)") { _ = SwiftImporter.run(sources: zip(files, texts).map { ($0, $1, nil) }) }
    let imported = SwiftImporter.run(sources: zip(files, texts).map { ($0, $1, nil) })
    median("write yaml") { _ = imported.written(as: .yaml, command: "bench") }
    print("files: \(files.count), registrations: \(imported.manifest.registrations.count)")
    exit(0)
}
median("yams compose only") { _ = try? Yams.compose(yaml: String(decoding: bytes, as: UTF8.self)) }
median("parse") { _ = try? ManifestLoader.parseDocument(bytes: bytes, file: file) }
median("load (parse+decode+link)") { _ = ManifestLoader.load(sources: [(file, bytes)]) }
guard let graph = ManifestLoader.load(sources: [(file, bytes)]).graph else {
    print("the file does not load")
    exit(1)
}
for rule in RuleCatalog.rules {
    median("  " + rule.description.code.rawValue) { _ = rule.init().check(graph) }
}
median("all rules (side by side)") { _ = RuleCatalog.check(graph) }
median("check (load + all rules)") {
    if let graph = ManifestLoader.load(sources: [(file, bytes)]).graph { _ = RuleCatalog.check(graph) }
}
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print("registrations: \(graph.registrations.count), peak RSS: \(usage.ru_maxrss / 1024) MB (whole run)")
