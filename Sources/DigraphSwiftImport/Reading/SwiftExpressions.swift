import DigraphCore
import SwiftSyntax

/// Small readings of Swift expressions the importer needs everywhere.
enum SwiftExpressions {
    /// Swift source as a message quotes it: on one line (each run of white space that holds a line
    /// break folded into one space), at most `limit` characters with an ellipsis where it is cut,
    /// and nothing unprintable, so that one finding is always one line of a report.
    static func quoted(_ node: some SyntaxProtocol, limit: Int = 60) -> String {
        quoted(node.trimmedDescription, limit: limit)
    }

    static func quoted(_ text: some StringProtocol, limit: Int = 60) -> String {
        var folded = ""
        var pendingSpace = ""
        var breaks = false
        for character in text {
            if character.isWhitespace {
                pendingSpace.append(character)
                if character.isNewline { breaks = true }
                continue
            }
            if !pendingSpace.isEmpty {
                folded += breaks ? " " : pendingSpace
                pendingSpace = ""
                breaks = false
            }
            folded.append(character)
        }
        let shown = folded.count > limit ? String(folded.prefix(limit)) + "…" : folded
        return PrintableText.escape(shown)
    }

    /// An expression with the wrappers that do not change which value it is taken off:
    /// `try`, `await`, `!`, `?`, parentheses, `as`/`as!`/`as?` casts and `?? fallback`.
    struct Unwrapped {
        var core: ExprSyntax
        /// `!`, `try` of a throwing resolve, or a cast with `as!`: the value must be there.
        var isForced = false
        /// `?? fallback` or `as?`: a missing value is tolerated.
        var hasFallback = false
        /// The type of an `as`/`as!`/`as?` cast, if any.
        var castType: String?
    }

    static func unwrap(_ expression: ExprSyntax) -> Unwrapped {
        var result = Unwrapped(core: expression)
        while true {
            let current = result.core
            if let forced = current.as(ForceUnwrapExprSyntax.self) {
                result.isForced = true
                result.core = forced.expression
            } else if let chained = current.as(OptionalChainingExprSyntax.self) {
                result.core = chained.expression
            } else if let attempt = current.as(TryExprSyntax.self) {
                if attempt.questionOrExclamationMark?.text != "?" { result.isForced = true }
                result.core = attempt.expression
            } else if let awaited = current.as(AwaitExprSyntax.self) {
                result.core = awaited.expression
            } else if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, tuple.elements.first!.label == nil {
                result.core = tuple.elements.first!.expression
            } else if let cast = current.as(AsExprSyntax.self) {
                result.castType = cast.type.trimmedDescription
                if cast.questionOrExclamationMark?.text == "!" { result.isForced = true }
                if cast.questionOrExclamationMark?.text == "?" { result.hasFallback = true }
                result.core = cast.expression
            } else if let sequence = current.as(SequenceExprSyntax.self), let (first, rest) = sequence.elements.headAndTail,
                let operation = rest.first
            {
                if let cast = operation.as(UnresolvedAsExprSyntax.self), rest.count == 2 {
                    result.castType = rest.last!.as(TypeExprSyntax.self)?.type.trimmedDescription
                    if cast.questionOrExclamationMark?.text == "!" { result.isForced = true }
                    if cast.questionOrExclamationMark?.text == "?" { result.hasFallback = true }
                    result.core = first
                } else if operation.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
                    result.hasFallback = true
                    result.core = first
                } else {
                    return result
                }
            } else {
                return result
            }
        }
    }

    /// Whether the code around a call that may give nothing (`resolve(T.self)`) goes on without its
    /// value: `?? fallback`, `as?`, `try?`, or an `if let`/`guard let` whose other branch does not stop
    /// the app. False where the value is forced (`!`, `as!`, `?? fatalError(…)`) or used as it is.
    static func toleratesMiss(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent {
            if parent.is(ForceUnwrapExprSyntax.self) { return false }
            if let attempt = parent.as(TryExprSyntax.self) {
                if attempt.questionOrExclamationMark?.text == "?" { return true }
            } else if let cast = parent.as(AsExprSyntax.self) {
                return cast.questionOrExclamationMark?.text == "?"
            } else if let list = parent.as(ExprListSyntax.self), parent.parent?.is(SequenceExprSyntax.self) == true {
                // `value ?? fallback`, `value as? T`, unfolded: what follows the value decides.
                let elements = Array(list)
                guard let index = elements.firstIndex(where: { Syntax($0) == node }), index + 1 < elements.count else { return false }
                let operation = elements[index + 1]
                if let cast = operation.as(UnresolvedAsExprSyntax.self) { return cast.questionOrExclamationMark?.text == "?" }
                guard operation.as(BinaryOperatorExprSyntax.self)?.operator.text == "??", index + 2 < elements.count else { return false }
                return !stopsTheApp(elements[index + 2])
            } else if let binding = parent.as(OptionalBindingConditionSyntax.self) {
                // `guard let value = … else { fatalError() }`: the other branch decides.
                var scope = binding.parent
                while let current = scope, !current.is(GuardStmtSyntax.self), !current.is(IfExprSyntax.self) { scope = current.parent }
                if let guarded = scope?.as(GuardStmtSyntax.self) { return !stopsTheApp(guarded.body) }
                if let branch = scope?.as(IfExprSyntax.self)?.elseBody { return !stopsTheApp(branch) }
                return true
            } else if !(parent.is(OptionalChainingExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(InitializerClauseSyntax.self)
                || parent.is(LabeledExprSyntax.self) && parent.parent?.parent?.is(TupleExprSyntax.self) == true
                || parent.is(LabeledExprListSyntax.self) && parent.parent?.is(TupleExprSyntax.self) == true || parent.is(TupleExprSyntax.self))
            {
                return false
            }
            node = parent
        }
        return false
    }

    /// Code that calls `fatalError(…)` or `preconditionFailure(…)` (a branch that stops the app).
    static func stopsTheApp(_ node: some SyntaxProtocol) -> Bool {
        calls(in: node).contains(where: isStop)
    }

    /// `fatalError(…)`, `preconditionFailure(…)`: a call that stops the app.
    static func isStop(_ call: FunctionCallExprSyntax) -> Bool {
        let name = callee(of: call)?.name
        return name == "fatalError" || name == "preconditionFailure"
    }

    /// `target = value` (a sequence, or the folded infix form) as (target, value); nil for any other expression.
    static func assignment(_ expression: ExprSyntax) -> (target: ExprSyntax, value: ExprSyntax)? {
        if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) {
            return (infix.leftOperand, infix.rightOperand)
        }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
        let value = elements.count == 3 ? elements[2] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(elements.dropFirst(2))))
        return (elements[0], value)
    }

    /// A closure's parameter names as its body uses them: `{ r, instance in … }`, `{ (r: Resolver) in … }`.
    static func parameterNames(of closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: list.map(\.name.text)
        case .parameterClause(let clause)?: clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: []
        }
    }

    /// Every assignment `target = value` in a node (closures included), as (target, value).
    static func assignments(in node: some SyntaxProtocol) -> [(target: ExprSyntax, value: ExprSyntax)] {
        node.tokens(viewMode: .sourceAccurate).compactMap { token -> (ExprSyntax, ExprSyntax)? in
            guard token.tokenKind == .equal, let assignment = token.parent?.as(AssignmentExprSyntax.self) else { return nil }
            if let infix = assignment.parent?.as(InfixOperatorExprSyntax.self) { return (infix.leftOperand, infix.rightOperand) }
            guard let list = assignment.parent?.as(ExprListSyntax.self) else { return nil }
            let elements = Array(list)
            guard let position = elements.firstIndex(where: { $0.id == ExprSyntax(assignment).id }), position > 0, position + 1 < elements.count else {
                return nil
            }
            let value =
                position + 2 == elements.count ? elements[position + 1] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(elements[(position + 1)...])))
            return (elements[position - 1], value)
        }
    }

    /// The type a declaration group declares or extends (`class Feed`, `extension Container`).
    static func typeName(declaredBy group: some DeclGroupSyntax) -> String? {
        if let node = group.as(ExtensionDeclSyntax.self) { return node.extendedType.trimmedDescription }
        if let node = group.as(ClassDeclSyntax.self) { return node.name.text }
        if let node = group.as(StructDeclSyntax.self) { return node.name.text }
        if let node = group.as(EnumDeclSyntax.self) { return node.name.text }
        if let node = group.as(ActorDeclSyntax.self) { return node.name.text }
        return nil
    }

    /// Calls that run their trailing closure at once, before they return: a registration written
    /// in one runs where the call is.
    static let immediateClosureCalls: Set<String> = [
        "forEach", "map", "compactMap", "flatMap", "filter", "reduce", "sorted", "first", "contains", "allSatisfy", "sync",
        "assumeIsolated", "autoreleasepool", "withExtendedLifetime", "withLock", "performAndWait", "with", "then", "do",
        // Swinject's `Container { c in … }` and `Container(parent:) { … }` register at once.
        "Container",
    ]

    /// The closure around `node`, within its function, that runs later rather than where it is
    /// written (`DispatchQueue.main.async { … }`, `Task { … }`, a closure a route builder returns):
    /// how messages name it, or nil when `node` runs where it is written. `runsAtOnce` names the
    /// app's own functions that call the closure they are given before they return.
    static func deferringClosure(around node: Syntax, runsAtOnce: (FunctionCallExprSyntax) -> Bool = { _ in false }) -> String? {
        var current = node
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(DeinitializerDeclSyntax.self) { return nil }
            if parent.is(DeferStmtSyntax.self) { return "a `defer` block, which runs as its scope ends" }
            if let closure = parent.as(ClosureExprSyntax.self) {
                // `{ … }()` runs at once, as does the closure of a call in the list above.
                if !isDeferredClosure(parent, runsAtOnce: runsAtOnce) { current = parent; continue }
                let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
                if let call { return "the closure given to `\(quoted(call.calledExpression, limit: 40))`" }
                return "a closure"
            }
            current = parent
        }
        return nil
    }

    /// Whether `node` runs when `closure` does: every closure between them is called at once
    /// (`{ … }()`, `map`, an app function running the closures it takes: `.build { [A(), B()] }`).
    static func runsAtOnce(_ node: Syntax, within closure: ClosureExprSyntax, runsClosuresAtOnce: (FunctionCallExprSyntax) -> Bool) -> Bool {
        var current = node
        while let parent = current.parent, parent.id != Syntax(closure).id {
            if isDeferredClosure(parent, runsAtOnce: runsClosuresAtOnce) { return false }
            current = parent
        }
        return true
    }

    /// Whether `node` runs each time the function or accessor around it does: no `if`, `switch`,
    /// `guard … else`, loop, `catch`, `#if`, `?:`, `&&` or `||` between them decides it. A closure
    /// between them is taken to run (`DispatchQueue.main.async { … }`).
    static func runsWhenItsCodeRuns(_ node: Syntax) -> Bool {
        var current = node
        while let parent = current.parent {
            if parent.is(CodeBlockSyntax.self), let owner = parent.parent,
                owner.is(IfExprSyntax.self) || owner.is(GuardStmtSyntax.self) || owner.is(ForStmtSyntax.self) || owner.is(WhileStmtSyntax.self)
                    || owner.is(RepeatStmtSyntax.self) || owner.is(CatchClauseSyntax.self)
            {
                return false
            }
            if parent.is(SwitchCaseSyntax.self) || parent.is(IfConfigClauseSyntax.self) || parent.is(TernaryExprSyntax.self) { return false }
            if let sequence = parent.as(ExprListSyntax.self),
                sequence.contains(where: { ["&&", "||", "??"].contains($0.as(BinaryOperatorExprSyntax.self)?.operator.text) })
            {
                return false
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(AccessorDeclSyntax.self) { return true }
            current = parent
        }
        return true
    }

    /// Whether a body binds `name` itself (`let name = …`, `if let name`, `for name in`, a closure's parameter).
    static func declaresLocal(_ name: String, in body: some SyntaxProtocol) -> Bool {
        body.tokens(viewMode: .sourceAccurate).contains { token in
            token.text == name
                && (token.parent?.is(IdentifierPatternSyntax.self) == true || token.parent?.is(ClosureShorthandParameterSyntax.self) == true
                    || token.parent?.is(ClosureParameterSyntax.self) == true)
        }
    }

    /// `let factory: (Resolver, String, Int) -> Client = { r, host, port in … }` written before
    /// `node` in a body around it (within its function): the closure `name` stands for, with the
    /// function type written for it, if any.
    static func localClosure(named name: String, before node: Syntax) -> (closure: ClosureExprSyntax, type: FunctionTypeSyntax?)? {
        var current = node
        while let parent = current.parent {
            if let block = parent.as(CodeBlockItemListSyntax.self) {
                for item in block.reversed() where item.position < current.position {
                    guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        guard let closure = binding.initializer?.value.as(ClosureExprSyntax.self) else { return nil }
                        return (closure, binding.typeAnnotation?.type.as(FunctionTypeSyntax.self))
                    }
                }
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) { return nil }
            current = parent
        }
        return nil
    }

    /// The innermost type a node is declared in (a class, struct, enum, actor or extension).
    static func enclosingTypeName(of node: Syntax) -> String? {
        guard let group = node.parent?.ancestorOrSelf(mapping: { $0.asProtocol(DeclGroupSyntax.self) }) else { return nil }
        return typeName(declaredBy: group)
    }

    /// A type's text with every run of white space (line breaks, tabs) as one space: Swift lets a
    /// type span lines, a key and a message do not.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// `X.self` → `X` (the type's source text), else nil.
    static func metatype(_ expression: ExprSyntax) -> (type: String, node: ExprSyntax)? {
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "self",
            let base = access.base
        else { return nil }
        return (base.trimmedDescription, base)
    }

    /// A value written out in full, that nothing in the container builds: a literal (`5`, `"host"`,
    /// `#"^did:.*"#`, `nil`), an enum case (`.iso8601`, `.networkResponse(200, Sample.data)`,
    /// `CredentialFormat.vcSdJwt`), arithmetic on constants (`60 * 2`), an array, dictionary or tuple
    /// of constants, or a closure that calls nothing (`{ _ in .never }`).
    static func isConstant(_ expression: ExprSyntax) -> Bool {
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
            || expression.is(NilLiteralExprSyntax.self) || expression.is(RegexLiteralExprSyntax.self)
        {
            return true
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return string.segments.allSatisfy { segment in
                segment.as(ExpressionSegmentSyntax.self).map { $0.expressions.allSatisfy { isConstant($0.expression) } } ?? true
            }
        }
        if let access = expression.as(MemberAccessExprSyntax.self) {
            guard let base = access.base else { return true }
            return typeName(base) != nil && access.declName.baseName.text.first?.isLowercase == true
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            // `.networkResponse(200, data)`: an enum case with associated values.
            guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.base == nil, call.trailingClosure == nil else { return false }
            return call.arguments.allSatisfy { isConstant($0.expression) }
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) { return isConstant(prefix.expression) }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return sequence.elements.allSatisfy { $0.is(BinaryOperatorExprSyntax.self) || isConstant($0) }
        }
        if let tuple = expression.as(TupleExprSyntax.self) { return tuple.elements.allSatisfy { isConstant($0.expression) } }
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.allSatisfy { isConstant($0.expression) } }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return true }
            return elements.allSatisfy { isConstant($0.key) && isConstant($0.value) }
        }
        if let closure = expression.as(ClosureExprSyntax.self) { return calls(in: closure.statements).isEmpty }
        return false
    }

    /// The text of a string literal without interpolation, else nil.
    static func stringLiteral(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self),
            literal.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) })
        else { return nil }
        return literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
    }

    /// The called function's name and its receiver: `container.register` → ("register", container).
    static func callee(of call: FunctionCallExprSyntax) -> (name: String, receiver: ExprSyntax?)? {
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self) {
            return (access.declName.baseName.text, access.base)
        }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return (reference.baseName.text, nil)
        }
        return nil
    }

    /// A name that reads as a type: an upper-case identifier, a dotted chain of them, or a
    /// generic specialization (`Repository<User>`).
    /// `services` or `self.services`: the name of the property (or local) an expression names.
    static func ownName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let access = expression.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" else { return nil }
        return access.declName.baseName.text
    }

    /// The name a chain of properties starts from: `Container` in `Container.shared.api`,
    /// `router` in `router.open`; none ("") past a call (`Container.shared.router().open`: a value
    /// the call made).
    static func rootName(_ base: ExprSyntax) -> String {
        var current = base
        while true {
            if let access = current.as(MemberAccessExprSyntax.self), let inner = access.base {
                current = inner
            } else if let chained = current.as(OptionalChainingExprSyntax.self) {
                current = chained.expression
            } else if let unwrapped = current.as(ForceUnwrapExprSyntax.self) {
                current = unwrapped.expression
            } else {
                return current.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
            }
        }
    }

    static func typeName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return name.first.map { $0.isUppercase } == true ? name : nil
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base,
            typeName(base) != nil, access.declName.baseName.text.first?.isUppercase == true
        {
            return expression.trimmedDescription
        }
        if let generic = expression.as(GenericSpecializationExprSyntax.self), typeName(generic.expression) != nil {
            return expression.trimmedDescription
        }
        return nil
    }

    /// Every function call below a node (the node included), in source order.
    /// The calls chained on `call`, in order: `register(…).inObjectScope(.container).initCompleted { … }`
    /// gives `inObjectScope` and `initCompleted` with their calls.
    static func chained(after call: FunctionCallExprSyntax) -> [(name: String, call: FunctionCallExprSyntax)] {
        var chain: [(name: String, call: FunctionCallExprSyntax)] = []
        var current = Syntax(call)
        while let access = current.parent?.as(MemberAccessExprSyntax.self), access.base?.id == current.id,
            let outer = access.parent?.as(FunctionCallExprSyntax.self), outer.calledExpression.id == access.id
        {
            chain.append((access.declName.baseName.text, outer))
            current = Syntax(outer)
        }
        return chain
    }

    static func calls(in node: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        let finder = CallFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.found
    }

    /// Every member access below a node (`Model.make`, `self.store`), in source order.
    static func memberAccesses(in node: some SyntaxProtocol) -> [MemberAccessExprSyntax] {
        let finder = MemberAccessFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.found
    }

    /// Every bare name below a node (`assembler`, not `x.assembler`'s member), in source order.
    static func references(in node: some SyntaxProtocol) -> [DeclReferenceExprSyntax] {
        let finder = ReferenceFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.found
    }

    /// Every `r ~> X.self` below a node (SwinjectAutoregistration's resolve operator), in source order.
    static func arrowResolves(in node: some SyntaxProtocol) -> [ExprSyntax] {
        let finder = ArrowFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.found
    }

    /// Whether `node` is a closure whose body runs later, when something calls it: every closure but
    /// one called where it is written (`formatter: { … }()`), one given to a call that runs it before
    /// it returns (`ids.map { … }`, `queue.sync { … }`), or to one of the app's functions that does
    /// (`runsAtOnce`). The one place that decides it.
    static func isDeferredClosure(_ node: Syntax, runsAtOnce: (FunctionCallExprSyntax) -> Bool = { _ in false }) -> Bool {
        guard node.is(ClosureExprSyntax.self) else { return false }
        var outer = node
        while let parent = outer.parent, let tuple = parent.as(TupleExprSyntax.self), tuple.elements.count == 1, tuple.elements.first?.label == nil {
            outer = Syntax(tuple)
        }
        if let call = outer.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == outer.id { return false }
        // A trailing closure's parent is the call; an argument's is the labeled expression in its list.
        guard let call = node.parent?.as(FunctionCallExprSyntax.self) ?? node.parent?.parent?.parent?.as(FunctionCallExprSyntax.self) else { return true }
        return !(callee(of: call).map { immediateClosureCalls.contains($0.name) } == true || runsAtOnce(call))
    }

    /// A closure called where it is written (`{ r.resolve(A.self)! }()`), whose one value is what the call gives.
    static func immediatelyCalledValue(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard call.arguments.isEmpty, call.trailingClosure == nil, let closure = call.calledExpression.as(ClosureExprSyntax.self) else { return nil }
        return onlyValue(of: closure)
    }

    /// `static` or `class`: a member of the type, not of its instances.
    static func isTypeLevel(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { ["static", "class"].contains($0.name.text) }
    }

    /// What a closure of one statement gives back: `{ value }` or `{ return value }`; nil otherwise.
    static func onlyValue(of closure: ClosureExprSyntax) -> ExprSyntax? {
        guard closure.statements.count == 1, let item = closure.statements.first else { return nil }
        return item.item.as(ReturnStmtSyntax.self)?.expression ?? expression(of: item)
    }

    /// The statements of a code block item as an expression, when it is one (`x.y = z`, a call, `if`).
    static func expression(of item: CodeBlockItemSyntax) -> ExprSyntax? {
        switch item.item {
        case .expr(let expression): expression
        case .stmt(let statement): statement.as(ExpressionStmtSyntax.self)?.expression
        default: nil
        }
    }

    /// A lowerCamel identifier from a type's simple name: `Domain.UserRepository<X>` → `userRepository`.
    static func parameterName(for type: String) -> String {
        let simple = type.split(separator: "<").first.map(String.init)?.split(separator: ".").last.map(String.init) ?? type
        let letters = Array(simple.filter { $0.isLetter || $0.isNumber || $0 == "_" })
        guard !letters.isEmpty else { return "value" }
        // A leading acronym is lowered whole: `HTTPLoader` → `httpLoader`, `URL` → `url`.
        let capitals = letters.prefix { $0.isUppercase }.count
        let lowered = capitals > 1 && capitals < letters.count && letters[capitals].isLowercase ? capitals - 1 : max(capitals, 1)
        let name = String(letters[..<lowered]).lowercased() + String(letters[lowered...])
        return name.first!.isNumber ? "_" + name : name
    }
}

extension Collection {
    var headAndTail: (Element, SubSequence)? {
        guard let first else { return nil }
        return (first, dropFirst())
    }
}

private final class CallFinder: SyntaxVisitor {
    var found: [FunctionCallExprSyntax] = []
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .visitChildren
    }
}

private final class MemberAccessFinder: SyntaxVisitor {
    var found: [MemberAccessExprSyntax] = []
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .visitChildren
    }
}

private final class ReferenceFinder: SyntaxVisitor {
    var found: [DeclReferenceExprSyntax] = []
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id { found.append(node) }
        return .visitChildren
    }
}

private final class ArrowFinder: SyntaxVisitor {
    var found: [ExprSyntax] = []
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.elements.contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "~>" }) { found.append(ExprSyntax(node)) }
        return .visitChildren
    }
    override func visit(_ node: PostfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if node.operator.text == "~>" { found.append(ExprSyntax(node)) }
        return .visitChildren
    }
}

extension FunctionParameterSyntax {
    /// The label a call writes (`nil` for `_`).
    var argumentLabel: String? { firstName.text == "_" ? nil : firstName.text }
}
