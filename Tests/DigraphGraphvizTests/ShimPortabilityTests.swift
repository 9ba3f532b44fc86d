#if Graphviz
    import Foundation
    import Testing

    /// Graphviz 13 changed `gvRenderData`'s length from `unsigned int *` to `size_t *`. The shim
    /// (Sources/CGraphviz/shim.h) must compile against the installed headers and against the same
    /// headers rewritten to 13's signature, warnings as errors; and a 13 signature without 13's
    /// version macro must not compile, which shows the check can fail.
    struct ShimPortabilityTests {
        static let shimFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CGraphviz").path

        /// The folder that holds gvc.h, as pkg-config tells SwiftPM.
        static func installedHeaders() throws -> String {
            let flags = try run("/usr/bin/env", ["pkg-config", "--cflags-only-I", "libgvc"]).output
            let folder = flags.split(separator: " ").first { $0.hasPrefix("-I") }.map {
                String($0.dropFirst(2)).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return try #require(folder, "pkg-config --cflags-only-I libgvc gave \(flags)")
        }

        static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }

        /// Compiles a file that includes the shim and takes its function's address, against `headers`.
        static func compiles(against headers: String, in scratch: URL) throws -> (status: Int32, output: String) {
            let source = scratch.appendingPathComponent("use-shim.c")
            try "#include \"shim.h\"\nvoid *used = (void *)&digraph_render_data;\n".write(to: source, atomically: true, encoding: .utf8)
            return try run("/usr/bin/env", ["cc", "-fsyntax-only", "-Wall", "-Werror", "-I", headers, "-I", shimFolder, source.path])
        }

        @Test func theShimCompilesAgainstBothGvRenderDataSignatures() throws {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-shim-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let installed = try Self.installedHeaders()
            let installedResult = try Self.compiles(against: installed, in: scratch.creatingFolder())
            #expect(installedResult.status == 0, "\(installedResult.output)")

            // The installed headers with Graphviz 13's declaration and version macro.
            let thirteen = scratch.appendingPathComponent("graphviz13")
            try FileManager.default.copyItem(atPath: installed, toPath: thirteen.path)
            let gvc = thirteen.appendingPathComponent("gvc.h")
            var header = try String(contentsOf: gvc, encoding: .utf8)
            let declaration = try #require(
                header.range(of: #"char\s*\*\*\s*result,\s*unsigned int\s*\*\s*length\)"#, options: .regularExpression)
                    ?? header.range(of: #"char\s*\*\*\s*result,\s*size_t\s*\*\s*length\)"#, options: .regularExpression),
                "gvRenderData's declaration in \(installed)/gvc.h")
            header.replaceSubrange(declaration, with: "char **result, size_t *length)")
            try header.write(to: gvc, atomically: true, encoding: .utf8)
            let version = thirteen.appendingPathComponent("graphviz_version.h")
            let original = try String(contentsOf: version, encoding: .utf8)
            try (original + "\n#undef GRAPHVIZ_VERSION_MAJOR\n#define GRAPHVIZ_VERSION_MAJOR 13\n").write(to: version, atomically: true, encoding: .utf8)
            let thirteenResult = try Self.compiles(against: thirteen.path, in: scratch)
            #expect(thirteenResult.status == 0, "\(thirteenResult.output)")

            // 13's signature announced as 12: the shim picks unsigned int, and the compiler objects.
            try (original + "\n#undef GRAPHVIZ_VERSION_MAJOR\n#define GRAPHVIZ_VERSION_MAJOR 12\n").write(to: version, atomically: true, encoding: .utf8)
            let mismatch = try Self.compiles(against: thirteen.path, in: scratch)
            #expect(mismatch.status != 0)
            #expect(mismatch.output.contains("incompatible"), "\(mismatch.output)")
        }
    }

    extension URL {
        fileprivate func creatingFolder() throws -> URL {
            try FileManager.default.createDirectory(at: self, withIntermediateDirectories: true)
            return self
        }
    }
#endif
