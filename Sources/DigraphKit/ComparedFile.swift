import Foundation

/// The file on disk a `--check` compares with (`gen-swift --check`, `import --check`): read only
/// when it is a regular file, since opening a FIFO waits for a writer and a device is no output.
public enum ComparedFile {
    /// Why there is no file to compare with, in the words the checks print after its path.
    public struct Missing: Error, Sendable {
        public var reason: String
    }

    public static func text(at path: String) -> Result<String, Missing> {
        switch InputFile.kind(of: path) {
        case .missing: return .failure(Missing(reason: "does not exist"))
        case .regularFile: break
        default: return .failure(Missing(reason: InputFile.problem(at: path) ?? "is not a regular file"))
        }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(Missing(reason: "cannot be read")) }
        return .success(String(decoding: data, as: UTF8.self))
    }
}
