import DigraphPictures
import DigraphReporters

/// `render --format html`: one self-contained file (the SVG inline, its script and style inline,
/// nothing fetched) to search a key, click a node to light up what it depends on and what depends
/// on it, pan and zoom, and read the findings (clicking one selects its node).
public enum InteractivePage {
    /// `svg` is Graphviz's SVG of the drawing whose `index` is given (same ids).
    public static func html(svg: String, index: PictureIndex, title: String, launch: LaunchView = LaunchView()) -> String {
        let start = svg.range(of: "<svg")?.lowerBound ?? svg.startIndex
        let data = JSONValue.object([
            (
                "launch",
                .object([
                    ("nodes", .array(launch.nodes.map { .string($0) })), ("chain", .array(launch.chain.map { .string($0) })),
                    ("chainEdges", .array(launch.chainEdges.map { .string($0) })), ("summary", .string(launch.summary)),
                ])
            ),
            ("nodes", .array(index.nodes.map { .object([("id", .string($0.id)), ("title", .string($0.title)), ("search", .string($0.searchText))]) })),
            ("edges", .array(index.edges.map { .object([("id", .string($0.id)), ("from", .string($0.from)), ("to", .string($0.to))]) })),
            (
                "findings",
                .array(
                    index.findings.map { finding in
                        let diagnostic = finding.diagnostic
                        return .object([
                            ("severity", .string(diagnostic.severity.rawValue)), ("code", .string(diagnostic.code.rawValue)),
                            ("message", .string(diagnostic.message)), ("location", .string(diagnostic.location.description)),
                            ("elements", .array(finding.elements.map { .string($0) })),
                        ])
                    })
            ),
        ])
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
            <title>\(DOTText.html(title))</title>
            <style>\(InteractivePageAssets.style)</style>
            </head>
            <body>
            <header>
              <input id="search" type="search" placeholder="Search a key, implementation or module" autocomplete="off" spellcheck="false">
              <span id="status" aria-live="polite"></span>
              <span class="tools"><button id="launch" title="What the app builds at launch, and its longest chain (digraph analyze)" aria-pressed="false">Launch</button><button id="zoom-in" title="Zoom in">+</button><button id="zoom-out" title="Zoom out">−</button><button id="fit" title="Fit the picture">Fit</button></span>
            </header>
            <main>
              <div id="canvas">\(svg[start...])</div>
              <aside id="findings"><h2>Findings</h2><ol id="finding-list"></ol></aside>
            </main>
            <script type="application/json" id="digraph-data">\(scriptSafe(data.serialized()))</script>
            <script>\(InteractivePageAssets.script)</script>
            </body>
            </html>

            """
    }

    /// The launch view's part of the page: the drawn nodes built at launch, the longest chain's nodes
    /// and edges, and a line that sums it up.
    public struct LaunchView: Sendable {
        public var nodes: [String] = []
        public var chain: [String] = []
        public var chainEdges: [String] = []
        public var summary = ""

        public init(nodes: [String] = [], chain: [String] = [], chainEdges: [String] = [], summary: String = "") {
            self.nodes = nodes
            self.chain = chain
            self.chainEdges = chainEdges
            self.summary = summary
        }
    }

    /// JSON inside a script element: `<` as `\u003c`, so no text can close the element or open a comment.
    private static func scriptSafe(_ json: String) -> String {
        json.replacingOccurrences(of: "<", with: "\\u003c")
    }
}
