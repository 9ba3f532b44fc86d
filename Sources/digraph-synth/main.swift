// digraph-synth: writes a synthetic, valid manifest of N registrations for benchmarks and scale tests.
//
//   digraph-synth COUNT [--json] [--seed N] > manifest.yaml
//
// The graph is layered like an app (five modules, each depending on the ones below), about three
// dependencies per registration (two on the layer below, one within the layer), singletons in the lower layers, an alias every 20th registration,
// a runtime argument every 25th (reached through lazy edges) and the top layer as roots. It is
// clean (every registration is used by the layer above): `digraph check` finds nothing, so the
// whole pipeline is measured rather than the printing of findings.
import Foundation

struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        // SplitMix64: deterministic across platforms, so every run writes the same file.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard let count = arguments.first.flatMap({ Int($0) }), count > 0 else {
    FileHandle.standardError.write(Data("usage: digraph-synth COUNT [--json] [--seed N]\n".utf8))
    exit(2)
}
let asJSON = arguments.contains("--json")
let seed =
    arguments.firstIndex(of: "--seed").flatMap { arguments.index(after: $0) < arguments.endIndex ? UInt64(arguments[arguments.index(after: $0)]) : nil } ?? 42
var random = Generator(state: seed)

let layers = ["Core", "Data", "Domain", "Presentation", "App"]
func layer(of index: Int) -> Int { index * layers.count / count }

struct Dependency { var label: String; var key: String; var lazy: Bool }
struct Entry {
    var provides: String
    var implementation: String?
    var aliasOf: String?
    var lifetime: String
    var module: String
    var root: Bool
    var dependencies: [Dependency]
    var argument: Bool
}

var entries: [Entry] = []
var keysByLayer: [[(key: String, takesArgument: Bool)]] = Array(repeating: [], count: layers.count)
var roundRobin = 0
var currentLayer = 0
for index in 0..<count {
    let level = layer(of: index)
    if level != currentLayer {
        currentLayer = level
        roundRobin = 0
    }
    let takesArgument = level >= 2 && index % 25 == 0
    var dependencies: [Dependency] = []
    // Two picks walk the layer just below in turn (so every registration is used by someone), and
    // one is an earlier registration of the same layer (a use case built on another), which gives
    // the graph an app's depth.
    var picks: [(key: String, takesArgument: Bool)] = []
    if level > 0 {
        let below = keysByLayer[level - 1]
        picks += [below[roundRobin % below.count], below[(roundRobin + 1) % below.count]]
        roundRobin += 2
    }
    let sameLayer = keysByLayer[level]
    if !sameLayer.isEmpty {
        picks.append(sameLayer[Int(random.next() % UInt64(sameLayer.count))])
    }
    var chosen = Set<String>()
    for pick in picks where chosen.insert(pick.key).inserted {
        dependencies.append(Dependency(label: "dependency\(dependencies.count)", key: pick.key, lazy: pick.takesArgument))
    }
    if takesArgument { dependencies.append(Dependency(label: "id", key: "", lazy: false)) }
    let key = "Service\(index)Protocol"
    entries.append(
        Entry(
            provides: key, implementation: "Service\(index)", aliasOf: nil,
            lifetime: level <= 1 ? "singleton" : "transient", module: layers[level],
            root: level == layers.count - 1, dependencies: dependencies, argument: takesArgument))
    keysByLayer[level].append((key, takesArgument))
    if index % 20 == 0, !takesArgument, level < layers.count - 1 {
        entries.append(
            Entry(
                provides: "Alias\(index)", implementation: nil, aliasOf: key, lifetime: "transient",
                module: layers[level], root: false, dependencies: [], argument: false))
        keysByLayer[level].append(("Alias\(index)", false))
    }
}

var out = ""
out.reserveCapacity(count * 200)
if asJSON {
    out += "{\"version\": 1, \"assembly\": \"SyntheticAssembly\",\n \"modules\": {"
    out += layers.enumerated().map { "\"\($1)\": {\"dependsOn\": [" + layers[..<$0].map { "\"\($0)\"" }.joined(separator: ", ") + "]}" }.joined(separator: ", ")
    out += "},\n \"registrations\": [\n"
    out += entries.map { entry in
        var fields = ["\"provides\": \"\(entry.provides)\"", "\"module\": \"\(entry.module)\""]
        if let alias = entry.aliasOf { fields.append("\"aliasOf\": \"\(alias)\"") }
        if let implementation = entry.implementation { fields.append("\"implementation\": \"\(implementation)\"") }
        if entry.lifetime != "transient" { fields.append("\"lifetime\": \"\(entry.lifetime)\"") }
        if entry.root { fields.append("\"root\": true") }
        if entry.argument { fields.append("\"arguments\": {\"id\": \"Int\"}") }
        if !entry.dependencies.isEmpty {
            fields.append(
                "\"dependencies\": {"
                    + entry.dependencies.map { dependency in
                        dependency.key.isEmpty
                            ? "\"id\": {\"argument\": \"id\"}"
                            : dependency.lazy
                                ? "\"\(dependency.label)\": {\"type\": \"\(dependency.key)\", \"lazy\": true}"
                                : "\"\(dependency.label)\": \"\(dependency.key)\""
                    }.joined(separator: ", ") + "}")
        }
        return "  {" + fields.joined(separator: ", ") + "}"
    }.joined(separator: ",\n")
    out += "\n]}\n"
} else {
    out += "version: 1\nassembly: SyntheticAssembly\nmodules:\n"
    for (level, name) in layers.enumerated() {
        out += "  \(name): { dependsOn: [\(layers[..<level].joined(separator: ", "))] }\n"
    }
    out += "registrations:\n"
    for entry in entries {
        out += "  - provides: \(entry.provides)\n    module: \(entry.module)\n"
        if let alias = entry.aliasOf { out += "    aliasOf: \(alias)\n" }
        if let implementation = entry.implementation { out += "    implementation: \(implementation)\n" }
        if entry.lifetime != "transient" { out += "    lifetime: \(entry.lifetime)\n" }
        if entry.root { out += "    root: true\n" }
        if entry.argument { out += "    arguments:\n      id: Int\n" }
        if !entry.dependencies.isEmpty {
            out += "    dependencies:\n"
            for dependency in entry.dependencies {
                if dependency.key.isEmpty {
                    out += "      id: { argument: id }\n"
                } else if dependency.lazy {
                    out += "      \(dependency.label): { type: \(dependency.key), lazy: true }\n"
                } else {
                    out += "      \(dependency.label): \(dependency.key)\n"
                }
            }
        }
    }
}
FileHandle.standardOutput.write(Data(out.utf8))
