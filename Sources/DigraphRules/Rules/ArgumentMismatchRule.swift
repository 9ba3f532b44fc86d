import DigraphCore

/// Runtime arguments that do not line up: a dependency that does not pass what its target takes
/// (Swinject's `resolve` returns nil), a reference to an argument nobody declared, or a declared
/// argument nobody uses.
public struct ArgumentMismatchRule: Rule {
    public static let description = RuleDescription(
        code: .argumentMismatch, severity: .error,
        summary: "Runtime arguments that are not passed as declared, name no declared argument, or (warning) are never used.",
        rationale:
            "A registration that takes runtime arguments can only be resolved with exactly those arguments (count and types, in order); Swinject answers any other call with nil. Lazy edges are exempt from the count, since their closure takes the arguments when called.",
        triggering: [
            RuleExample(
                """
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
                """,
                expect: [
                    """
                    6:7: warning: runtime argument 'window' of 'HistoryViewController' is never used: no parameter takes it and no dependency is passed it [argument-mismatch]
                    """,
                    """
                    8:7: error: 'HistoryViewModel' takes runtime arguments (date: Date, history: History?), but parameter 'viewModel' of 'HistoryViewController' passes (date: Date) [argument-mismatch]
                      12:7: note: 'HistoryViewModel' declares its arguments here
                    """,
                    "9:24: error: parameter 'day' of 'HistoryViewController' takes runtime argument 'dte', which 'HistoryViewController' does not declare (did you mean 'date'?) [argument-mismatch]",
                ]),
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: ScanResult
                    arguments:
                      code: String
                    dependencies:
                      code: { argument: code }
                  - provides: Report
                    arguments:
                      reason: Reason
                    dependencies:
                      reason: { argument: reason }
                resolves:
                  - { type: ScanResult, arguments: [] }
                  - { type: Report, arguments: [Int] }
                """,
                expect: [
                    """
                    14:13: error: 'ScanResult' takes runtime arguments (code: String), but this resolve passes none: Swinject returns nil for it, and a `!` on it crashes; pass them with `argument:` or `arguments:` [argument-mismatch]
                      5:7: note: 'ScanResult' declares its arguments here
                    """,
                    """
                    15:13: error: this resolve passes 'Int' as runtime argument 1 of 'Report', which takes 'reason: Reason': Swinject returns nil for it, and a `!` on it crashes [argument-mismatch]
                      10:7: note: 'Report' declares its arguments here
                    """,
                ]),
            // A property set after construction passes arguments as a parameter does.
            RuleExample(
                """
                version: 1
                registrations:
                  - provides: DetailViewController
                    arguments:
                      id: UUID
                    properties:
                      reactor: { type: DetailReactor, arguments: [id, id] }
                  - provides: DetailReactor
                    arguments:
                      id: UUID
                    dependencies:
                      id: { argument: id }
                """,
                expect: [
                    """
                    7:7: error: 'DetailReactor' takes runtime arguments (id: UUID), but property 'reactor' of 'DetailViewController' passes (id: UUID, id: UUID) [argument-mismatch]
                      10:7: note: 'DetailReactor' declares its arguments here
                    """
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
            // The argument is used: the property passes it on.
            """
            version: 1
            registrations:
              - provides: DetailViewController
                arguments:
                  id: UUID
                properties:
                  reactor: { type: DetailReactor, arguments: [id] }
              - provides: DetailReactor
                arguments:
                  id: UUID
                dependencies:
                  id: { argument: id }
            """,
            // `Core.Profile` and `Profile` may be one declaration: spellings alone do not prove a mismatch.
            """
            version: 1
            registrations:
              - provides: ProfileViewer
                arguments:
                  profile: Profile
                dependencies:
                  profile: { argument: profile }
            resolves:
              - { type: ProfileViewer, arguments: [Core.Profile] }
            """,
        ])

    public init() {}

    public func check(_ graph: DependencyGraph) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (index, registration) in graph.registrations.enumerated() {
            var used = Set<String>()
            func resolveArgument(_ label: Located<String>, for parameter: Dependency, role: String, edge: Edge.ID) -> Argument? {
                if let argument = registration.argument(named: label.value) {
                    used.insert(label.value)
                    return argument
                }
                diagnostics.append(
                    Diagnostic(
                        .argumentMismatch, .error,
                        "\(role) '\(parameter.label.value)' of \(graph.named(index)) takes runtime argument '\(label.value)', which \(graph.named(index)) does not declare"
                            + didYouMean(label.value, in: registration.arguments.map(\.label.value)),
                        at: label.location,
                        subject: .edge(
                            from: graph.binding(of: index), label: parameter.label.value, to: BindingKey(key: "argument \(label.value)", name: nil),
                            at: .dependency(edge)))
                )
                return nil
            }

            // A property set after construction passes arguments as a parameter does.
            // A service dependency has an edge in the graph; an argument passed straight on has none.
            let parameters = registration.dependencies.indices.map { position in
                (registration.dependencies[position], "parameter", Edge.Kind.dependency(index: position), { graph.edge(from: index, dependency: position) })
            }
            let properties = registration.properties.indices.map { position in
                (registration.properties[position], "property", Edge.Kind.property(index: position), { graph.edge(from: index, property: position) })
            }
            for (dependency, role, kind, serviceEdge) in parameters + properties {
                let place = Edge.ID(from: index, kind: kind)
                switch dependency.source {
                case .argument(let label):
                    _ = resolveArgument(label, for: dependency, role: role, edge: place)
                case .service(_, _, let isLazy, let passing):
                    let passed = passing.map { resolveArgument($0, for: dependency, role: role, edge: place) }
                    let edge = serviceEdge()
                    guard !isLazy, passed.allSatisfy({ $0 != nil }), let target = edge.target else { continue }
                    let builder = graph.forwardingTarget(of: target)
                    let expected = graph.registrations[builder].arguments
                    let given = passed.compactMap { $0 }
                    let unread = dependency.unreadArguments
                    // What the importer could not read is no fact: then only the count is compared.
                    let matches =
                        unread > 0
                        ? given.count + unread == expected.count
                        : expected.count == given.count && zip(expected, given).allSatisfy { $0.type.isSameType(as: $1.type) != false }
                    guard !matches else { continue }
                    diagnostics.append(
                        Diagnostic(
                            .argumentMismatch, .error,
                            "\(graph.named(builder)) takes runtime arguments \(signature(expected)), but \(role) '\(dependency.label.value)' of \(graph.named(index)) passes \(signature(given))"
                                + (unread == 0 ? "" : " and \(unread) more digraph could not read"),
                            at: dependency.location,
                            notes: [
                                Note(
                                    "\(graph.named(builder)) declares its arguments here",
                                    at: expected.first?.label.location ?? graph.registrations[builder].location)
                            ],
                            subject: graph.subject(of: edge)))
                }
            }
            for (position, argument) in registration.arguments.enumerated() where !used.contains(argument.label.value) && !argument.isUsedByFactoryCode {
                diagnostics.append(
                    Diagnostic(
                        .argumentMismatch, .warning,
                        "runtime argument '\(argument.label.value)' of \(graph.named(index)) is never used: no parameter takes it and no dependency is passed it",
                        at: argument.label.location,
                        subject: .edge(
                            from: graph.binding(of: index), label: argument.label.value, to: BindingKey(key: "unused argument", name: nil),
                            at: .argument(of: index, position: position))))
            }
        }
        diagnostics += callSites(graph)
        return diagnostics
    }

    /// App code's own resolves, where the call says what it passes (`resolve(X.self, argument: 42)`).
    private func callSites(_ graph: DependencyGraph) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (index, resolve) in graph.resolves.enumerated() {
            guard let passed = resolve.use.arguments, let target = resolve.target else { continue }
            let builder = graph.forwardingTarget(of: target)
            let expected = graph.registrations[builder].arguments
            let note = [
                Note("\(graph.named(builder)) declares its arguments here", at: expected.first?.label.location ?? graph.registrations[builder].location)
            ]
            let subject = graph.subject(ofResolve: index)
            if passed.count != expected.count {
                let given = passed.isEmpty ? "none" : "(" + passed.map { $0?.key ?? "_" }.joined(separator: ", ") + ")"
                diagnostics.append(
                    Diagnostic(
                        .argumentMismatch, .error,
                        "\(graph.named(builder)) takes runtime arguments \(signature(expected)), but this resolve passes \(given): Swinject returns nil for it"
                            + (passed.isEmpty ? ", and a `!` on it crashes; pass them with `argument:` or `arguments:`" : ", and a `!` on it crashes"),
                        at: resolve.use.location, notes: note, subject: subject))
                continue
            }
            for (position, (given, declared)) in zip(passed, expected).enumerated() {
                // Only a difference the spellings prove: not `Core.Profile` against `Profile`, nor a placeholder.
                guard let given, given.key != declared.type.lookupKey, given.isSameType(as: declared.type) == false else { continue }
                diagnostics.append(
                    Diagnostic(
                        .argumentMismatch, .error,
                        "this resolve passes '\(given.key)' as runtime argument \(position + 1) of \(graph.named(builder)), which takes '\(declared.label.value): \(declared.type.key)': Swinject returns nil for it, and a `!` on it crashes",
                        at: resolve.use.location, notes: note, subject: subject))
            }
        }
        return diagnostics
    }

    private func signature(_ arguments: [Argument]) -> String {
        arguments.isEmpty ? "none" : "(" + arguments.map { "\($0.label.value): \($0.type.key)" }.joined(separator: ", ") + ")"
    }
}
