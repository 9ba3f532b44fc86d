import ArgumentParser
import DigraphKit
import Foundation

#if Graphviz
    import DigraphGraphviz
#endif

/// `digraph layout --format svg --engine dot`: DOT on standard input, the picture on standard output.
/// Hidden: `render` runs it as a child process, so that every layout starts from a fresh heap on
/// one thread. libgraphviz orders some sets by address, so the same DOT laid out in a process whose
/// heap the importer's threads have used can come out different from run to run.
struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay out DOT from standard input with libgraphviz (used by render).", shouldDisplay: false)

    @Option var format: String
    @Option var engine: String

    func run() throws {
        let dot = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        #if Graphviz
            do {
                let bytes = try GraphvizRenderer.render(dot: dot, formatName: format, layoutName: engine)
                FileHandle.standardOutput.write(Data(bytes))
            } catch {
                throw CommandFailure(error.message)
            }
        #else
            throw CommandFailure(GraphDrawing.picturesNeedGraphviz)
        #endif
    }
}
