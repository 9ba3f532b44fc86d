import DigraphCore

/// A dependency that crosses module boundaries against the declared layering (a Presentation type
/// reaching into Data instead of going through Domain).
public struct LayerViolationRule: Rule {
    public static let description = RuleDescription(
        code: .layerViolation, severity: .error,
        summary: "A dependency crosses modules against the `modules` rules.",
        rationale:
            "A registration in module M may use a key of module N only when N is M or reachable from M through dependsOn. A key's module is its interface's module, else its provider's; keys with no module are framework types and always allowed.",
        triggering: [
            RuleExample(
                """
                version: 1
                modules:
                  Domain: {}
                  Data: { dependsOn: [Domain] }
                  Presentation: { dependsOn: [Domain] }
                interfaces:
                  IssueRepositoryProtocol: { module: Domain }
                registrations:
                  - provides: IssueListViewModel
                    module: Presentation
                    dependencies:
                      repository: IssueRepository
                      reading: IssueRepositoryProtocol
                  - provides: [IssueRepository, IssueRepositoryProtocol]
                    implementation: IssueRepository
                    module: Data
                """,
                expect: [
                    "12:7: error: 'IssueListViewModel' in module Presentation depends on 'IssueRepository' of module Data, but Presentation may depend only on Domain; depend on an interface of an allowed module instead (declare it under `interfaces:`), or add Data to Presentation's dependsOn if this dependency is intended [layer-violation]"
                ])
        ],
        nonTriggering: [
            """
            version: 1
            external: [URLSession]
            modules:
              Domain: {}
              App: { dependsOn: [Presentation] }
              Presentation: { dependsOn: [Domain] }
            registrations:
              - provides: AppCoordinator
                module: App
                dependencies:
                  useCase: LoginUseCase
                  session: URLSession
              - provides: LoginUseCase
                module: Domain
            """
        ],
        inSwift: [
            (
                "(declare it under `interfaces:`)",
                "(a protocol that module declares)"
            ),
            (
                "'s dependsOn if this dependency is intended",
                "'s target dependencies if this dependency is intended"
            ),
        ]
    )

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        guard let modules = graph.modules else { return [] }
        var allowed: [String: Set<String>] = [:]
        func allowedModules(from module: String) -> Set<String> {
            if let known = allowed[module] { return known }
            var seen: Set<String> = [module]
            var stack = [module]
            while let current = stack.popLast() {
                for next in modules[current]?.dependsOn ?? [] where seen.insert(next.value).inserted {
                    stack.append(next.value)
                }
            }
            allowed[module] = seen
            return seen
        }

        var diagnostics: [Diagnostic] = []
        for (index, registration) in graph.registrations.enumerated() {
            guard let module = registration.module?.value, modules[module] != nil else { continue }
            for edge in graph.edges[index] {
                guard let other = graph.module(ofKey: edge.binding, servedBy: edge.target),
                    modules[other] != nil, !allowedModules(from: module).contains(other)
                else { continue }
                let permitted = (modules[module]?.dependsOn ?? []).map(\.value)
                let rule = permitted.isEmpty ? "\(module) may depend on no other module" : "\(module) may depend only on \(permitted.joined(separator: ", "))"
                diagnostics.append(
                    Diagnostic(
                        .layerViolation, .error,
                        "\(graph.named(index)) in module \(module) depends on '\(edge.binding)' of module \(other), but \(rule); "
                            + "depend on an interface of an allowed module instead (declare it under `interfaces:`), or add \(other) to \(module)'s dependsOn if this dependency is intended",
                        at: edge.location, subject: graph.subject(of: edge)))
            }
        }
        return diagnostics
    }
}
