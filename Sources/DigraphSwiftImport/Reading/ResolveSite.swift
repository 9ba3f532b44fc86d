import DigraphCore
import SwiftSyntax

/// One place Swift code asks a container for a value: `r.resolve(X.self, name: "n", argument: a)`,
/// `resolve(type: X.self)`, `try container.resolve(X.self)`, `resolve(instanceName: "n")`, or
/// SwinjectAutoregistration's `r ~> X.self` / `r ~> (X.self, name: "n")` / `r~>`.
struct ResolveSite {
    /// The key's source text; nil when the call names no literal type (`resolve(instanceName:)`, `resolve(type)`).
    var type: String?
    var name: String?
    /// The runtime arguments passed along, in order.
    var passed: [ExprSyntax]
    var receiver: ExprSyntax?
    /// The call (or the `~>` expression): its location, and how it is marked as read.
    var node: Syntax
    /// `~>` force-unwraps; so does a hand-rolled container's non-optional resolve.
    var isArrow: Bool
    /// What could not be read, for the warning.
    var problem: String?
    /// A hand-rolled container's resolve, read from its declaration: what a miss does.
    var onMiss: EagerMiss?
    /// Names no type at all (`resolve()`, a generic helper): Swift infers it from where the value goes.
    var isInferred = false
    /// It passes a name digraph cannot read (`name: clientType`, a variable): which registration
    /// of the type it reaches is known only when the app runs.
    var nameIsUnread = false
    /// A Factory `ParameterFactory` call: the compiler checks the parameter passed, whatever it is.
    var compilerChecksArguments = false
    /// Made in a helper the factory calls (`self.keychain(resolver)`): the factory's, not the app's own.
    var isInHelper = false

    /// The type Swift infers for a resolve that names none, from where its value goes (a
    /// parameter's declared type, an annotation, a cast); an optional there keys the wrapped type.
    mutating func infer(_ declared: DeclaredType) {
        type = declared.key
        problem = nil
        isInferred = false
    }

    /// The resolve with what unwraps it (`!`, `try`, `?`): the node its value leaves from.
    static func outermost(_ node: Syntax) -> Syntax {
        var node = node
        while let parent = node.parent, parent.is(ForceUnwrapExprSyntax.self) || parent.is(TryExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self) {
            node = parent
        }
        return node
    }

    /// The type written beside a resolve: `resolve(…) as! T`, or (when asked) the annotation of the
    /// variable the resolve is the value of: `let x: T = resolve(…)`, `var x: T { resolve(…) }`. Only
    /// there: a resolve passed to a call inside `var body: some View { … }` is not a `some View`.
    static func typeWrittenBeside(_ node: Syntax, orAnnotation: Bool) -> String? {
        if let sequence = node.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[0].id == node.id, elements[1].is(UnresolvedAsExprSyntax.self) {
                return elements[2].as(TypeExprSyntax.self)?.type.trimmedDescription
            }
        }
        guard orAnnotation else { return nil }
        if let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            return binding.typeAnnotation?.type.trimmedDescription
        }
        // `guard let service: NetworkService = locator.resolve() else { … }`: an optional resolve unwrapped.
        if let condition = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(OptionalBindingConditionSyntax.self) {
            return condition.typeAnnotation?.type.trimmedDescription
        }
        // A getter's only expression, or a `return` in it; or those of a closure called at once to
        // give a property its value (`lazy var x: T = { resolve() }()`).
        let returned = node.parent?.is(ReturnStmtSyntax.self) == true ? node.parent! : node
        guard let item = returned.parent?.as(CodeBlockItemSyntax.self), let statements = item.parent?.as(CodeBlockItemListSyntax.self),
            statements.count == 1 || returned.is(ReturnStmtSyntax.self)
        else { return nil }
        if let binding = statements.parent?.as(AccessorBlockSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            return binding.typeAnnotation?.type.trimmedDescription
        }
        guard let closure = statements.parent?.as(ClosureExprSyntax.self), let called = closure.parent?.as(FunctionCallExprSyntax.self),
            called.calledExpression.id == closure.id, called.arguments.isEmpty,
            let binding = called.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)
        else { return nil }
        return binding.typeAnnotation?.type.trimmedDescription
    }

    /// The declared parameter an expression is passed to, when it is an argument of a call that builds a
    /// declared type: `Model(api: r.resolve())`, `Model.init(…)`, `let m: Model = .init(…)`; `bindings`
    /// names the types a wrapper's generic parameters stand for.
    static func parameterReceiving(
        _ node: Syntax, declarations: TypeDeclarations, bindings: [String: String] = [:], in file: SwiftFile? = nil
    ) -> TypeDeclarations.Parameter? {
        guard let argument = node.parent?.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self),
            let call = list.parent?.as(FunctionCallExprSyntax.self), let written = builtType(call, bindings: bindings)
        else { return nil }
        let type = declarations.nestedType(written, around: Syntax(call)) ?? written
        let arguments = Array(list)
        guard let position = arguments.firstIndex(where: { $0.id == argument.id }),
            let parameters = declarations.initializer(of: type, labels: arguments.map { $0.label?.text }, in: file), position < parameters.count
        else { return nil }
        return parameters[position]
    }

    private static func builtType(_ call: FunctionCallExprSyntax, bindings: [String: String]) -> String? {
        if let name = SwiftExpressions.typeName(call.calledExpression) { return bindings[name] ?? name }
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "init" else { return nil }
        if let base = access.base { return SwiftExpressions.typeName(base) }
        return typeWrittenBeside(Syntax(call), orAnnotation: true)
    }

    /// A resolve at exactly this expression (no unwrapping), or nil.
    static func at(
        _ expression: ExprSyntax, api: ContainerAPI = ContainerAPI(), constants: StringConstants = StringConstants(),
        helpers: ResolveHelpers = ResolveHelpers()
    ) -> ResolveSite? {
        if let call = expression.as(FunctionCallExprSyntax.self) { return ofCall(call, api: api, constants: constants, helpers: helpers) }
        return ofArrow(expression, constants: constants)
    }

    /// An infix `r ~> X.self` or a postfix `r~>` at exactly this expression, or nil.
    static func ofArrow(_ expression: ExprSyntax, constants: StringConstants = StringConstants()) -> ResolveSite? {
        if let sequence = expression.as(SequenceExprSyntax.self) { return ofArrow(sequence, constants: constants) }
        if let postfix = expression.as(PostfixOperatorExprSyntax.self) { return ofPostfixArrow(postfix) }
        return nil
    }

    /// SwinjectAutoregistration's postfix `r~>` (`c.viewModel = r~>`): it names no type, Swift
    /// infers it from where the value goes.
    static func ofPostfixArrow(_ postfix: PostfixOperatorExprSyntax) -> ResolveSite? {
        guard postfix.operator.text == "~>" else { return nil }
        var site = ResolveSite(type: nil, name: nil, passed: [], receiver: postfix.expression, node: Syntax(postfix), isArrow: true)
        site.problem = "it names no type (`\(SwiftExpressions.quoted(postfix, limit: 80))`), and digraph cannot tell the type Swift infers there"
        site.isInferred = true
        return site
    }

    /// Whether `name` is a parameter of a function, initializer or closure around `node`.
    private static func isParameterName(_ name: String, around node: Syntax) -> Bool {
        var current = node.parent
        while let scope = current {
            if let function = scope.as(FunctionDeclSyntax.self) {
                return function.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
            }
            if let initializer = scope.as(InitializerDeclSyntax.self) {
                return initializer.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
            }
            if let closure = scope.as(ClosureExprSyntax.self), let parameters = closure.signature?.parameterClause {
                switch parameters {
                case .simpleInput(let names): if names.contains(where: { $0.name.text == name }) { return true }
                case .parameterClause(let clause): if clause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }) { return true }
                }
            }
            if scope.asProtocol(DeclGroupSyntax.self) != nil { return false }
            current = scope.parent
        }
        return false
    }

    /// A call of one of the app's resolve helpers, its arguments bound to the helper's parameters.
    private static func ofHelper(
        _ call: FunctionCallExprSyntax, _ helper: ResolveHelpers.Helper, bound: [Int: ExprSyntax], receiver: ExprSyntax?, constants: StringConstants
    ) -> ResolveSite? {
        // A helper returning `T` unwraps for the caller (a miss stops the app); one returning `T?` gives nil.
        var site = ResolveSite(
            type: nil, name: nil, passed: [], receiver: receiver, node: Syntax(call), isArrow: false, onMiss: helper.returnsOptional ? .givesNil : .stops)
        if let key = helper.key {
            guard let keyed = bound[key], let (type, _) = SwiftExpressions.metatype(keyed) else { return nil }
            site.type = type
        } else {
            site.problem = "it names no type (`\(SwiftExpressions.quoted(call, limit: 80))`), and digraph cannot tell the type Swift infers there"
            site.isInferred = true
        }
        if let qualifier = helper.qualifier, let named = bound[qualifier], !named.is(NilLiteralExprSyntax.self) {
            site.name = constants.value(of: named, givenTo: helper.parameters[qualifier].type, through: helper.qualifierMember)
            if site.name == nil {
                site.problem = "its name, `\(SwiftExpressions.quoted(named, limit: 80))`, is not a string literal or a constant declared in the given paths"
                site.nameIsUnread = true
            }
        }
        site.passed = helper.arguments.compactMap { bound[$0] }
        return site
    }

    /// A `resolve` call, or a call of a method the container's declaration says resolves
    /// (whatever its name: `get`, `inject`, `make`).
    static func ofCall(
        _ call: FunctionCallExprSyntax, api: ContainerAPI = ContainerAPI(), constants: StringConstants = StringConstants(),
        helpers: ResolveHelpers = ResolveHelpers()
    ) -> ResolveSite? {
        if let method = api.method(for: call), case .resolve(let onMiss) = method.role {
            guard let bound = ContainerAPI.bind(call, to: method), let keyed = bound[method.key] else { return nil }
            var site = ResolveSite(
                type: nil, name: nil, passed: [], receiver: SwiftExpressions.callee(of: call)?.receiver, node: Syntax(call), isArrow: false, onMiss: onMiss)
            if let (type, _) = SwiftExpressions.metatype(keyed) {
                site.type = type
            } else {
                site.problem = "the type it resolves, `\(SwiftExpressions.quoted(keyed, limit: 80))`, is not a literal `X.self`"
            }
            if let qualifier = method.qualifier, let named = bound[qualifier] {
                site.name = constants.value(of: named)
                if site.name == nil, named.as(NilLiteralExprSyntax.self) == nil {
                    site.problem = "its name, `\(SwiftExpressions.quoted(named, limit: 80))`, is not a string literal"
                    site.nameIsUnread = true
                }
            }
            return site
        }
        guard let (name, receiver) = SwiftExpressions.callee(of: call) else { return nil }
        if name != "resolve", let overloads = helpers.overloads[name] {
            for helper in overloads {
                if let bound = ContainerAPI.bind(call, to: helper.parameters) {
                    return ofHelper(call, helper, bound: bound, receiver: receiver, constants: constants)
                }
            }
            return nil
        }
        guard name == "resolve" else { return nil }
        // `guard let publication = try resolve()` where `resolve` is the function's closure parameter
        // (clerk/clerk-ios): a value of the code's own, no container's method.
        if receiver == nil, Self.isParameterName(name, around: Syntax(call)) { return nil }
        // `Dependencies.resolve()`: a type's own plain function that happens to be named `resolve`.
        if let receiver, let owner = SwiftExpressions.typeName(receiver), helpers.plainResolveOwners.contains(FactoryCatalogue.lastName(owner)) { return nil }
        var site = ResolveSite(type: nil, name: nil, passed: [], receiver: receiver, node: Syntax(call), isArrow: false)
        var passing = false
        for (position, argument) in call.arguments.enumerated() {
            let label = argument.label?.text
            switch label {
            case nil where position == 0, "type"?:
                if let (type, _) = SwiftExpressions.metatype(argument.expression) {
                    site.type = type
                } else {
                    site.problem = "the type it resolves, `\(SwiftExpressions.quoted(argument.expression, limit: 80))`, is not a literal `X.self`"
                }
            case "name"?, "instanceName"?:
                if let text = constants.value(of: argument.expression) {
                    site.name = text
                } else {
                    site.problem =
                        "its name, `\(SwiftExpressions.quoted(argument.expression, limit: 80))`, is not a string literal or a constant declared in the given paths"
                    site.nameIsUnread = true
                }
            case "argument"?:
                site.passed.append(argument.expression)
            case "arguments"?:
                passing = true
                site.passed.append(argument.expression)
            case nil where passing:
                site.passed.append(argument.expression)
            default:
                // `injector.resolve(Model.self, injectable: …)`: an argument Swinject's `resolve` does not
                // take, which one of the app's own `resolve` overloads passes on as a runtime argument.
                for helper in helpers.argumentPassing {
                    if let bound = ContainerAPI.bind(call, to: helper.parameters) {
                        return ofHelper(call, helper, bound: bound, receiver: receiver, constants: constants)
                    }
                }
                // Some other container's resolve with labels digraph does not know: not a resolve it can read.
                if site.type == nil { return nil }
            }
        }
        if site.type == nil, site.name == nil, site.problem == nil {
            site.problem = "it names no type (`\(SwiftExpressions.quoted(call, limit: 80))`), and digraph cannot tell the type Swift infers there"
            site.isInferred = true
        }
        return site
    }

    /// `r ~> X.self`, `r ~> (X.self, name: "n")`, `r ~> (X.self, argument: a)`, `r ~> (X.self, arguments: (a, b))`,
    /// the argument forms unlabeled too (`r ~> (X.self, a)`, `r ~> (X.self, (a, b))`: Swift converts the
    /// tuple to the operator's labelled one), and each assigned (`window = r ~> X.self`).
    static func ofArrow(_ sequence: SequenceExprSyntax, constants: StringConstants = StringConstants()) -> ResolveSite? {
        var elements = Array(sequence.elements)
        // `x = r ~> X.self` is one unfolded sequence: the resolve is what follows the assignment.
        if elements.count == 5, elements[1].is(AssignmentExprSyntax.self) { elements.removeFirst(2) }
        guard elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "~>" else { return nil }
        var site = ResolveSite(type: nil, name: nil, passed: [], receiver: elements[0], node: Syntax(sequence), isArrow: true)
        let target = elements[2]
        if let (type, _) = SwiftExpressions.metatype(target) {
            site.type = type
            return site
        }
        guard let tuple = target.as(TupleExprSyntax.self), let first = tuple.elements.first,
            let (type, _) = SwiftExpressions.metatype(first.expression)
        else {
            site.problem = "the type it resolves, `\(SwiftExpressions.quoted(target, limit: 80))`, is not a literal `X.self`"
            return site
        }
        site.type = type
        for element in tuple.elements.dropFirst() {
            switch element.label?.text {
            case "name"?:
                site.name = constants.value(of: element.expression)
                if site.name == nil { site.problem = "its name is not a string literal" }
            case "argument"?:
                site.passed.append(element.expression)
            case "arguments"?:
                if let inner = element.expression.as(TupleExprSyntax.self) {
                    site.passed += inner.elements.map(\.expression)
                } else {
                    site.passed.append(element.expression)
                }
            case nil where tuple.elements.count == 2:
                if let inner = element.expression.as(TupleExprSyntax.self), inner.elements.count > 1 {
                    site.passed += inner.elements.map(\.expression)
                } else {
                    site.passed.append(element.expression)
                }
            default:
                site.problem = "it has an argument `\(SwiftExpressions.quoted(element, limit: 80))` digraph does not know"
            }
        }
        return site
    }
}
