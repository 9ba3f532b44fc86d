import DigraphCore
import DigraphLoader
import DigraphSwiftGen
import Foundation
import Testing

/// Random valid manifests from a hostile pool of names (`HostileManifest`): the plain container
/// and the stubs compile with `-swift-version 6 -warnings-as-errors` and a program checks every
/// lifetime; the Swinject assemblies of the same seeds are built and run by
/// `SwinjectAssemblyBehaviourTests` (targets `Generative<seed>`). `scripts/fuzz-gen.sh` runs
/// hundreds of seeds through the same test and prints the seed of any failure.
@Suite(.serialized)
struct GenerativeTests {
    /// `DIGRAPH_GEN_SEEDS=1-300` (or `7,9`) widens the run; a few seeds by default.
    static let seeds: [UInt64] = {
        guard let text = ProcessInfo.processInfo.environment["DIGRAPH_GEN_SEEDS"], !text.isEmpty else { return [1, 2, 3] }
        return text.split(separator: ",").flatMap { part -> [UInt64] in
            let bounds = part.split(separator: "-").compactMap { UInt64($0) }
            return bounds.count == 2 ? Array(bounds[0]...bounds[1]) : bounds
        }
    }()

    /// Loads the manifest a seed gives (it must check clean of errors) and plans it.
    static func plan(_ manifest: HostileManifest) throws -> GenerationPlan {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-generative-\(manifest.seed)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hostile.yaml")
        try manifest.yaml.write(to: file, atomically: true, encoding: .utf8)
        let loaded = ManifestLoader.load(files: [file.path])
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        guard let graph = loaded.graph, errors.isEmpty else {
            throw GenerativeFailure(seed: manifest.seed, detail: "the manifest does not check clean:\n\(errors)\n\(manifest.yaml)")
        }
        do { return try GenerationPlan(graph: graph) } catch {
            throw GenerativeFailure(seed: manifest.seed, detail: "\(error)\n\(manifest.yaml)")
        }
    }

    struct GenerativeFailure: Error, CustomStringConvertible {
        var seed: UInt64
        var detail: String
        var description: String { "seed \(seed): \(detail)" }
    }

    /// The value each supplied registration is given, by key.
    static func suppliedValue(_ key: String) -> String {
        switch key {
        case "(Int) -> String": return "{ \"#\\($0)\" }"
        case "[String: Int]": return "[\"one\": 1]"
        case "Int?": return "nil"
        default: return "\(key)()"
        }
    }

    /// The container's initializer arguments, in declaration order.
    static func initializerArguments(_ manifest: HostileManifest, _ plan: GenerationPlan) -> String {
        manifest.entries.filter { $0.shape == .supplied }.map { entry in
            "\(plan.accessor(for: BindingKey(key: plan.graph.registrations.first { $0.provides[0].writtenSpelling == entry.keys[0] }!.provides[0].key, name: nil))): \(suppliedValue(entry.keys[0]))"
        }.joined(separator: ", ")
    }

    static func key(_ written: String) -> String {
        (try? TypeExpressionParser.parse(written))?.key ?? written
    }

    /// The behaviour program for the plain container.
    static func plainProgram(_ manifest: HostileManifest, _ plan: GenerationPlan) -> String {
        let checks = manifest.checks { written, name, arguments in
            let accessor = SwiftNaming.escaped(plan.accessor(for: BindingKey(key: key(written), name: name)))
            return "c.\(accessor)(\(arguments.map { "\($0.label): \($0.value)" }.joined(separator: ", ")))"
        }
        return GeneratedCodeRunner.checks + """
            let c = \(manifest.container)(\(initializerArguments(manifest, plan)))
            \(checks.main)
            @DataActor func dataActorChecks(_ c: \(manifest.container)) {
            \(checks.dataActor)
            }
            await dataActorChecks(c)
            exit(failures == 0 ? 0 : 1)

            """ + dataActorDeclaration(plan)
    }

    /// The behaviour program for the Swinject assemblies: the same checks through `resolve`.
    static func swinjectProgram(_ manifest: HostileManifest, _ plan: GenerationPlan) -> String {
        let checks = manifest.checks { written, name, arguments in
            let type = (try? TypeExpressionParser.parse(written)) ?? .nominal([.init(written)])
            let values = arguments.map { "\($0.value)" }
            let passing = values.isEmpty ? "" : values.count == 1 ? ", argument: \(values[0])" : ", arguments: \(values.joined(separator: ", "))"
            return "c.resolve(\(plan.naming.metatype(type))\(passing))!"
        }
        return "import Swinject\n" + GeneratedCodeRunner.checks + """
            nonisolated(unsafe) let c = Swinject.Container()
            _ = Assembler([Hostile\(manifest.seed)Assembly(\(initializerArguments(manifest, plan)))], container: c)
            \(checks.main)
            @DataActor func dataActorChecks() {
            \(checks.dataActor)
            }
            await dataActorChecks()
            exit(failures == 0 ? 0 : 1)

            """ + dataActorDeclaration(plan)
    }

    /// Stubs declare the actor when a registration uses it; otherwise the program does.
    static func dataActorDeclaration(_ plan: GenerationPlan) -> String {
        plan.isolation.contains("DataActor") ? "" : "@globalActor actor DataActor { static let shared = DataActor() }\n"
    }

    @Test(arguments: seeds)
    func plainContainerKeepsEveryPromise(_ seed: UInt64) throws {
        let manifest = HostileManifest(seed: seed)
        let plan = try Self.plan(manifest)
        var files = Dictionary(uniqueKeysWithValues: PlainContainerGenerator(plan: plan, sources: ["hostile.yaml"]).generateFiles().map { ($0.name, $0.text) })
        files["Stubs.swift"] = StubGenerator(plan: plan).generate()
        files["main.swift"] = Self.plainProgram(manifest, plan)
        let result = try GeneratedCodeRunner.compileAndRun(files: files, name: "generative-\(seed)")
        #expect(result.compiled, "seed \(seed): compiler said:\n\(result.compilerOutput)\n--- manifest ---\n\(manifest.yaml)")
        #expect(result.status == 0, "seed \(seed):\n\(result.output)\n--- manifest ---\n\(manifest.yaml)")
        #expect(result.output.contains("ok: "), "seed \(seed): no check ran")
    }
}
