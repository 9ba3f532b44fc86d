import Foundation

/// A suite whose tests each write their inputs into a fresh folder of their own, `Self.scratch()`,
/// and remove it when done.
protocol ScratchFolderSuite {}

extension ScratchFolderSuite {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
