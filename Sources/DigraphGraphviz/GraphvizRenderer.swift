#if Graphviz
    import CGraphviz
    import Foundation

    /// Lays out and renders DOT text with the system libgraphviz, in process.
    ///
    /// The only code in digraph that touches the C library. Every Graphviz resource is released on
    /// every path (`defer`), and Graphviz's own messages are captured and returned in the error
    /// instead of being printed.
    /// The engines `render` offers are listed once, in `GraphDrawing.Layout` (DigraphKit); here an
    /// engine is its Graphviz name.
    public enum GraphvizRenderer {
        /// Output formats rendered by Graphviz itself (plain DOT is written by `DigraphPictures`).
        public enum Format: String, CaseIterable, Sendable {
            case png, svg, pdf, json
        }

        public struct RenderError: Error, Equatable, CustomStringConvertible {
            public var message: String
            public var description: String { message }
        }

        /// Graphviz keeps global state (its error hook and counters): one render at a time.
        private static let lock = NSLock()

        public static func render(dot: String, format: Format, layoutName: String = "dot") throws(RenderError) -> [UInt8] {
            try render(dot: dot, formatName: format.rawValue, layoutName: layoutName)
        }

        /// Renders with any format and engine name Graphviz knows; unknown names are errors.
        public static func render(dot: String, formatName: String, layoutName: String) throws(RenderError) -> [UInt8] {
            lock.lock()
            defer { lock.unlock() }
            GraphvizMessages.shared.reset()
            let previousHandler = agseterrf(collectGraphvizMessage)
            let previousLevel = agseterr(AGWARN)
            _ = agreseterrors()
            defer {
                agseterrf(previousHandler)
                agseterr(previousLevel)
            }

            guard let context = gvContext() else { throw RenderError(message: "Graphviz could not start (gvContext failed)") }
            defer { gvFreeContext(context) }

            guard let graph = dot.withCString({ agmemread($0) }) else {
                throw failure("Graphviz could not read the DOT text")
            }
            defer { agclose(graph) }

            guard layoutName.withCString({ gvLayout(context, graph, $0) }) == 0 else {
                throw failure("Graphviz could not lay out the graph with '\(layoutName)'")
            }
            defer { gvFreeLayout(context, graph) }

            var data: UnsafeMutablePointer<CChar>?
            var length = 0
            guard formatName.withCString({ digraph_render_data(context, graph, $0, &data, &length) }) == 0, let data else {
                throw failure("Graphviz could not render the graph as '\(formatName)'")
            }
            defer { gvFreeRenderData(data) }
            if agerrors() > Int32(AGWARN.rawValue) {
                throw failure("Graphviz reported an error while rendering")
            }
            return [UInt8](UnsafeRawBufferPointer(start: data, count: length))
        }

        /// The messages Graphviz printed during the last render, warnings included.
        public static var lastMessages: String { GraphvizMessages.shared.text }

        /// Graphviz's messages can run to megabytes (a dump of every node): keep the first lines.
        static let maximumDetail = 400

        private static func failure(_ summary: String) -> RenderError {
            var details = GraphvizMessages.shared.text
                .split(separator: "\n").map { line in
                    var line = line.trimmingCharacters(in: .whitespaces)
                    if line.hasPrefix("Error: ") { line.removeFirst("Error: ".count) }
                    return line
                }.filter { !$0.isEmpty }
                .joined(separator: "; ")
            if details.count > maximumDetail { details = String(details.prefix(maximumDetail)) + "… (shortened)" }
            return RenderError(message: details.isEmpty ? summary : summary + ": " + details)
        }
    }

    /// Collects what Graphviz reports through its error hook. Messages arrive in pieces.
    final class GraphvizMessages: @unchecked Sendable {
        static let shared = GraphvizMessages()
        private let lock = NSLock()
        private var buffer = ""

        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return buffer
        }

        func reset() {
            lock.lock()
            buffer = ""
            lock.unlock()
        }

        func append(_ piece: String) {
            lock.lock()
            buffer += piece
            lock.unlock()
        }
    }

    private func collectGraphvizMessage(_ message: UnsafeMutablePointer<CChar>?) -> Int32 {
        if let message { GraphvizMessages.shared.append(String(cString: message)) }
        return 0
    }
#endif
