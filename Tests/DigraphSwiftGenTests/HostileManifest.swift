import DigraphCore
import DigraphSwiftGen

/// A random valid manifest drawn from names that have broken generated code before (capitalised
/// Swift keywords, the names of generated members, `Foo.Bar`/`Foo_Bar`/`FooBar`), with every key
/// shape, lifetime, runtime arguments, lazy edges, aliasOf chains and global actors; and, once
/// planned, programs for both targets that check what each lifetime promises.
struct HostileManifest {
    /// SplitMix64: small, seedable, the same sequence on every platform.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let typeNames = [
        "Default", "Case", "Operator", "Extension", "Repeat", "Internal", "Subscript", "Class", "Struct", "Func",
        "Return", "Guard", "Where", "Import", "Init", "Deinit", "Static", "Some", "Await", "Defer", "Inout", "Nil",
        "True", "Super", "Typealias", "Overrides", "GraphScope", "Lock", "Scope", "Override", "Instance", "Created",
        "Existing", "Build", "Inject", "Supplied", "Singleton", "Weak", "Resolver", "Assembly", "Container", "R",
        "FooBar", "Foo_Bar", "Foo.Bar", "Foo.Baz", "Ns.Overrides", "Swinject2",
    ]
    static let argumentLabels = ["existing", "instance", "container", "override", "scope", "overrides", "lock", "r", "created", "arg_x"]
    static let dependencyLabels = ["default", "for", "in", "override", "scope", "lock", "r", "instance", "value", "repeat"]

    enum Shape { case concrete, protocolKey, anyKey, generic, composition, multiKey, alias, supplied, arguments, isolated }

    struct Entry {
        var shape: Shape
        var keys: [String]
        var implementation: String?
        var lifetime: String
        var isolation: String?
        var arguments: [String] = []
        /// label -> (target entry, lazy)
        var dependencies: [(label: String, target: Int, lazy: Bool)] = []
        var aliasOf: Int?
        var suppliedType: String?
        /// A transient holder of two eager edges to a graph-scoped entry.
        var pairOf: Int?
    }

    let seed: UInt64
    private(set) var entries: [Entry] = []
    let container: String

    init(seed: UInt64) {
        self.seed = seed
        container = "Hostile\(seed)Container"
        var random = Random(state: seed)
        var names = Self.typeNames
        var counter = 0
        func fresh() -> String {
            if !names.isEmpty { return names.remove(at: random.below(names.count)) }
            counter += 1
            return "Kind\(counter)"
        }
        func lifetime(_ allowWeak: Bool) -> String {
            random.pick(allowWeak ? ["transient", "singleton", "graph", "weak"] : ["transient", "singleton", "graph"])
        }
        var suppliedLeft = ["(Int) -> String", "[String: Int]", "Int?"]
        let count = 8 + random.below(10)
        var usedGeneric = Set<String>()
        for _ in 0..<count {
            let shape: Shape = random.pick([
                .concrete, .concrete, .protocolKey, .anyKey, .generic, .composition, .multiKey,
                .alias, .supplied, .arguments, .isolated,
            ])
            var entry: Entry
            switch shape {
            case .concrete:
                entry = Entry(shape: shape, keys: [fresh()], lifetime: lifetime(true))
            case .protocolKey, .anyKey:
                let key = fresh()
                entry = Entry(
                    shape: shape, keys: [shape == .anyKey ? "any " + key : key],
                    implementation: key.replacingOccurrences(of: ".", with: "") + "Impl\(entries.count)", lifetime: lifetime(true))
            case .generic:
                guard let argument = ["Int", "String", "Double"].first(where: { !usedGeneric.contains($0) }) else { continue }
                usedGeneric.insert(argument)
                entry = Entry(shape: shape, keys: ["Repository<\(argument)>"], implementation: "\(argument)Repository", lifetime: lifetime(false))
            case .composition, .multiKey:
                let first = fresh(), second = fresh()
                let implementation = (first + second).replacingOccurrences(of: ".", with: "") + "Impl\(entries.count)"
                entry = Entry(
                    shape: shape, keys: shape == .composition ? ["\(first) & \(second)"] : [first, second], implementation: implementation,
                    lifetime: lifetime(true))
            case .alias:
                // Not to a weak value: a singleton alias would hold it, and "released" could not be checked.
                let targets = entries.indices.filter { [.protocolKey, .alias].contains(entries[$0].shape) && effectiveLifetime($0) != "weak" }
                guard let target = targets.isEmpty ? nil : random.pick(targets) else { continue }
                entry = Entry(shape: shape, keys: [fresh()], lifetime: lifetime(false), aliasOf: target)
            case .supplied:
                let type = suppliedLeft.isEmpty ? fresh() : suppliedLeft.remove(at: random.below(suppliedLeft.count))
                entry = Entry(shape: shape, keys: [type], lifetime: "transient", suppliedType: type)
            case .arguments:
                var labels = Self.argumentLabels
                let arguments = (0..<(1 + random.below(3))).map { _ in labels.remove(at: random.below(labels.count)) }
                entry = Entry(shape: shape, keys: [fresh()], lifetime: random.pick(["transient", "graph"]), arguments: arguments)
            case .isolated:
                entry = Entry(shape: shape, keys: [fresh()], lifetime: lifetime(false), isolation: random.pick(["MainActor", "DataActor"]))
            }
            // Eager edges only to earlier entries that live at least as long (no cycles, no captives);
            // lazy edges to anything built by the container.
            if [.concrete, .protocolKey, .anyKey, .composition, .multiKey, .arguments].contains(shape) {
                var labels = Self.dependencyLabels.filter { !entry.arguments.contains($0) }
                for _ in 0..<random.below(4) {
                    let lazy = random.chance(30)
                    let candidates = entries.indices.filter { index in
                        let target = entries[index]
                        guard target.shape != .supplied, target.pairOf == nil, effectiveLifetime(index) != "weak" else { return false }
                        if lazy { return true }
                        return target.isolation == nil && target.arguments.isEmpty && Self.rank(target.lifetime) >= Self.rank(entry.lifetime)
                    }
                    guard !candidates.isEmpty, !labels.isEmpty else { break }
                    let target = random.pick(candidates)
                    entry.dependencies.append((labels.remove(at: random.below(labels.count)), target, lazy))
                }
                for label in entry.arguments { entry.dependencies.append(("stored_" + label.replacingOccurrences(of: "_", with: ""), -1, false)) }
            }
            entries.append(entry)
            if entry.lifetime == "graph", entry.isolation == nil, entry.arguments.isEmpty, entry.shape != .alias {
                entries.append(Entry(shape: .concrete, keys: ["PairOf\(entries.count - 1)"], lifetime: "transient", pairOf: entries.count - 1))
            }
        }
    }

    /// What resolving an entry behaves like: a transient alias is its target; a scoped alias keeps
    /// the longer-lived of its own scope and its target's.
    func effectiveLifetime(_ index: Int) -> String {
        let entry = entries[index]
        guard let target = entry.aliasOf else { return entry.lifetime }
        let targets = effectiveLifetime(target)
        if entry.lifetime == "transient" { return targets }
        return Self.rank(targets) > Self.rank(entry.lifetime) ? targets : entry.lifetime
    }

    static func rank(_ lifetime: String) -> Int {
        ["transient": 0, "graph": 1, "weak": 2, "singleton": 3][lifetime]!
    }

    var yaml: String {
        var lines = [
            "# Generated by HostileManifest(seed: \(seed)).", "version: 1", "container: \(container)", "assembly: Hostile\(seed)Assembly", "registrations:",
        ]
        func quoted(_ text: String) -> String { "\"" + text + "\"" }
        for entry in entries {
            let keys = entry.keys.count == 1 ? quoted(entry.keys[0]) : "[" + entry.keys.map(quoted).joined(separator: ", ") + "]"
            lines.append("  - provides: \(keys)")
            if let implementation = entry.implementation {
                lines.append("    implementation: \(implementation)")
            }
            // A nested type is not "one plain type name": it names its implementation, itself.
            else if entry.shape != .supplied, entry.aliasOf == nil, entry.keys[0].contains(".") {
                lines.append("    implementation: \(entry.keys[0])")
            }
            if entry.shape == .supplied { lines.append("    supplied: true"); continue }
            lines.append("    lifetime: \(entry.lifetime)")
            if let isolation = entry.isolation { lines.append("    isolation: \(isolation)") }
            if let alias = entry.aliasOf { lines.append("    aliasOf: \(quoted(entries[alias].keys[0]))") }
            if !entry.arguments.isEmpty {
                lines.append("    arguments:")
                for label in entry.arguments { lines.append("      \(label): Int") }
            }
            if let pair = entry.pairOf {
                lines.append("    dependencies:")
                lines.append("      x: \(quoted(entries[pair].keys[0]))")
                lines.append("      y: \(quoted(entries[pair].keys[0]))")
            } else if !entry.dependencies.isEmpty {
                lines.append("    dependencies:")
                var argumentIndex = 0
                for dependency in entry.dependencies {
                    if dependency.target < 0 {
                        lines.append("      \(dependency.label): { argument: \(entry.arguments[argumentIndex]) }")
                        argumentIndex += 1
                    } else {
                        let key = quoted(entries[dependency.target].keys[0])
                        lines.append(dependency.lazy ? "      \(dependency.label): { type: \(key), lazy: true }" : "      \(dependency.label): \(key)")
                    }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What each registration's lifetime promises, checked through both targets: `access` turns a
    /// key (and argument values) into an expression that resolves it.
    func checks(resolve: (_ key: String, _ name: String?, _ arguments: [(label: String, value: Int)]) -> String) -> (main: String, dataActor: String) {
        var main: [String] = [], onDataActor: [String] = []
        for (index, entry) in entries.enumerated() where entry.shape != .supplied {
            var lines: [String] = []
            let arguments = entry.arguments.enumerated().map { ($0.element, 100 + $0.offset) }
            let first = resolve(entry.keys[0], nil, arguments)
            let tag = "\(index) \(entry.keys[0].replacingOccurrences(of: "\"", with: ""))"
            switch effectiveLifetime(index) {
            case "singleton":
                lines.append("check(\(first) === \(first), \"singleton \(tag) is one instance\")")
            case "transient":
                lines.append("check(\(first) !== \(first), \"transient \(tag) is fresh each time\")")
            case "graph":
                lines.append("check(\(first) !== \(first), \"graph \(tag) is fresh in each resolve\")")
            case "weak":
                lines.append(
                    "do { var held: AnyObject? = \(first); check(\(first) === held, \"weak \(tag) is shared while held\"); weak let gone = held; held = nil; check(gone == nil, \"weak \(tag) is released\") }"
                )
            default: break
            }
            if let pair = entry.pairOf {
                let value = resolve(entry.keys[0], nil, [])
                lines.append("do { let pair = \(value); check(pair.x === pair.y, \"graph \(pair) is shared within one resolve\") }")
            }
            for key in entry.keys.dropFirst() where entry.lifetime == "singleton" {
                lines.append("check((\(resolve(key, nil, [])) as AnyObject) === (\(first) as AnyObject), \"the keys of \(tag) share one singleton\")")
            }
            if !entry.arguments.isEmpty {
                for (position, label) in entry.arguments.enumerated() {
                    lines.append(
                        "check(\(first).stored_\(label.replacingOccurrences(of: "_", with: "")) == \(100 + position), \"argument \(label) of \(tag) arrives\")")
                }
            }
            if entry.isolation == "DataActor" { onDataActor += lines } else { main += lines }
        }
        return (main.joined(separator: "\n"), onDataActor.joined(separator: "\n"))
    }
}
