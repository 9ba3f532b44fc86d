import SwiftSyntax

/// What every dialect's reading says, in one place.
enum ImportMessages {
    static func nameNotAConstant(_ name: some SyntaxProtocol) -> String {
        "its name `\(SwiftExpressions.quoted(name, limit: 60))` is not a string literal or a constant declared in the given paths; the registration is imported without a name"
    }

    static func namedValueUnread(_ name: String) -> String {
        "'\(name)': the type of the value registered under this name is not a constructor call digraph can read; register it with its type to import it"
    }
}
