/// A type expression as written in a manifest, parsed, with its normalized key.
/// A class: it is immutable and shared by many edges and rules, so copies are one retain.
public final class TypeReference: Hashable, Sendable, CustomStringConvertible {
    /// The parsed expression as written (member order of compositions kept).
    public let expression: TypeExpression
    public let location: SourceLocation
    /// The normalized key: equal keys are the same Swift type.
    public let key: String
    /// The spelling with compositions in written order: `A & B` and `B & A` differ here, not in `key`.
    public let writtenSpelling: String

    /// The key a dependency on this type looks up: `T?` and `T!` look up `T`.
    public let lookupKey: String
    /// The type the key is made from, when it differs from the written one.
    private let keyedBy: TypeExpression?

    public convenience init(_ expression: TypeExpression, at location: SourceLocation) {
        self.init(expression, keyedBy: nil, at: location)
    }

    /// `keyExpression` is the type the key is made from when it differs from the written one
    /// (declared typealiases expanded).
    init(_ expression: TypeExpression, keyedBy keyExpression: TypeExpression?, at location: SourceLocation) {
        self.expression = expression
        self.location = location
        self.keyedBy = keyExpression
        let written = expression.normalized(sortingCompositions: false)
        self.writtenSpelling = written.spelling
        let keyed = keyExpression ?? expression
        // Sorting compositions changes nothing in a type that has none: spare the second pass.
        self.key = keyExpression != nil || written.containsComposition ? keyed.key : writtenSpelling
        self.lookupKey = keyed.isOptional ? keyed.unwrapped.key : key
    }

    public var description: String { key }

    /// The type `key` spells: normalized, declared typealiases expanded.
    public var keyExpression: TypeExpression { (keyedBy ?? expression).normalized() }

    public static func == (lhs: TypeReference, rhs: TypeReference) -> Bool {
        lhs.writtenSpelling == rhs.writtenSpelling && lhs.location == rhs.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(writtenSpelling)
        hasher.combine(location)
    }

    /// The name the importer writes for a type it could not read, for a person to fill in.
    public static let placeholder = "FILL_IN"

    /// A type the importer could not read, in whole or in part (`FILL_IN`, `[FILL_IN]`).
    public var containsPlaceholder: Bool {
        var found = false
        keyExpression.visitAll { if case .nominal(let components) = $0, components.contains(where: { $0.name == Self.placeholder }) { found = true } }
        return found
    }

    /// Whether this and `other` are one type, as far as their spellings can tell: nil when they
    /// cannot, for a placeholder, or for spellings that differ only in module or outer-type
    /// qualifiers (`Core.Profile` and `Profile` may name one declaration or two).
    public func isSameType(as other: TypeReference) -> Bool? {
        if key == other.key { return true }
        if containsPlaceholder || other.containsPlaceholder { return nil }
        if keyExpression.runtimeDescription == other.keyExpression.runtimeDescription { return nil }
        return false
    }
}

/// How long a resolved value lives; the semantics of Swinject's object scopes.
public enum Lifetime: String, Sendable, CaseIterable, Comparable {
    case transient, graph, weak, singleton

    /// True for lifetimes that keep a value beyond one resolve (and can hold a shorter-lived one captive).
    public var outlivesResolve: Bool { self == .singleton || self == .weak }

    private var rank: Int { Lifetime.allCases.firstIndex(of: self)! }
    public static func < (lhs: Lifetime, rhs: Lifetime) -> Bool { lhs.rank < rhs.rank }
}

/// One initializer parameter of a registration.
public struct Dependency: Hashable, Sendable {
    public enum Source: Hashable, Sendable {
        /// Resolved from the container by key (and name qualifier).
        case service(TypeReference, name: String?, isLazy: Bool, passing: [Located<String>])
        /// The value of one of the registration's own runtime arguments.
        case argument(Located<String>)
    }

    /// The parameter label; a label starting with `_` is an unlabeled parameter.
    public var label: Located<String>
    public var source: Source
    /// Codes whose findings on this edge are not reported.
    public var suppressions: [Suppression]
    /// Resolved when the holder is registered, not when it is resolved (`eager: true`): a value
    /// built in the `register` call, or resolved by the registering code and captured.
    public var isEager: Bool
    /// What the registering code does when an eager resolve finds nothing, where Swift sources say
    /// it (a manifest does not): rules then name the outcome instead of listing the possible ones.
    public var whenMissing: EagerMiss?
    /// How many runtime arguments the resolve passes that the importer could not read (an
    /// expression, not one of the registration's own arguments): they are left out of `passing`,
    /// so the argument check compares only the count, never the types.
    public var unreadArguments: Int

    public init(
        label: Located<String>, source: Source, suppressions: [Suppression] = [], isEager: Bool = false,
        whenMissing: EagerMiss? = nil, unreadArguments: Int = 0
    ) {
        self.label = label
        self.source = source
        self.suppressions = suppressions
        self.isEager = isEager
        self.whenMissing = whenMissing
        self.unreadArguments = unreadArguments
    }

    public var isUnlabeled: Bool { label.value.hasPrefix("_") }
    public var location: SourceLocation { label.location }

    /// The type this dependency resolves, when it is a service.
    public var service: TypeReference? {
        if case .service(let type, _, _, _) = source { return type }
        return nil
    }

    public var isLazy: Bool {
        if case .service(_, _, let isLazy, _) = source { return isLazy }
        return false
    }
}

/// What happens at launch when a value resolved by the registering code is not registered yet.
public enum EagerMiss: Hashable, Sendable {
    /// The container's `fatalError`, a `precondition` or a force unwrap: the app stops.
    case stops
    /// `guard let … else { return }`: the registering function returns, skipping what follows it.
    case skipsRest
    /// An optional resolve or an `if let`: the value is nil, or what the `if` guards is skipped.
    case givesNil
}

/// A runtime argument a registration takes at resolve time.
public struct Argument: Hashable, Sendable {
    public var label: Located<String>
    public var type: TypeReference
    /// Read from Swift: the factory's own code uses it in a way a manifest does not record (a
    /// property set from it, a `switch` on it), so it is not "never used". Never set by a manifest file.
    public var isUsedByFactoryCode: Bool

    public init(label: Located<String>, type: TypeReference, isUsedByFactoryCode: Bool = false) {
        self.label = label
        self.type = type
        self.isUsedByFactoryCode = isUsedByFactoryCode
    }
}

/// One registration. A class: immutable once loaded and read by every rule, so it is shared, not copied.
public final class Registration: Sendable {
    /// How the value comes to be: built, forwarded to another key, or supplied.
    public enum Provision: Hashable, Sendable {
        /// Built by the container from `implementation` (its initializer, or `factory`).
        case built(implementation: TypeReference?)
        /// Resolving the key resolves another one (`aliasOf`), with that one's name qualifier: a
        /// Factory key forwarding to another container property, a Swinject `resolve(T.self, name:)`.
        case alias(of: TypeReference, name: Located<String>?)
        /// Handed to the container when it is created; nothing constructs it.
        case supplied
    }

    /// The keys this registration answers to (one instance for all of them).
    public let provides: [TypeReference]
    public let provision: Provision
    /// Supplied and eager values live as long as the container: their lifetime is singleton,
    /// whatever was asked (the manifest's reader says so where a file asks otherwise).
    public let lifetime: Lifetime
    public let name: Located<String>?
    public let module: Located<String>?
    public let factory: Located<String>?
    public let isRoot: Bool
    public let isolation: TypeReference?
    public let dependencies: [Dependency]
    /// Set after the initializer returns (`initCompleted`, `instance.delegate = …`), in order.
    /// Only service sources: a property is never a runtime argument.
    public let properties: [Dependency]
    public let arguments: [Argument]
    /// Codes whose findings on this registration or its own edges are not reported.
    public let suppressions: [Suppression]
    /// Built when it is registered (`eager: true`): every dependency is resolved then, in
    /// registration order, and the one value lives as long as the container. Only what is built.
    public let isEager: Bool
    /// Read from Swift as `register(Generic.self)` where Swift infers the generic arguments from
    /// the factory: it answers uses of the specializations (`Generic<RunLoop>`) too. Never set by
    /// a manifest file, whose keys are exact.
    public let answersSpecializations: Bool
    /// Read from Swift: registered inside a closure that runs later than the code around it (a
    /// route builder's closure, `DispatchQueue.main.async { … }`), so where it stands against the
    /// other registrations is not known, only that it comes after the code that runs at once. Never
    /// set by a manifest file, whose order is its own.
    public let isDeferred: Bool
    /// Read from Swift: registered under a name digraph could not read (`name: kind.rawValue`), so
    /// imported without one: a named use of its key may be served by it. Never set by a manifest file.
    public let isNameUnread: Bool
    /// Where the registration starts (its `-` item).
    public let location: SourceLocation
    /// The assembly (file) this registration came from.
    public let assembly: String

    public init(
        provides: [TypeReference], provision: Provision = .built(implementation: nil), lifetime: Lifetime = .transient,
        name: Located<String>? = nil, module: Located<String>? = nil, factory: Located<String>? = nil,
        isRoot: Bool = false, isolation: TypeReference? = nil, dependencies: [Dependency] = [],
        properties: [Dependency] = [], arguments: [Argument] = [],
        suppressions: [Suppression] = [], isEager: Bool = false, answersSpecializations: Bool = false, isDeferred: Bool = false,
        isNameUnread: Bool = false, location: SourceLocation, assembly: String
    ) {
        let isBuilt = if case .built = provision { true } else { false }
        self.provides = provides
        self.provision = provision
        self.isEager = isEager && isBuilt
        self.lifetime = provision == .supplied || self.isEager ? .singleton : lifetime
        self.name = name
        self.module = module
        self.factory = factory
        self.isRoot = isRoot
        self.isolation = isolation
        self.dependencies = dependencies
        self.properties = properties
        self.arguments = arguments
        self.suppressions = suppressions
        self.answersSpecializations = answersSpecializations
        self.isDeferred = isDeferred
        self.isNameUnread = isNameUnread
        self.location = location
        self.assembly = assembly
    }

    /// A copy with some fields replaced; every other field is carried over (a new field is added
    /// here once, not at every place that copies a registration).
    public func with(
        provides: [TypeReference]? = nil, provision: Provision? = nil, dependencies: [Dependency]? = nil, properties: [Dependency]? = nil,
        arguments: [Argument]? = nil
    ) -> Registration {
        Registration(
            provides: provides ?? self.provides, provision: provision ?? self.provision, lifetime: lifetime, name: name, module: module,
            factory: factory, isRoot: isRoot, isolation: isolation, dependencies: dependencies ?? self.dependencies,
            properties: properties ?? self.properties, arguments: arguments ?? self.arguments, suppressions: suppressions, isEager: isEager,
            answersSpecializations: answersSpecializations, isDeferred: isDeferred, isNameUnread: isNameUnread, location: location,
            assembly: assembly)
    }

    /// The concrete type built; nil for `aliasOf` and `supplied` registrations.
    public var implementation: TypeReference? {
        if case .built(let implementation) = provision { implementation } else { nil }
    }

    /// The key resolving this one resolves instead.
    public var aliasOf: TypeReference? {
        if case .alias(let target, _) = provision { target } else { nil }
    }

    /// The name qualifier of the registration `aliasOf` forwards to (`aliasOf: { type: T, name: n }`).
    public var aliasName: Located<String>? {
        if case .alias(_, let name) = provision { name } else { nil }
    }

    public var isSupplied: Bool { provision == .supplied }

    /// How people and messages name this registration: its first key, and its name qualifier.
    public var displayName: String {
        Registration.displayName(key: provides[0].key, name: name?.value)
    }

    public static func displayName(key: String, name: String?) -> String {
        name.map { "\(key) (name: \($0))" } ?? key
    }

    public func argument(named label: String) -> Argument? {
        arguments.first { $0.label.value == label }
    }

    /// Whether a use passing these runtime arguments reaches this registration: as many as it
    /// takes, and no type known to differ (Swinject's key holds the arguments' types).
    public func takes(_ passed: PassedArguments) -> Bool {
        guard arguments.count == passed.types.count + passed.unread else { return false }
        return zip(arguments, passed.types).allSatisfy { declared, given in given.map { declared.type.isSameType(as: $0) != false } ?? true }
    }

    /// Whether this and `other`, of one key and name, are two registrations and not one replacing
    /// the other: their runtime arguments differ in count or in a type known to differ, as
    /// Swinject keys them. Nil when a type cannot tell (a placeholder, a qualifier only one has).
    /// Part of what it builds was not read: a `FILL_IN` written in it. Two recipes that match then
    /// may still make different values (`{ _ in .mock }` and `{ _ in .live }` both import as
    /// `FILL_IN`: horvathtamasattila/muuv-test-ios).
    public var hasUnreadParts: Bool {
        let types = [implementation].compactMap { $0 } + provides + dependencies.compactMap(\.service) + properties.compactMap(\.service)
        return types.contains(where: \.containsPlaceholder) || dependencies.contains { $0.label.value.hasPrefix(TypeReference.placeholder) }
    }

    /// What the registration builds and how, without where it is written: two registrations with
    /// the same recipe make the same value, so one replacing the other changes nothing (unless
    /// either `hasUnreadParts`).
    public var recipe: String {
        func type(_ reference: TypeReference?) -> String { reference?.key ?? "-" }
        let made: String =
            switch provision {
            case .built(let implementation): "built " + type(implementation)
            case .alias(let target, let name): "alias " + target.key + "|" + (name?.value ?? "")
            case .supplied: "supplied"
            }
        func edge(_ dependency: Dependency) -> String {
            switch dependency.source {
            case .service(let service, let name, let isLazy, let passing):
                "\(dependency.label.value)=\(service.key)|\(name ?? "")|\(isLazy)|\(dependency.isEager)|" + passing.map(\.value).joined(separator: ",")
            case .argument(let argument): "\(dependency.label.value)=arg:\(argument.value)"
            }
        }
        let parts: [String] = [
            provides.map(\.key).sorted().joined(separator: "&"), made, lifetime.rawValue, name?.value ?? "", factory?.value ?? "", type(isolation),
            dependencies.map(edge).joined(separator: ";"), properties.map(edge).joined(separator: ";"),
            arguments.map { "\($0.label.value):\($0.type.key)" }.joined(separator: ","),
        ]
        return parts.joined(separator: "\n")
    }

    public func isKeptApart(from other: Registration) -> Bool? {
        guard arguments.count == other.arguments.count else { return true }
        let same = zip(arguments, other.arguments).map { $0.type.isSameType(as: $1.type) }
        if same.contains(false) { return true }
        return same.contains(nil) ? nil : false
    }
}

/// The runtime arguments a use passes, in order: their types (nil where not known) and how many
/// more the importer could not read.
public struct PassedArguments: Sendable {
    public var types: [TypeReference?]
    public var unread: Int

    public init(types: [TypeReference?], unread: Int) {
        self.types = types
        self.unread = unread
    }
}

public struct ModuleDeclaration: Hashable, Sendable {
    public var name: Located<String>
    public var dependsOn: [Located<String>]

    public init(name: Located<String>, dependsOn: [Located<String>]) {
        self.name = name
        self.dependsOn = dependsOn
    }
}

public struct InterfaceDeclaration: Hashable, Sendable {
    public var type: TypeReference
    public var module: Located<String>?
    public var composes: [TypeReference]

    public init(type: TypeReference, module: Located<String>?, composes: [TypeReference]) {
        self.type = type
        self.module = module
        self.composes = composes
    }
}

/// A key app code resolves directly, outside every factory (`container.resolve(X.self)` in a view
/// controller or the app delegate): a use like a dependency, and its provider is a root.
public struct DirectResolve: Hashable, Sendable {
    public var type: TypeReference
    public var name: Located<String>?
    /// Codes whose findings at this resolve are not reported (`// digraph:ignore` in Swift).
    public var suppressions: [Suppression]
    /// The runtime arguments the call passes, in order (nil: not recorded; a type nil: not known).
    /// Read from Swift (`resolve(X.self, argument: 42)`), or `arguments:` on a `resolves:` entry.
    public var arguments: [TypeReference?]?
    /// The global actor the resolving code runs on (a `@MainActor` view model), when it is isolated.
    public var isolation: TypeReference?
    /// Made while the app launches (`launch: true`; from Swift, code the app's entry runs before it
    /// returns): what it resolves is built at launch.
    public var atLaunch: Bool

    public init(
        type: TypeReference, name: Located<String>? = nil, suppressions: [Suppression] = [], arguments: [TypeReference?]? = nil,
        isolation: TypeReference? = nil, atLaunch: Bool = false
    ) {
        self.type = type
        self.name = name
        self.suppressions = suppressions
        self.arguments = arguments
        self.isolation = isolation
        self.atLaunch = atLaunch
    }

    public var location: SourceLocation { type.location }
}

/// One manifest file as written.
public struct Manifest: Sendable {
    public var file: String
    public var assembly: Located<String>
    public var container: Located<String>?
    public var imports: [Located<String>]
    /// nil when the file declares no `modules` section.
    public var modules: [ModuleDeclaration]?
    public var interfaces: [InterfaceDeclaration]
    public var external: [TypeReference]
    public var registrations: [Registration]
    public var resolves: [DirectResolve]
    public var typealiases: [TypeAliasDeclaration]
    /// The container keys by type identity (`ObjectIdentifier`), not by printed name, so types that
    /// print alike do not collide. Known only from Swift sources; a manifest file does not say it.
    public var keysByTypeIdentity = false

    public init(
        file: String, assembly: Located<String>, container: Located<String>? = nil, imports: [Located<String>] = [],
        modules: [ModuleDeclaration]? = nil, interfaces: [InterfaceDeclaration] = [], external: [TypeReference] = [],
        registrations: [Registration], resolves: [DirectResolve] = [], typealiases: [TypeAliasDeclaration] = []
    ) {
        self.file = file
        self.assembly = assembly
        self.container = container
        self.imports = imports
        self.modules = modules
        self.interfaces = interfaces
        self.external = external
        self.registrations = registrations
        self.resolves = resolves
        self.typealiases = typealiases
    }
}

extension Manifest {
    /// The assembly name a file (or an imported folder) gets when it declares none: its base name
    /// made an identifier, `workout/data.yaml` → `DataAssembly`, `App/DI` → `DIAssembly`.
    public static func defaultAssemblyName(for file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let stem = base.split(separator: ".").first.map(String.init) ?? base
        var name = ""
        var upperNext = true
        for character in stem {
            guard character.isASCII, character.isLetter || character.isNumber else { upperNext = true; continue }
            name.append(upperNext ? Character(character.uppercased()) : character)
            upperNext = false
        }
        if name.isEmpty || name.first!.isNumber { name = "Manifest" + name }
        return name + (name.hasSuffix("Assembly") ? "" : "Assembly")
    }
}
