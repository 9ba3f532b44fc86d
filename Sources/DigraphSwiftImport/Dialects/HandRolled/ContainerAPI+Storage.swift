import DigraphCore
import SwiftSyntax

/// How a container's methods use its storage, read from their bodies: what a method stores, and
/// whether the container keeps a factory's first value.
extension ContainerAPI {
    /// Where a method stores: `storage[key] = value` (also through `self.`, in nested blocks or a
    /// `queue.sync { }`), or `storage.updateValue(value, forKey:)`.
    struct Stored {
        var property: String
        var parameter: Int
        /// The factory is called as it is stored (`storage[key] = factory()`).
        var isCalled: Bool
        /// The stored expression (a tuple, a closure wrapping the factory …).
        var expression: ExprSyntax
    }

    static func storedValue(_ body: CodeBlockSyntax, storage: [String: TypeSyntax], parameters: [Parameter]) -> Stored? {
        let names = parameters.map(\.name)
        for (property, value) in assignments(in: body, storage: storage) {
            // Which parameter the stored expression carries: a factory before any other (an
            // `Entry(isSingleton: singleton, make: factory)` carries the factory).
            let carried = references(in: value).compactMap { reference in
                names.firstIndex(of: reference.baseName.text).map { (reference, $0) }
            }.filter { !parameters[$0.1].isMetatype }
            if let (reference, position) = carried.first(where: { parameters[$0.1].isFunction }) ?? carried.first {
                // Called as it is stored, not inside a closure stored to call later (`{ factory() }`).
                let isCalled =
                    reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == ExprSyntax(reference).id
                    && !isInClosure(Syntax(reference), below: Syntax(value))
                return Stored(property: property, parameter: position, isCalled: isCalled, expression: value)
            }
            // `var named = storage[key] ?? [:]; named[name] = { factory() }; storage[key] = named`:
            // what is stored is what the copy is given (MLS-iOS, a table keyed by type, then name).
            if let local = SwiftExpressions.unwrap(value).core.as(DeclReferenceExprSyntax.self)?.baseName.text {
                for (target, given) in SwiftExpressions.assignments(in: body) {
                    guard target.as(SubscriptCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == local else { continue }
                    let carried = references(in: given).compactMap { reference in names.firstIndex(of: reference.baseName.text).map { (reference, $0) } }
                        .filter { !parameters[$0.1].isMetatype }
                    if let (reference, position) = carried.first(where: { parameters[$0.1].isFunction }) ?? carried.first {
                        let isCalled =
                            reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == ExprSyntax(reference).id
                            && !isInClosure(Syntax(reference), below: Syntax(given))
                        return Stored(property: property, parameter: position, isCalled: isCalled, expression: given)
                    }
                }
            }
            // `let instance = factory(); storage[key] = instance`
            if let local = SwiftExpressions.unwrap(value).core.as(DeclReferenceExprSyntax.self)?.baseName.text {
                for variable in body.statements.compactMap({ $0.item.as(VariableDeclSyntax.self) }) {
                    for binding in variable.bindings where binding.pattern.trimmedDescription == local {
                        guard let initial = binding.initializer?.value else { continue }
                        for reference in references(in: initial) {
                            guard let position = names.firstIndex(of: reference.baseName.text), !parameters[position].isMetatype else { continue }
                            let isCalled = reference.parent?.as(FunctionCallExprSyntax.self) != nil
                            return Stored(property: property, parameter: position, isCalled: isCalled || !parameters[position].isFunction, expression: initial)
                        }
                    }
                }
            }
        }
        return nil
    }

    /// A factory kept after its first value: the stored closure caches (it assigns), the stored tuple
    /// carries a flag the resolve path caches under, or code that reads the storage writes a value back.
    /// What the type's code does with a storage property or a flag, the same for every method
    /// that stores there: worked out once per type, not once per method (a type of 8,000
    /// registering methods would otherwise read all 8,000 bodies for each).
    struct CachingFacts {
        var flagTakesCachingPath: [String: Bool] = [:]
        var readThenWritten: [String: Bool] = [:]
        /// The set the resolve path keeps values only for (`cachingGate`), once read.
        var gate: String??
    }

    /// `registering`: the method that stores the factory.
    static func isCached(
        _ stored: Stored, by registering: FunctionDeclSyntax, storage: [String: TypeSyntax], functions: [FunctionDeclSyntax], writers: Set<String>,
        facts: inout CachingFacts
    ) -> Bool {
        let core = SwiftExpressions.unwrap(stored.expression).core
        // A closure that assigns caches itself; one that only calls the factory may still have its
        // value kept by the resolve path (read below).
        if let closure = core.as(ClosureExprSyntax.self), !SwiftExpressions.assignments(in: closure).isEmpty { return true }
        if let tuple = core.as(TupleExprSyntax.self) {
            let elements = Array(tuple.elements)
            if let flagPosition = elements.firstIndex(where: { $0.expression.is(BooleanLiteralExprSyntax.self) }) {
                let flag = elements[flagPosition].expression.as(BooleanLiteralExprSyntax.self)!.literal.tokenKind == .keyword(.true)
                let label = elements[flagPosition].label?.text ?? tupleLabel(of: storage[stored.property], at: flagPosition)
                guard let label else { return false }
                if facts.flagTakesCachingPath[label] == nil {
                    facts.flagTakesCachingPath[label] = flagTakesCachingPath(label, storage: storage, functions: functions, writers: writers)
                }
                return facts.flagTakesCachingPath[label]! ? flag : false
            }
        }
        if facts.readThenWritten[stored.property] == nil {
            facts.readThenWritten[stored.property] = readThenWritten(stored.property, storage: storage, functions: functions, writers: writers)
        }
        guard facts.readThenWritten[stored.property]! else { return false }
        if facts.gate == nil { facts.gate = .some(cachingGate(storage: storage, functions: functions, writers: writers)) }
        guard let gate = facts.gate!, let body = registering.body else { return true }
        return SwiftExpressions.calls(in: body).contains { call in
            guard let (name, receiver) = SwiftExpressions.callee(of: call), let receiver else { return false }
            return name == "insert" && SwiftExpressions.ownName(receiver) == gate
        }
    }

    /// `if singletonKeys.contains(key) { singletons[key] = instance }` in the resolve path: it keeps
    /// a value only for the keys a register method puts in that set (kadiroruc/BilyonerCase's
    /// `registerSingleton` inserts, its `register` does not).
    static func cachingGate(storage: [String: TypeSyntax], functions: [FunctionDeclSyntax], writers: Set<String>) -> String? {
        for function in functions {
            guard let body = function.body, body.description.contains(".contains(") else { continue }
            for branch in ifStatements(in: body) where branch.conditions.count == 1 {
                guard let call = branch.conditions.first?.condition.as(ExprSyntax.self)?.as(FunctionCallExprSyntax.self),
                    let (name, receiver) = SwiftExpressions.callee(of: call), name == "contains", let set = receiver.flatMap(SwiftExpressions.ownName),
                    storage[set] != nil, cachesIn(branch.body, storage: storage, writers: writers)
                else { continue }
                return set
            }
        }
        return nil
    }

    /// `if entry.isSingleton { …caches… }`: the flag's true value takes the caching path.
    static func flagTakesCachingPath(_ label: String, storage: [String: TypeSyntax], functions: [FunctionDeclSyntax], writers: Set<String>) -> Bool {
        for function in functions {
            guard let body = function.body else { continue }
            for branch in ifStatements(in: body) where branch.conditions.trimmedDescription.hasSuffix(".\(label)") {
                if cachesIn(branch.body, storage: storage, writers: writers) { return true }
            }
        }
        return false
    }

    /// Code that reads this storage and then writes into storage: a resolve that caches. The write
    /// must follow the read where it runs: in the `if` the read is bound in, or after its statement.
    static func readThenWritten(_ property: String, storage: [String: TypeSyntax], functions: [FunctionDeclSyntax], writers: Set<String>) -> Bool {
        for function in functions {
            guard let body = function.body, body.description.contains("\(property)[") else { continue }
            // A method taking the factory stores it (copying the table it goes in): no resolve path.
            if function.signature.parameterClause.parameters.contains(where: { $0.type.trimmedDescription.contains("->") }) { continue }
            for read in subscripts(of: property, in: body) {
                if let branch = Syntax(read).ancestorOrSelf(where: { $0.is(IfExprSyntax.self) || $0.is(GuardStmtSyntax.self) }),
                    let conditions = branch.as(IfExprSyntax.self)?.conditions ?? branch.as(GuardStmtSyntax.self)?.conditions,
                    Syntax(read).ancestorOrSelf(where: { $0.id == conditions.id }) != nil
                {
                    let following = branch.as(IfExprSyntax.self).map { Syntax($0.body) } ?? Syntax(branch.parent ?? branch)
                    if let block = following.as(CodeBlockSyntax.self), cachesIn(block, storage: storage, writers: writers) { return true }
                    if following.as(CodeBlockSyntax.self) == nil, let item = branch.ancestorOrSelf(where: { $0.is(CodeBlockItemSyntax.self) }),
                        writesAfter(item, storage: storage, writers: writers)
                    {
                        return true
                    }
                    continue
                }
                if let item = Syntax(read).ancestorOrSelf(where: { $0.is(CodeBlockItemSyntax.self) }), writesAfter(item, storage: storage, writers: writers) {
                    return true
                }
            }
        }
        return false
    }

    /// A storage write in the statements after `item` in its block.
    static func writesAfter(_ item: Syntax, storage: [String: TypeSyntax], writers: Set<String>) -> Bool {
        guard let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        var after = false
        for statement in list {
            if after, !assignments(in: statement, storage: storage).isEmpty { return true }
            if statement.id == item.id { after = true }
        }
        return false
    }

    static func cachesIn(_ block: CodeBlockSyntax, storage: [String: TypeSyntax], writers: Set<String>) -> Bool {
        if !assignments(in: block, storage: storage).isEmpty { return true }
        return SwiftExpressions.calls(in: block).contains { call in
            guard let (name, receiver) = SwiftExpressions.callee(of: call) else { return false }
            return writers.contains(name) && (receiver == nil || receiver!.trimmedDescription == "self")
        }
    }

    static func writesStorage(_ body: CodeBlockSyntax?, storage: [String: TypeSyntax]) -> Bool {
        guard let body else { return false }
        return !assignments(in: body, storage: storage).isEmpty
    }

    /// `property[…] = value`, `self.property[…] = value`, `property.updateValue(value, forKey:)` anywhere in the node;
    /// `copy[…] = value` into a local table the node hands back to the property (`property.update(with: copy)`,
    /// `property = copy`: kenesbekov/Gitty's `Atomic<[String: Any]>`).
    static func assignments(in node: some SyntaxProtocol, storage: [String: TypeSyntax]) -> [(property: String, value: ExprSyntax)] {
        var found: [(String, ExprSyntax)] = []
        let assigned = SwiftExpressions.assignments(in: node)
        var handedBack: [String: String] = [:]
        for (target, value) in assigned {
            // `property = copy`, `property.value = copy`.
            if let property = SwiftExpressions.ownName(target) ?? target.as(MemberAccessExprSyntax.self)?.base.flatMap(SwiftExpressions.ownName),
                storage[property] != nil,
                let local = value.as(DeclReferenceExprSyntax.self)?.baseName.text
            {
                handedBack[local] = property
            }
        }
        for call in SwiftExpressions.calls(in: node) {
            guard let receiver = SwiftExpressions.callee(of: call)?.receiver, let property = SwiftExpressions.ownName(receiver), storage[property] != nil else {
                continue
            }
            for argument in call.arguments {
                if let local = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text { handedBack[local] = property }
            }
        }
        for (target, value) in assigned {
            guard var subscriptCall = target.as(SubscriptCallExprSyntax.self) else { continue }
            // `storage[key, default: [:]][name] = value`, `storage[key]?[name] = value`: the outer table.
            while let inner = subscriptCall.calledExpression.as(SubscriptCallExprSyntax.self)
                ?? subscriptCall.calledExpression.as(OptionalChainingExprSyntax.self)?.expression.as(SubscriptCallExprSyntax.self)
            {
                subscriptCall = inner
            }
            let base = subscriptCall.calledExpression
            let name = SwiftExpressions.ownName(base)
            if let name, storage[name] != nil {
                found.append((name, value))
            } else if let name, let property = handedBack[name] {
                found.append((property, value))
            }
        }
        for call in SwiftExpressions.calls(in: node) {
            guard let (name, receiver) = SwiftExpressions.callee(of: call), name == "updateValue", let receiver,
                let property = receiver.as(DeclReferenceExprSyntax.self)?.baseName.text ?? receiver.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                storage[property] != nil, let value = call.arguments.first?.expression
            else { continue }
            found.append((property, value))
        }
        return found
    }

    /// `Entry(isSingleton: singleton, make: factory)`: a `Bool` parameter stored beside the factory,
    /// which the caching path reads; with its default value (`singleton: Bool = false`).
    static func storedFlag(_ stored: Stored, parameters: [Parameter], in function: FunctionDeclSyntax) -> (parameter: Int, default: Bool?)? {
        let names = parameters.map(\.name)
        for reference in references(in: stored.expression) {
            guard let position = names.firstIndex(of: reference.baseName.text), parameters[position].type.trimmedDescription == "Bool" else { continue }
            return (position, flagDefault(at: position, in: function))
        }
        return nil
    }

    /// The `true` or `false` a `Bool` parameter defaults to, where it is written as one.
    private static func flagDefault(at position: Int, in function: FunctionDeclSyntax) -> Bool? {
        let parameters = function.signature.parameterClause.parameters
        return parameters[parameters.index(at: position)].defaultValue?.value.as(BooleanLiteralExprSyntax.self).map { $0.literal.tokenKind == .keyword(.true) }
    }

    /// `if cached { cache[key] = service() }`: a `Bool` parameter under which the body calls the
    /// factory (`factory`, a parameter's position) and stores its value; that flag and its default.
    static func flagCallingNow(
        _ factory: Int, in function: FunctionDeclSyntax, storage: [String: TypeSyntax], parameters: [Parameter]
    ) -> (parameter: Int, default: Bool?)? {
        guard let body = function.body else { return nil }
        for branch in ifStatements(in: body) {
            guard branch.conditions.count == 1, let condition = branch.conditions.first?.condition.as(ExprSyntax.self),
                let flag = condition.as(DeclReferenceExprSyntax.self)?.baseName.text,
                let position = parameters.firstIndex(where: { $0.name == flag }), parameters[position].type.trimmedDescription == "Bool",
                assignments(in: branch.body, storage: storage).contains(where: { _, value in
                    SwiftExpressions.unwrap(value).core.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                        == parameters[factory].name
                })
            else { continue }
            return (position, flagDefault(at: position, in: function))
        }
        return nil
    }

    /// Whether `node` sits in a closure inside `root` (the closure runs when called, not now).
    static func isInClosure(_ node: Syntax, below root: Syntax) -> Bool {
        var current = node
        while let parent = current.parent, current.id != root.id {
            if SwiftExpressions.isDeferredClosure(parent) { return true }
            current = parent
        }
        return false
    }

    static func references(in expression: ExprSyntax) -> [DeclReferenceExprSyntax] {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return [reference] }
        return expression.tokens(viewMode: .sourceAccurate).compactMap { $0.parent?.as(DeclReferenceExprSyntax.self) }
    }

    static func subscripts(of property: String, in node: some SyntaxProtocol) -> [SubscriptCallExprSyntax] {
        node.tokens(viewMode: .sourceAccurate).compactMap { token -> SubscriptCallExprSyntax? in
            guard token.text == property, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return nil }
            var node = Syntax(reference)
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { node = Syntax(member) }
            return node.parent?.as(SubscriptCallExprSyntax.self).flatMap { $0.calledExpression.id == node.id ? $0 : nil }
        }
    }

    static func ifStatements(in node: some SyntaxProtocol) -> [IfExprSyntax] {
        node.tokens(viewMode: .sourceAccurate).compactMap { $0.tokenKind == .keyword(.if) ? $0.parent?.as(IfExprSyntax.self) : nil }
    }

    static func tupleLabel(of type: TypeSyntax?, at position: Int) -> String? {
        var type = type
        if let dictionary = type?.as(DictionaryTypeSyntax.self) { type = dictionary.value }
        guard let tuple = type?.as(TupleTypeSyntax.self), position < tuple.elements.count else { return nil }
        return Array(tuple.elements)[position].firstName?.text
    }

    static func functionTakesArguments(_ type: TypeSyntax) -> Bool {
        let function = type.as(FunctionTypeSyntax.self) ?? type.as(AttributedTypeSyntax.self)?.baseType.as(FunctionTypeSyntax.self)
        return function.map { !$0.parameters.isEmpty } ?? false
    }
}
