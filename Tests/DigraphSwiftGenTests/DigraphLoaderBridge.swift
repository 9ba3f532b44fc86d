import DigraphCore
import DigraphLoader
import Testing

enum DigraphLoaderBridge {
    static func load(_ text: String) throws -> DependencyGraph {
        try #require(ManifestLoader.load(text: text).graph)
    }
}
