import DigraphCore
import SwiftSyntax

/// A container the app writes itself (`[String: Any]` storage, `register`/`resolve` with a
/// metatype): what each method does is learned from its declaration (`ContainerAPI`) or stated in
/// `.digraph.yml`; a `register` no declaration explains is read by its shape and said so. Every
/// file no other dialect claims speaks it.
struct HandRolledDialect: Dialect {
    static let library = "a hand-rolled container"

    static func speaks(_ file: SwiftFile) -> Bool { true }

    let api: ContainerAPI

    init(learningFrom files: [SwiftFile], declarations: TypeDeclarations, stated: [ContainerMethodStatement]) {
        api = ContainerAPI.learn(from: files, stated: stated, aliases: declarations.typealiases)
    }

    var containerAPI: ContainerAPI { api }
    var keysByTypeIdentity: Bool { api.keysByTypeIdentity }

    /// A declared registering method first; else `register(T.self) { … }` read by its shape: a
    /// closure with a parameter as Swinject's (the parameter is the resolver), one without as a
    /// factory called on every resolve, a value as stored once.
    func registration(of call: FunctionCallExprSyntax, in finder: RegistrationFinder) -> RegistrationFinder.Found? {
        if let method = api.method(for: call), case .register(let lifetime, let isEager) = method.role {
            return finder.handRolled(call, method: method, lifetime: lifetime, isEager: isEager, api: api)
        }
        guard let register = RegisterCall(call, file: finder.file, constants: finder.declarations.constants) else { return nil }
        let meaning = RegisterMeaning(closureTakesResolver: { $0.signature?.parameterClause != nil }, isAssumed: true)
        return finder.read(register, of: call, meaning: meaning)
    }

    func unread(_ call: FunctionCallExprSyntax, in finder: RegistrationFinder) {
        finder.unknownRegistration(call, api: api)
    }

    /// Said once per method: which calls were read by their shape because no declaration says
    /// what they do, which look like registrations but were not read, which methods could not be.
    func findings(after finders: [RegistrationFinder]) -> [Diagnostic] {
        var assumed: [String: (location: DigraphCore.SourceLocation, meaning: String)] = [:]
        var unknown: [String: DigraphCore.SourceLocation] = [:]
        for finder in finders {
            for call in finder.assumed where assumed[call.signature] == nil { assumed[call.signature] = (call.location, call.meaning) }
            for call in finder.unknown where unknown[call.signature] == nil { unknown[call.signature] = call.location }
        }
        var findings: [Diagnostic] = []
        for (signature, call) in assumed.sorted(by: { $0.key < $1.key }) {
            findings.append(Diagnostic(.swiftImport, .warning, HandRolledMessages.readByShape(signature, call.meaning), at: call.location))
        }
        for (signature, location) in unknown.sorted(by: { $0.key < $1.key }) {
            findings.append(Diagnostic(.swiftImport, .warning, HandRolledMessages.notRead(signature), at: location))
        }
        for method in api.unread {
            findings.append(Diagnostic(.swiftImport, .warning, HandRolledMessages.methodUnread(method), at: method.location))
        }
        return findings
    }
}

/// What the hand-rolled dialect says, in one place.
enum HandRolledMessages {
    static let assumedSwinjectRegister = "Swinject's register: the closure's parameter is the resolver, lifetime graph"
    static let assumedFactory = "a factory called on every resolve (transient)"
    static let assumedValue = "stores the value it is given (eager, one value for the container's life)"

    static func readByShape(_ signature: String, _ meaning: String) -> String {
        "the declaration of `\(signature)` is not in the given paths, so digraph reads its calls by their shape: \(meaning). Give the file that declares the container, or state the method's meaning under `import: containers:` in .digraph.yml"
    }

    static func notRead(_ signature: String) -> String {
        "`\(signature)` looks like a registration, but its declaration is not in the given paths and digraph does not know what it does: its calls are not read. Give the file that declares the container, or state the method's meaning under `import: containers:` in .digraph.yml"
    }

    static func methodUnread(_ method: (name: String, owner: String, location: DigraphCore.SourceLocation, why: String)) -> String {
        "`\(method.owner).\(method.name)` takes a type but digraph cannot tell what it does: \(method.why); its calls are not read. State its meaning under `import: containers:` in .digraph.yml"
    }

    static func valueTypeUnwritten(_ method: ContainerAPI.Method, _ value: ExprSyntax) -> String {
        "`\(method.owner).\(method.name)` stores its value under the type Swift infers for it, and this call does not write that type out "
            + "(`\(SwiftExpressions.quoted(value, limit: 60))`), so digraph cannot tell what it registers; it is left out. Write it as `… as Service`, or build the value here (`Service()`), to have it read"
    }

    static func flagUnread(_ flag: String) -> String {
        "its '\(flag)' argument is not `true` or `false`, which decides whether the container keeps its first value; it is imported as a singleton, check it"
    }

    static func handedUndeclared(_ subject: String, _ implementation: String) -> String {
        "'\(subject)': '\(implementation)' is built and handed the container, but it is not declared in the given paths, so what it resolves later is unknown; give the file that declares it"
    }
}
