// digraph-bench: times each stage of `digraph check` in process, the median of several runs.
//
//   digraph-bench FILE [--runs N]
//
// Prints one line per stage: parse (bytes -> located document), load (parse + decode + link),
// each rule, and the whole check. Compare figures as ratios within one run: the machine is noisy.
import DigraphLoader
import DigraphRules
import Foundation
import Yams

let arguments = Array(CommandLine.arguments.dropFirst())
guard let file = arguments.first else {
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
median("check (load + all rules)") {
    if let graph = ManifestLoader.load(sources: [(file, bytes)]).graph { _ = RuleCatalog.check(graph) }
}
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print("registrations: \(graph.registrations.count), peak RSS: \(usage.ru_maxrss / 1024) MB (whole run)")
