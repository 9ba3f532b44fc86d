import DigraphCore
import SwiftSyntax

/// What one registration's factory (a Swinject closure, a hand-rolled closure or an eager instance)
/// says about the value: how it is built, what it resolves and where, what it could not read.
struct ClosureReading {
    struct Item {
        enum Source {
            case service(type: String, name: String?, isLazy: Bool, isOptional: Bool, passing: [String])
            case argument(String)
        }
        var label: String
        var source: Source
        var location: DigraphCore.SourceLocation
        /// Resolved by the registering code, not by the factory: what a miss does at launch.
        var eager: EagerMiss? = nil
        /// Findings not to report on this edge, and why (the compiler already checks it).
        var suppressions: [Suppression] = []
        /// Runtime arguments passed that are expressions, not the registration's own: left out.
        var unreadArguments = 0
        /// Other resolves of the same key this edge stands for (a holder's methods looking the key up
        /// in several places): read, and counted as read, but one edge.
        var alsoAt: [DigraphCore.SourceLocation] = []

        /// The key a service edge looks up, its name included (`Store|cache`); nil for an argument.
        var serviceKey: String? {
            guard case .service(let type, let name, _, _, _) = source else { return nil }
            return Self.key(type, name)
        }

        /// A service edge looked up later, not as the value is built.
        var isLazy: Bool {
            guard case .service(_, _, let isLazy, _, _) = source else { return false }
            return isLazy
        }

        static func key(_ type: String, _ name: String?) -> String { "\(type)|\(name ?? "")" }
    }

    var implementation: String?
    /// The app's types the factory builds besides its product (a value passed to the product's
    /// initializer, a local): what building each resolves is the registration's too. Lazy when
    /// built inside a closure of the factory's, which runs when that closure is called.
    var builtInline: [(type: String, isLazy: Bool)] = []
    /// The app's static members the factory runs (`{ Favoriter.forProd }`, `Screen(model: Model.make())`):
    /// what their bodies resolve is the registration's too, lazily when run inside a closure of its own.
    var staticMembersRun: [(type: String, member: String, isLazy: Bool)] = []
    /// The argument labels of the initializer call that builds it (`SearchViewModel(store:)`).
    var constructionLabels: [String?]?
    var factory: String?
    var isolation: String?
    var dependencies: [Item] = []
    /// Resolves read in a helper the factory calls: the registration's, not the app's own.
    var resolvedInHelpers: [DigraphCore.SourceLocation] = []
    /// Resolves under a name digraph cannot read (`r.resolve(Screen.self, name: name)`), left out:
    /// which of the type's registrations each reaches is known only when the app runs.
    var resolvesUnderUnreadNames: [(type: String, location: DigraphCore.SourceLocation)] = []
    var properties: [Item] = []
    var aliasOf: (type: String, name: String?, location: DigraphCore.SourceLocation)?
    var isSupplied = false
    /// A value made by a method of a resolved object: no implementation to name.
    var isMadeByObject = false
    /// The factory's product could not be read: the implementation is a placeholder, never the key.
    var isUnread = false
    /// The product was read in full though a manifest cannot hold it (a constant, `5`, `.iso8601`; a
    /// collection of resolves), and an info said so.
    var isReadInFull = false
    /// The runtime arguments the factory's own code names (a property set from one, a `switch` on
    /// one, a value built in place): used, though the manifest may not record how.
    var argumentsNamed: Set<String> = []
    /// Comment lines for the manifest (what was recognized that a reader should know).
    var notes: [String] = []
    var findings: [Diagnostic] = []
    /// Parameters given a value a static member of the app makes (`serviceName:
    /// Module.storageName()`): a warning when running the member resolves something (its resolves
    /// become this registration's), else an info; decided once every type's code is read.
    var staticValues: [(type: String, member: String, ifResolves: Diagnostic, ifNot: Diagnostic)] = []
}

/// What the registering code did before a `register` call, outermost first.
enum OuterStatement {
    case statement(CodeBlockItemSyntax)
    /// The conditions of an `if` whose body holds the call.
    case ifConditions(ConditionElementListSyntax)
}

extension Syntax {
    func ancestorOrSelf(where matches: (Syntax) -> Bool) -> Syntax? {
        var current: Syntax? = self
        while let node = current {
            if matches(node) { return node }
            current = node.parent
        }
        return nil
    }
}

/// Parameter labels made unique (`store`, `store2`, `store3`) in time linear in their number: a
/// call with 100,000 arguments must not compare each with all the others.
struct UniqueLabels {
    private var taken = Set<String>()
    private var counted = 0
    private var nextNumber: [String: Int] = [:]

    /// `label`, or `label` with the first free number, among the items' labels (read as they grow).
    mutating func unique(_ label: String, among items: [ClosureReading.Item]) -> String {
        while counted < items.count {
            taken.insert(items[counted].label)
            counted += 1
        }
        guard taken.contains(label) else { return label }
        var number = nextNumber[label] ?? 2
        while taken.contains("\(label)\(number)") { number += 1 }
        nextNumber[label] = number + 1
        return "\(label)\(number)"
    }
}
