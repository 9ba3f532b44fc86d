import DigraphCore
import SwiftSyntax

/// What building a type resolves by itself, for Swinject and hand-rolled registrations: a resolve
/// in one of its initializers or in a stored property's initial value (`let network =
/// DIContainer.shared.resolve(Network.self)`), in its superclasses', and in those of a shared
/// instance it reads there (`let session = Session.shared`, whose private `init` resolves), and a
/// property an injecting wrapper wraps (`@Inject var store: Store`). Each is
/// a dependency of the registrations that build the type: resolved while the value is built, so
/// at registration time for a value registered as it is built. The resolves stay the app's too,
/// since other code may build the type. What its methods, computed and `lazy` properties resolve
/// (`laterCalls`) runs later, when the value is used: lazy dependencies.
struct BuiltTypeResolves {
    /// How far shared instances and superclasses are followed.
    static let maximumDepth = 4

    /// Per type: the resolve calls its construction makes, by location, with the property each
    /// feeds, and the types whose shared instance it reads.
    private var resolvesOf: [String: [(location: DigraphCore.SourceLocation, label: String?)]] = [:]
    private var sharedReads: [String: Set<String>] = [:]
    /// The types' initializers, and the one each resolve made in an initializer is in.
    private var initializers = Initializers()
    private var initializerOf: [DigraphCore.SourceLocation: Initializers.Signature] = [:]
    /// Per type: the calls its methods, computed and `lazy` properties make, which run later, when
    /// the value is used (`func make() -> SplashVC { SplashVM(customers: Composition.resolve()) }`).
    private var laterCallsOf: [String: [(location: DigraphCore.SourceLocation, member: String?, method: String?)]] = [:]
    /// Per static member (`Favoriter.forProd`): the calls its body makes, lazy inside a closure of
    /// its own, and the app's types it builds as it runs.
    private var staticCallsOf: [String: [(location: DigraphCore.SourceLocation, isLazy: Bool)]] = [:]
    private var staticBuildsOf: [String: Set<String>] = [:]
    /// Which members of a protocol's extension each type uses, read when some type inherits one.
    private let references: MemberReferences

    init(files: [SwiftFile], declarations: TypeDeclarations) {
        var filledByHolderOf: [String: [(location: DigraphCore.SourceLocation, label: String?)]] = [:]
        var selfCalls = SelfCalls()
        for file in files where file.refusal == nil {
            let finder = Finder(file: file, declarations: declarations)
            finder.walk(file.tree)
            resolvesOf.merge(finder.resolvesOf) { $0 + $1 }
            sharedReads.merge(finder.sharedReads) { $0.union($1) }
            initializers.merge(finder.initializers)
            initializerOf.merge(finder.initializerOf) { first, _ in first }
            laterCallsOf.merge(finder.laterCallsOf) { $0 + $1 }
            filledByHolderOf.merge(finder.filledByHolderOf) { $0 + $1 }
            staticCallsOf.merge(finder.staticCallsOf) { $0 + $1 }
            staticBuildsOf.merge(finder.staticBuildsOf) { $0.union($1) }
            if !RegistrationOrder.isTestCode(file) { selfCalls.merge(finder.selfCalls) }
        }
        // What a method the initializer runs (`init() { start() }`) resolves, outside closures of
        // its own, is resolved as the value is built.
        for (type, methods) in selfCalls.runWhileBuilt() {
            guard let calls = laterCallsOf[type] else { continue }
            let (now, later) = (calls.filter { $0.method.map(methods.contains) == true }, calls.filter { $0.method.map(methods.contains) != true })
            guard !now.isEmpty else { continue }
            resolvesOf[type, default: []] += now.map { ($0.location, nil) }
            laterCallsOf[type] = later
        }
        // Wrappers the holder fills by reflection: as it is built when its initializer does so,
        // else when some later code of it does.
        for (type, properties) in filledByHolderOf.sorted(by: { $0.key < $1.key }) {
            if declarations.fillsWrappersWhenBuilt(type) {
                resolvesOf[type, default: []] += properties
            } else {
                laterCallsOf[type, default: []] += properties.map { ($0.location, $0.label, nil) }
            }
        }
        let extendsProtocols = laterCallsOf.keys.contains(where: declarations.isProtocol)
        references = MemberReferences(files: extendsProtocols ? files.filter { !RegistrationOrder.isTestCode($0) } : [])
    }

    /// The calls `type`'s methods make, with those it inherits: its superclasses', and the default
    /// implementations of the protocols it conforms to (`extension ToSplashRouting { func
    /// routeToSplash() { … Composition.resolve() … } }`) that it uses (`MemberReferences`).
    func laterCalls(of type: String, declarations: TypeDeclarations) -> [DigraphCore.SourceLocation] {
        let type = declarations.ownerName(of: type)
        // What a type inherits is known by its last name.
        let lastName = FactoryCatalogue.lastName(type)
        return ([type] + declarations.supertypes(of: lastName).sorted()).flatMap { owner -> [DigraphCore.SourceLocation] in
            let calls = laterCallsOf[owner] ?? []
            guard owner != type, declarations.isProtocol(owner) else { return calls.map(\.location) }
            let used = references.members(of: owner, usedBy: lastName)
            return calls.filter { $0.member.map(used.contains) ?? true }.map(\.location)
        }
    }

    /// The resolves building `type` makes, its superclasses' and shared instances' included, each
    /// type once, at most `maximumDepth` steps away. `labels`: the argument labels of the call
    /// building it, when known: what its other initializers resolve is not made
    /// (dreamzero-oxm/ios-dreamzero-blog's `convenience init(container: Container = .shared)`
    /// beside the `init(repo:)` its factory calls).
    func resolves(building type: String, labels: [String?]? = nil, declarations: TypeDeclarations) -> [(
        location: DigraphCore.SourceLocation, label: String?
    )] {
        var found: [(location: DigraphCore.SourceLocation, label: String?)] = []
        let type = declarations.ownerName(of: type)
        var seen: Set<String> = [type]
        var next: [(type: String, depth: Int)] = [(type, 0)]
        let called = labels.flatMap { initializers.run(by: $0, building: type) }
        while !next.isEmpty {
            let (current, depth) = next.removeFirst()
            if current == type, let called {
                found += (resolvesOf[current] ?? []).filter { resolve in initializerOf[resolve.location].map(called.contains) ?? true }
            } else {
                found += resolvesOf[current] ?? []
            }
            guard depth < Self.maximumDepth else { continue }
            var reached = Array(sharedReads[current] ?? []).sorted()
            if let superclass = declarations.declaration(of: current)?.inherits?.name { reached.append(superclass) }
            for other in reached where seen.insert(other).inserted { next.append((other, depth + 1)) }
        }
        return found
    }

    /// The resolves running `type.member` makes (`static var forProd: Favoriter { let id = c ~> IdProvider.self … }`),
    /// with those building the app's types it builds there: lazy when made inside a closure of its own.
    func resolves(running member: String, of type: String, declarations: TypeDeclarations) -> [(location: DigraphCore.SourceLocation, isLazy: Bool)] {
        let key = type + "." + member
        var found = staticCallsOf[key] ?? []
        for built in (staticBuildsOf[key] ?? []).sorted() {
            found += resolves(building: built, declarations: declarations).map { ($0.location, false) }
        }
        return found
    }

    /// Every call in the code that runs while a type is built, and every `X.shared` read there.
    private final class Finder: TypeScopedVisitor {
        let file: SwiftFile
        let declarations: TypeDeclarations
        var resolvesOf: [String: [(location: DigraphCore.SourceLocation, label: String?)]] = [:]
        var sharedReads: [String: Set<String>] = [:]
        var initializers = Initializers()
        var initializerOf: [DigraphCore.SourceLocation: Initializers.Signature] = [:]
        /// The initializer being read, if one is.
        private var reading: Initializers.Signature?
        /// `method`: the instance method the call runs in when that method runs, outside closures of its own.
        var laterCallsOf: [String: [(location: DigraphCore.SourceLocation, member: String?, method: String?)]] = [:]
        var selfCalls = SelfCalls()
        var filledByHolderOf: [String: [(location: DigraphCore.SourceLocation, label: String?)]] = [:]
        var staticCallsOf: [String: [(location: DigraphCore.SourceLocation, isLazy: Bool)]] = [:]
        var staticBuildsOf: [String: Set<String>] = [:]

        init(file: SwiftFile, declarations: TypeDeclarations) {
            self.file = file
            self.declarations = declarations
            super.init(viewMode: .sourceAccurate)
        }

        /// The type the code is in, filed as `TypeDeclarations.ownerName` files it: by its path when
        /// nested types share its name (orion-assignment's five `private final class Impl`s).
        private var owner: String? { paths.last.map { declarations.ownerName(of: $0) } }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        // Methods run later, not while the value is built: what they resolve is read apart.
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let type = owner, let body = node.body else { return .skipChildren }
            if SwiftExpressions.isTypeLevel(node.modifiers) {
                readStatic(Syntax(body), of: type, member: node.name.text)
            } else {
                readLater(Syntax(body), of: type, method: node.name.text)
            }
            return .skipChildren
        }

        /// A static member's code runs where the app names it, a factory included.
        private func readStatic(_ code: Syntax, of type: String, member: String) {
            let key = type + "." + member
            let calls =
                SwiftExpressions.calls(in: code).map { (Syntax($0), $0 as FunctionCallExprSyntax?) }
                + SwiftExpressions.arrowResolves(in: code).map { (Syntax($0), nil as FunctionCallExprSyntax?) }
            for (node, call) in calls.sorted(by: { $0.0.position < $1.0.position }) {
                let isLazy = node.ancestorOrSelf(where: declarations.isDeferredClosure).map { $0.position > code.position } ?? false
                staticCallsOf[key, default: []].append((file.location(of: node), isLazy))
                if !isLazy, let call, let built = declarations.typeBuilt(by: call) { staticBuildsOf[key, default: []].insert(built) }
            }
        }

        /// `method`: the instance method `code` is the body of, whose calls outside closures of its
        /// own run when it does (as the value is built, when an initializer calls it).
        private func readLater(_ code: Syntax, of type: String, method: String? = nil) {
            let member = MemberReferences.member(around: code)
            func runsWith(_ node: Syntax) -> String? {
                guard let method, !isDeferred(node, within: code) else { return nil }
                return method
            }
            laterCallsOf[type, default: []] += SwiftExpressions.calls(in: code).map { (file.location(of: $0), member, runsWith(Syntax($0))) }
            laterCallsOf[type, default: []] += SwiftExpressions.arrowResolves(in: code).map { (file.location(of: $0), member, runsWith(Syntax($0))) }
            laterCallsOf[type, default: []] += localWrappers(in: code).map { (file.location(of: $0), member, runsWith(Syntax($0))) }
            guard let method else { return }
            for call in SwiftExpressions.calls(in: code) where !isDeferred(Syntax(call), within: code) {
                if let called = SelfCalls.method(calledBy: call) { selfCalls.add(type: type, from: method, method: called) }
            }
        }

        /// Inside a closure of `code`'s own that runs later.
        private func isDeferred(_ node: Syntax, within code: Syntax) -> Bool {
            node.ancestorOrSelf(where: declarations.isDeferredClosure).map { $0.position > code.position } ?? false
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let type = owner, let body = node.body else { return .skipChildren }
            let signature = Initializers.Signature(node)
            initializers.add(signature, of: type)
            reading = signature
            read(Syntax(body), of: type)
            reading = nil
            return .skipChildren
        }

        /// A stored property's initial value runs as the value is built; a `lazy`, `static` or
        /// computed one does not.
        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let type = owner else { return .skipChildren }
            if SwiftExpressions.isTypeLevel(node.modifiers) {
                for binding in node.bindings {
                    guard let member = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    if let accessors = binding.accessorBlock { readStatic(Syntax(accessors), of: type, member: member) }
                    if let value = binding.initializer?.value { readStatic(Syntax(value), of: type, member: member) }
                }
                return .skipChildren
            }
            if node.modifiers.contains(where: { $0.name.text == "lazy" }) {
                for binding in node.bindings { if let value = binding.initializer?.value { readLater(Syntax(value), of: type) } }
                return .skipChildren
            }
            for binding in node.bindings { if let accessors = binding.accessorBlock { readLater(Syntax(accessors), of: type) } }
            // `@Inject var store: Store`: the wrapper resolves as it is built, where the app's resolve
            // of that property was recorded (RegistrationFinder).
            // A wrapper resolving when first read (`lazy var wrappedValue`) resolves later, as a method does.
            for attribute in node.attributes.compactMap({ $0.as(AttributeSyntax.self) }) {
                guard let wrapper = declarations.injectingWrapper(FactoryCatalogue.lastName(attribute.attributeName)) else { continue }
                for binding in node.bindings where binding.typeAnnotation != nil {
                    let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                    if declarations.wrappersFilledByHolder.contains(wrapper) {
                        filledByHolderOf[type, default: []].append((file.location(of: attribute), property))
                    } else if declarations.injectsLazily(wrapper) {
                        laterCallsOf[type, default: []].append((file.location(of: attribute), property, nil))
                    } else {
                        resolvesOf[type, default: []].append((file.location(of: attribute), property))
                    }
                }
            }
            for binding in node.bindings where binding.accessorBlock == nil {
                guard let value = binding.initializer?.value else { continue }
                read(Syntax(value), of: type, label: binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text)
            }
            return .skipChildren
        }

        private func read(_ code: Syntax, of type: String, label: String? = nil) {
            for call in SwiftExpressions.calls(in: code) {
                // Inside a closure it runs when called, not while the value is built (a property's
                // value that is a closure called at once, `= { … }()`, is the code itself).
                if isDeferred(Syntax(call), within: code) { continue }
                if let method = SelfCalls.method(calledBy: call) { selfCalls.add(type: type, from: nil, method: method) }
                made(file.location(of: call), label: label ?? Self.assigned(around: call), in: type)
            }
            for attribute in localWrappers(in: code) where !isDeferred(Syntax(attribute), within: code) {
                made(file.location(of: attribute), label: label, in: type)
            }
            // SwinjectAutoregistration's `container ~> Fetcher.self` resolves too.
            for arrow in SwiftExpressions.arrowResolves(in: code) {
                if let closure = Syntax(arrow).ancestorOrSelf(where: declarations.isDeferredClosure), closure.position > code.position { continue }
                made(file.location(of: arrow), label: label, in: type)
            }
            for access in Self.memberAccesses(in: code) {
                guard let base = access.base, let owner = SwiftExpressions.typeName(base),
                    declarations.isSharedInstance(access.declName.baseName.text, of: owner)
                else { continue }
                sharedReads[type, default: []].insert(owner)
            }
        }

        /// A call made while `type` is built, with the initializer it is made in, if any.
        private func made(_ location: DigraphCore.SourceLocation, label: String?, in type: String) {
            resolvesOf[type, default: []].append((location, label))
            if let reading { initializerOf[location] = reading }
        }

        /// `@Inject var logger: Logger` declared in a body (vexl-ios' `retry()`): the wrapper
        /// resolves where the variable is declared, as a call there would.
        private func localWrappers(in code: Syntax) -> [AttributeSyntax] {
            guard !declarations.injectingWrappers.isEmpty else { return [] }
            return code.tokens(viewMode: .sourceAccurate).compactMap { token in
                guard token.tokenKind == .atSign, let attribute = token.parent?.as(AttributeSyntax.self),
                    attribute.parent?.parent?.is(VariableDeclSyntax.self) == true,
                    declarations.injectingWrapper(FactoryCatalogue.lastName(attribute.attributeName)) != nil
                else { return nil }
                return attribute
            }
        }

        /// `network = container.resolve(…)` or `self.network = …`: the property a call's value is assigned to.
        private static func assigned(around call: FunctionCallExprSyntax) -> String? {
            var node = Syntax(call)
            while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self) {
                if let sequence = parent.as(SequenceExprSyntax.self), let (target, _) = SwiftExpressions.assignment(ExprSyntax(sequence)) {
                    if let reference = target.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
                    if let access = target.as(MemberAccessExprSyntax.self), access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                        return access.declName.baseName.text
                    }
                    return nil
                }
                node = parent
            }
            return nil
        }

        private static func memberAccesses(in code: Syntax) -> [MemberAccessExprSyntax] {
            final class Accesses: SyntaxVisitor {
                var found: [MemberAccessExprSyntax] = []
                override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                    found.append(node)
                    return .visitChildren
                }
                override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            }
            let accesses = Accesses(viewMode: .sourceAccurate)
            accesses.walk(code)
            return accesses.found
        }
    }
}
