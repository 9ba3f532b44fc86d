import DigraphCore
import DigraphLoader
import DigraphRules
import Testing

/// Every rule's documented examples are its tests: a triggering example must produce exactly the
/// listed diagnostics (of any rule: an unexpected extra finding fails it), a non-triggering one none.
struct RuleExamplesTests {
    static let triggering: [(String, Int, RuleExample)] = RuleCatalog.rules.flatMap { rule in
        rule.description.triggering.enumerated().map { (rule.description.code.rawValue, $0.offset, $0.element) }
    }
    static let nonTriggering: [(String, Int, String)] = RuleCatalog.rules.flatMap { rule in
        rule.description.nonTriggering.enumerated().map { (rule.description.code.rawValue, $0.offset, $0.element) }
    }

    @Test(arguments: triggering)
    func triggeringExample(code: String, number: Int, example: RuleExample) throws {
        let found = try diagnostics(of: example.manifest)
        #expect(found == example.expected, "rule \(code), triggering example \(number)")
        #expect(example.expected.contains { $0.contains("[\(code)]") }, "an example of rule \(code) must trigger it")
    }

    @Test(arguments: nonTriggering)
    func nonTriggeringExample(code: String, number: Int, manifest: String) throws {
        #expect(try diagnostics(of: manifest) == [], "rule \(code), non-triggering example \(number)")
    }

    @Test func everyRuleHasBothKindsOfExample() {
        for rule in RuleCatalog.rules {
            #expect(!rule.description.triggering.isEmpty, "\(rule.description.code)")
            #expect(!rule.description.nonTriggering.isEmpty, "\(rule.description.code)")
        }
    }

    @Test func everyCodeOfTheContractHasARule() {
        let codes = Set(RuleCatalog.descriptions.map(\.code.rawValue))
        #expect(
            codes == [
                "schema", "missing-binding", "cycle", "duplicate-registration", "composition-key", "key-collision",
                "captive-dependency", "layer-violation", "unknown-module", "argument-mismatch", "unused-registration", "registration-order",
                "isolation-mismatch", "swift-import",
            ])
    }

    private func diagnostics(of manifest: String) throws -> [String] {
        let loaded = ManifestLoader.load(text: manifest)
        guard let graph = loaded.graph else {
            Issue.record("the example does not load: \(loaded.diagnostics.map(RuleExample.render))")
            return loaded.diagnostics.map(RuleExample.render)
        }
        return RuleCatalog.check(graph).map(RuleExample.render)
    }
}
