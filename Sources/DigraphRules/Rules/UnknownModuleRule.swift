import DigraphCore

/// A module name that no `modules` entry declares: usually a typo that silently exempts the
/// registration from layer checks.
public struct UnknownModuleRule: Rule {
    public static let description = RuleDescription(
        code: .unknownModule, severity: .error,
        summary: "A registration, interface or dependsOn names an undeclared module.",
        rationale:
            "When a manifest declares `modules`, every module named anywhere must be one of them; otherwise a typo silently exempts the registration from the layer rules.",
        triggering: [
            RuleExample(
                """
                version: 1
                modules:
                  Domain: {}
                  Data: { dependsOn: [Domian] }
                interfaces:
                  UserRepositoryProtocol: { module: Domian }
                registrations:
                  - provides: UserRepository
                    module: Dta
                """,
                expect: [
                    "4:23: error: module 'Domian' is not declared in 'modules' (did you mean 'Domain'?) [unknown-module]",
                    "6:37: error: module 'Domian' is not declared in 'modules' (did you mean 'Domain'?) [unknown-module]",
                    "9:13: error: module 'Dta' is not declared in 'modules' (did you mean 'Data'?) [unknown-module]",
                ])
        ],
        nonTriggering: [
            """
            version: 1
            registrations:
              - provides: UserRepository
                module: Data
            """
        ])

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        guard let modules = graph.modules else { return [] }
        // Each name with who names it (for the finding's subject).
        var named: [(module: Located<String>, owner: String, place: Place?)] = modules.keys.sorted().flatMap { name in
            modules[name]!.dependsOn.map { ($0, "module \(name)", nil) }
        }
        named += graph.interfaces.keys.sorted().compactMap { key in graph.interfaces[key]!.module.map { ($0, "interface \(key)", nil) } }
        named += graph.registrations.enumerated().compactMap { index, registration in
            registration.module.map { ($0, "registration \(registration.displayName)", .registration(index)) }
        }
        let declared = modules.keys.sorted()
        return named.filter { modules[$0.module.value] == nil }.map { module, owner, place in
            Diagnostic(
                .unknownModule, .error,
                "module '\(module.value)' is not declared in 'modules'" + didYouMean(module.value, in: declared),
                at: module.location, subject: .module(module.value, namedBy: owner, at: place))
        }
    }
}
