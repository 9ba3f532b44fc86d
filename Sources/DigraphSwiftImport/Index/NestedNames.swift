import DigraphCore
import SwiftSyntax

/// Names declared inside a type that Swift finds there first: typealiases (`final class
/// PromptAssembly { typealias Router = PromptRouting }`) and nested types whose name another type
/// shares (`Root.ViewModel.Interface` beside `Settings.ViewModel.Interface`), with where each
/// type's body lies, so that `Router` written inside `PromptAssembly` (or an extension of it) is
/// read as `PromptAssembly.Router`, as the compiler finds it: two assemblies that each name their
/// own `Router` register two different keys, not one twice.
struct NestedNames {
    /// A type's or extension's body in one file: its lines and its qualified name.
    private struct Scope {
        var lines: ClosedRange<Int>
        var path: String
    }

    /// The aliases and shared nested type names each type declares, by the type's qualified name.
    private var names: [String: Set<String>] = [:]
    private var scopes: [String: [Scope]] = [:]

    init() {}

    /// Reads the bodies' places only when some type declares such a name: most code bases have none.
    init(files: [SwiftFile], typealiases: [String: String], sharedNestedTypes: [String]) {
        for qualified in Array(typealiases.keys) + sharedNestedTypes {
            guard let dot = qualified.lastIndex(of: ".") else { continue }
            names[String(qualified[..<dot]), default: []].insert(String(qualified[qualified.index(after: dot)...]))
        }
        guard !names.isEmpty else { return }
        for file in files where file.refusal == nil {
            let finder = ScopeFinder(file: file, wanted: Set(names.keys))
            finder.walk(file.tree)
            if !finder.found.isEmpty { scopes[file.path] = finder.found }
        }
    }

    /// `type` with each name that a type around `location` declares (an alias, a shared nested type) written in full,
    /// from the innermost type out: `Router?` inside `PromptAssembly` → `PromptAssembly.Router?`.
    func qualifying(_ type: String, at location: DigraphCore.SourceLocation) -> String {
        guard let inFile = scopes[location.file] else { return type }
        var bindings: [String: String] = [:]
        let around = inFile.filter { $0.lines.contains(location.line) }.sorted { $0.lines.count < $1.lines.count }
        for scope in around {
            for name in names[scope.path] ?? [] where bindings[name] == nil { bindings[name] = scope.path + "." + name }
        }
        return TypeDeclarations.substitute(bindings, in: type)
    }

    /// The bodies of the types (and extensions) that declare such names, with their qualified names.
    private final class ScopeFinder: SyntaxVisitor {
        let file: SwiftFile
        let wanted: Set<String>
        var found: [Scope] = []
        private var path: [String] = []

        init(file: SwiftFile, wanted: Set<String>) {
            self.file = file
            self.wanted = wanted
            super.init(viewMode: .sourceAccurate)
        }

        private func enter(_ name: String, _ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
            path.append(name)
            let qualified = path.joined(separator: ".")
            if wanted.contains(qualified) {
                found.append(Scope(lines: file.location(of: node).line...file.location(ofEnd: node).line, path: qualified))
            }
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, node) }
        override func visitPost(_ node: ClassDeclSyntax) { path.removeLast() }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, node) }
        override func visitPost(_ node: StructDeclSyntax) { path.removeLast() }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, node) }
        override func visitPost(_ node: EnumDeclSyntax) { path.removeLast() }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, node) }
        override func visitPost(_ node: ActorDeclSyntax) { path.removeLast() }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.extendedType.trimmedDescription, node) }
        override func visitPost(_ node: ExtensionDeclSyntax) { path.removeLast() }
        // Types are not declared in function bodies that matter here.
        override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
