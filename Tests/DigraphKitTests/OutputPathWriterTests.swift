import DigraphKit
import Foundation
import Testing

/// `OutputPath.write`, the one writer every command's output goes through, tested directly: it is
/// pure Swift, so these run in the build without Graphviz too (the CLI tests in
/// `OutputPathTests` check the commands' wiring with real pictures).
struct OutputPathWriterTests {
    private func refusal(_ bytes: String = "new", to path: String, readingFrom inputs: [String] = []) -> String? {
        do {
            try OutputPath.write(Array(bytes.utf8), to: path, readingFrom: inputs)
            return nil
        } catch {
            return "\(error)"
        }
    }

    private func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func aNewFileIsWrittenWholeWithAnOrdinaryModeAndNothingLeftBeside() throws {
        try DigraphKitTests.withScratch { folder in
            let target = folder + "/Generated/Container.swift"
            #expect(refusal("let x = 1\n", to: target) == nil, "a missing parent folder is created")
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "let x = 1\n")
            #expect(refusal("let x = 2\n", to: target) == nil, "a regular file is replaced")
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "let x = 2\n")
            let mask = umask(0)
            umask(mask)
            let mode = try #require(FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int)
            #expect(mode == 0o666 & ~Int(mask))
            #expect(names(in: folder + "/Generated") == ["Container.swift"], "no temporary file is left")
        }
    }

    @Test func anInputIsNeverOverwrittenWhateverItsSpelling() throws {
        try DigraphKitTests.withScratch { folder in
            let manifest = folder + "/app.yaml"
            try "version: 1\n".write(toFile: manifest, atomically: true, encoding: .utf8)
            for spelling in [manifest, folder + "/./app.yaml", folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + "/app.yaml"] {
                #expect(
                    refusal(to: spelling, readingFrom: [manifest])
                        == "\(spelling) is one of the files this command reads; refusing to overwrite an input. Choose another output path")
            }
            #expect(try String(contentsOfFile: manifest, encoding: .utf8) == "version: 1\n")
        }
    }

    @Test func whatIsNotARegularWritableReadableFileIsNotReplaced() throws {
        try DigraphKitTests.withScratch { folder in
            let fifo = folder + "/pipe"
            #expect(mkfifo(fifo, 0o644) == 0)
            let real = folder + "/real.svg"
            try "keep".write(toFile: real, atomically: true, encoding: .utf8)
            let link = folder + "/link.svg"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
            let readOnly = folder + "/kept.svg"
            try "keep".write(toFile: readOnly, atomically: true, encoding: .utf8)
            chmod(readOnly, 0o444)
            let writeOnly = folder + "/secret.svg"
            try "keep".write(toFile: writeOnly, atomically: true, encoding: .utf8)
            chmod(writeOnly, 0o200)
            defer { chmod(writeOnly, 0o600) }

            #expect(refusal(to: fifo) == "\(fifo) is not a regular file (a folder, a FIFO or a device); choose a file path")
            #expect(refusal(to: "/dev/null") == "/dev/null is not a regular file (a folder, a FIFO or a device); choose a file path")
            #expect(refusal(to: folder) == "\(folder) is not a regular file (a folder, a FIFO or a device); choose a file path")
            #expect(refusal(to: link) == "\(link) is a symbolic link; give the path of the file itself")
            #expect(refusal(to: readOnly) == "\(readOnly) is read-only; refusing to replace it. Make it writable or choose another output path")
            #expect(
                refusal(to: writeOnly)
                    == "\(writeOnly) exists but cannot be read, so digraph cannot tell what it is; refusing to replace it. Move it away or choose another output path"
            )

            var status = stat()
            #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
            #expect(try String(contentsOfFile: real, encoding: .utf8) == "keep")
            #expect(try String(contentsOfFile: readOnly, encoding: .utf8) == "keep")
            #expect(names(in: folder) == ["kept.svg", "link.svg", "pipe", "real.svg", "secret.svg"])
        }
    }

    /// An earlier writer used `.<name>.<pid>.tmp`: links planted at those names must not be followed.
    @Test func aPlantedLinkAtAPredictableTemporaryNameIsNotFollowed() throws {
        try DigraphKitTests.withScratch { folder in
            let victim = folder + "/victim.txt"
            try "precious".write(toFile: victim, atomically: true, encoding: .utf8)
            for pid in 1...400 {
                try FileManager.default.createSymbolicLink(atPath: folder + "/.out.svg.\(pid).tmp", withDestinationPath: victim)
            }
            #expect(refusal("<svg/>", to: folder + "/out.svg") == nil)
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
            #expect(try String(contentsOfFile: folder + "/out.svg", encoding: .utf8) == "<svg/>")
            #expect(names(in: folder).filter { !$0.hasSuffix(".tmp") } == ["out.svg", "victim.txt"])
        }
    }
}
