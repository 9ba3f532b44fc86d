import Foundation
import Testing

/// Every file of the hostile corpus ends in exit 2 with a located schema error, quickly:
/// never a crash, a hang or an unlocated message.
struct HostileInputTests {
    static let corpus: [String] = {
        let directory = CLIRunner.packageRoot.appendingPathComponent("fixtures/broken/hostile")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasSuffix(".py") }.sorted()
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.corpus.count >= 30)
    }

    @Test(arguments: corpus)
    func hostileFileIsRejectedWithALocation(_ name: String) throws {
        let path = "fixtures/broken/hostile/\(name)"
        let result = try CLIRunner.run(["check", path], timeout: 10)
        #expect(result.status == 2, "\(name): \(result.stdout)\(result.stderr)")
        #expect(result.stderr == "")
        let firstLine = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        let located = try Regex("^\(NSRegularExpression.escapedPattern(for: path)):[0-9]+:[0-9]+: error: .+ \\[schema\\]$")
        #expect(firstLine.wholeMatch(of: located) != nil, "\(name): \(firstLine.prefix(300))")
        #expect(result.stdout.utf8.count < 10_000, "messages quote at most a short prefix of a value")
        #expect(!result.stdout.contains("\u{1B}"), "no raw control characters reach the terminal")
        #expect(result.seconds < 5, "\(name) took \(result.seconds) s")
    }
}
