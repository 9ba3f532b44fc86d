import SwiftSyntax

/// What every dialect's reading says, in one place.
enum ImportMessages {
    static func nameNotAConstant(_ name: some SyntaxProtocol) -> String {
        "its name `\(SwiftExpressions.quoted(name, limit: 60))` is not a string literal or a constant declared in the given paths; the registration is imported without a name"
    }

    static func namedValueUnread(_ name: String) -> String {
        "'\(name)': the type of the value registered under this name is not a constructor call digraph can read; register it with its type to import it"
    }

    static func registerUnread(_ subject: String, _ call: FunctionCallExprSyntax) -> String {
        "'\(subject)': `\(SwiftExpressions.quoted(call, limit: 80))` names the key but passes neither a factory closure nor a value digraph can read; it is not imported. Pass the factory as a closure, or state the method's meaning under `import: containers:` in .digraph.yml"
    }
}
