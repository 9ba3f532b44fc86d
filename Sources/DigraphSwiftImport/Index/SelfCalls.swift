import SwiftSyntax

/// The methods a type calls on itself (`start()`, `self.configure()`), and where: in an
/// initializer or a stored property's value, or in another of its methods. A method its
/// initializer runs (and what that method runs in turn) is code that runs as the value is built.
struct SelfCalls {
    private var fromBuilding: [String: Set<String>] = [:]
    private var fromMethod: [String: [String]] = [:]

    /// `start()` or `self.start()`: the method a call names on its own type, if it is one.
    static func method(calledBy call: FunctionCallExprSyntax) -> String? {
        guard let (name, receiver) = SwiftExpressions.callee(of: call), receiver == nil || receiver?.trimmedDescription == "self",
            name.first?.isLowercase == true
        else { return nil }
        return name
    }

    /// `from`: the method the call is written in; nil for an initializer or a stored property's value.
    mutating func add(type: String, from: String?, method: String) {
        if let from {
            fromMethod[type + "." + from, default: []].append(method)
        } else {
            fromBuilding[type, default: []].insert(method)
        }
    }

    mutating func merge(_ other: SelfCalls) {
        fromBuilding.merge(other.fromBuilding) { $0.union($1) }
        fromMethod.merge(other.fromMethod) { $0 + $1 }
    }

    /// Per type, the methods that run as its value is built: those its initializers call, and
    /// those these call, by name.
    func runWhileBuilt() -> [String: Set<String>] {
        var run = fromBuilding
        var frontier = fromBuilding.flatMap { type, methods in methods.map { (type, $0) } }
        while let (type, method) = frontier.popLast() {
            for next in fromMethod[type + "." + method] ?? [] where run[type, default: []].insert(next).inserted {
                frontier.append((type, next))
            }
        }
        return run
    }
}
