import DigraphCore
import DigraphLoader
import Foundation

/// Where outputs go, and the one writer every output goes through (generated Swift, pictures,
/// imported manifests, baselines, configurations): a reader never sees half a file.
public enum OutputPath {
    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Where a picture goes without -o: beside the one manifest file given (app.yaml -> app.png);
    /// otherwise (folders, several paths, Swift sources) in the working folder — the configuration's
    /// when a `.digraph.yml` gave the paths — named after that folder, the project
    /// (`Sitly.png`), never after one of the folders read.
    public static func defaultPicture(
        for paths: [String], extension newExtension: String,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> String {
        if paths.count == 1, InputFile.kind(of: paths[0]) == .regularFile, ManifestLoader.isManifestName(paths[0]) {
            return (paths[0] as NSString).deletingPathExtension + "." + newExtension
        }
        let project = URL(fileURLWithPath: workingDirectory).lastPathComponent
        return (project.isEmpty || project == "/" ? "graph" : project) + "." + newExtension
    }

    /// Why `path` may not be replaced: it exists and is a symbolic link, a folder, a FIFO or a
    /// device, a file nobody may write (renaming over it would succeed, even for root, but the mode
    /// says it is not to be changed), or a file that cannot be read (nothing says digraph wrote it).
    public static func refusal(for path: String) -> WriteError? {
        var status = stat()
        guard path != "-", lstat(path, &status) == 0 else { return nil }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFLNK { return WriteError(description: "\(path) is a symbolic link; give the path of the file itself") }
        if kind != S_IFREG { return WriteError(description: "\(path) is not a regular file (a folder, a FIFO or a device); choose a file path") }
        if status.st_mode & 0o222 == 0 {
            return WriteError(description: "\(path) is read-only; refusing to replace it. Make it writable or choose another output path")
        }
        if status.st_mode & 0o444 == 0 || access(path, R_OK) != 0 {
            return WriteError(
                description:
                    "\(path) exists but cannot be read, so digraph cannot tell what it is; refusing to replace it. Move it away or choose another output path")
        }
        return nil
    }

    /// The canonical path of an existing file (links and `..` resolved), nil when there is none.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(decoding: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)), as: UTF8.self)
    }

    /// `-` is stdout. Anything else: a fresh temporary file created exclusively (random name, same
    /// folder, never following a planted link) is filled and renamed over the target, which must be
    /// a regular file or absent: a FIFO, a device, a folder or a symbolic link is refused.
    public static func write(_ bytes: [UInt8], to path: String, readingFrom inputs: [String] = []) throws {
        if path == "-" {
            do {
                try FileHandle.standardOutput.write(contentsOf: Data(bytes))
            } catch {
                throw WriteError(description: "cannot write to standard output: \(error.localizedDescription)")
            }
            return
        }
        if let refusal = refusal(for: path) { throw refusal }
        if let target = realPath(path), inputs.contains(where: { realPath($0) == target }) {
            throw WriteError(description: "\(path) is one of the files this command reads; refusing to overwrite an input. Choose another output path")
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        // Missing parent folders are created (`-o Generated/Container.swift` in a fresh checkout).
        if InputFile.kind(of: folder) == .missing {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        // The temporary name keeps at most 100 bytes of the name (on a character boundary), so a valid
        // 255-byte name of emoji still leaves room for the dot and the random suffix.
        var kept = ""
        for character in url.lastPathComponent {
            guard kept.utf8.count + character.utf8.count <= 100 else { break }
            kept.append(character)
        }
        var template = Array((folder + "/.\(kept).XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw WriteError(description: "cannot write \(path): \(String(cString: strerror(errno))) (creating a temporary file in \(folder))")
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        let failure: String? = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                written += count
            }
            return nil
        }
        // mkstemp creates 0600; an output is an ordinary file (0644, less the umask).
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw WriteError(description: "cannot write \(path): \(failure)")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(description: "cannot write \(path): \(reason)")
        }
    }
}
