import DigraphCore

/// Runtime arguments that do not line up: a dependency that does not pass what its target takes
/// (Swinject's `resolve` returns nil), a reference to an argument nobody declared, or a declared
/// argument nobody uses.
public struct ArgumentMismatchRule: Rule {
    public static let description = RuleDescription(
        code: .argumentMismatch, severity: .error,
        summary: "Runtime arguments that are not passed as declared, name no declared argument, or (warning) are never used.",
        rationale: "A registration that takes runtime arguments can only be resolved with exactly those arguments (count and types, in order); Swinject answers any other call with nil. Lazy edges are exempt from the count, since their closure takes the arguments when called.",
        triggering: [
            RuleExample("""
            version: 1
            registrations:
              - provides: HistoryViewController
                arguments:
                  date: Date
                  window: UIWindow?
                dependencies:
                  viewModel: { type: HistoryViewModel, arguments: [date] }
                  day: { argument: dte }
              - provides: HistoryViewModel
                arguments:
                  date: Date
                  history: History?
                dependencies:
                  date: { argument: date }
                  history: { argument: history }
            """, expect: [
                """
                6:7: warning: runtime argument 'window' of 'HistoryViewController' is never used: no parameter takes it and no dependency is passed it [argument-mismatch]
                """,
                """
                8:7: error: 'HistoryViewModel' takes runtime arguments (date: Date, history: History?), but parameter 'viewModel' of 'HistoryViewController' passes (date: Date) [argument-mismatch]
                  12:7: note: 'HistoryViewModel' declares its arguments here
                """,
                "9:24: error: parameter 'day' of 'HistoryViewController' takes runtime argument 'dte', which 'HistoryViewController' does not declare (did you mean 'date'?) [argument-mismatch]",
            ]),
        ],
        nonTriggering: [
            """
            version: 1
            registrations:
              - provides: MainCoordinator
                arguments:
                  window: UIWindow?
                dependencies:
                  window: { argument: window }
                  home: { type: HomeCoordinator, arguments: [window] }
                  detail: { type: DetailViewModel, lazy: true }
              - provides: HomeCoordinator
                arguments:
                  window: UIWindow?
                dependencies:
                  _: { argument: window }
              - provides: DetailViewModel
                arguments:
                  id: Int
                dependencies:
                  id: { argument: id }
            """,
        ])

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (index, registration) in graph.registrations.enumerated() {
            var used = Set<String>()
            func resolveArgument(_ label: Located<String>, for parameter: Dependency) -> Argument? {
                if let argument = registration.argument(named: label.value) {
                    used.insert(label.value)
                    return argument
                }
                diagnostics.append(Diagnostic(
                    .argumentMismatch, .error,
                    "parameter '\(parameter.label.value)' of \(graph.named(index)) takes runtime argument '\(label.value)', which \(graph.named(index)) does not declare"
                        + didYouMean(label.value, in: registration.arguments.map(\.label.value)),
                    at: label.location,
                    subject: .edge(from: graph.binding(of: index), label: parameter.label.value, to: BindingKey(key: "argument \(label.value)", name: nil))))
                return nil
            }

            for (position, dependency) in registration.dependencies.enumerated() {
                switch dependency.source {
                case .argument(let label):
                    _ = resolveArgument(label, for: dependency)
                case .service(_, _, let isLazy, let passing):
                    let passed = passing.map { resolveArgument($0, for: dependency) }
                    guard !isLazy, passed.allSatisfy({ $0 != nil }),
                          let target = graph.edge(from: index, dependency: position).target else { continue }
                    let builder = graph.forwardingTarget(of: target)
                    let expected = graph.registrations[builder].arguments
                    let given = passed.compactMap { $0 }
                    guard expected.map(\.type.key) != given.map(\.type.key) else { continue }
                    diagnostics.append(Diagnostic(
                        .argumentMismatch, .error,
                        "\(graph.named(builder)) takes runtime arguments \(signature(expected)), but parameter '\(dependency.label.value)' of \(graph.named(index)) passes \(signature(given))",
                        at: dependency.location,
                        notes: [Note("\(graph.named(builder)) declares its arguments here",
                                     at: expected.first?.label.location ?? graph.registrations[builder].location)],
                        subject: graph.subject(of: graph.edge(from: index, dependency: position))))
                }
            }
            for argument in registration.arguments where !used.contains(argument.label.value) {
                diagnostics.append(Diagnostic(
                    .argumentMismatch, .warning,
                    "runtime argument '\(argument.label.value)' of \(graph.named(index)) is never used: no parameter takes it and no dependency is passed it",
                    at: argument.label.location,
                    subject: .edge(from: graph.binding(of: index), label: argument.label.value, to: BindingKey(key: "unused argument", name: nil))))
            }
        }
        return diagnostics
    }

    private func signature(_ arguments: [Argument]) -> String {
        arguments.isEmpty ? "none" : "(" + arguments.map { "\($0.label.value): \($0.type.key)" }.joined(separator: ", ") + ")"
    }
}
