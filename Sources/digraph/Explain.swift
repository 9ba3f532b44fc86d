import ArgumentParser
import DigraphKit
import Foundation

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain a diagnostic code, with an example manifest and what check reports for it.",
        discussion: "Without a code, lists every code with its default severity and summary.")

    @ArgumentParser.Argument(help: "A diagnostic code, such as cycle or captive-dependency.")
    var code: String?

    func validate() throws {
        guard let code, RuleCatalog.description(of: DiagnosticCode(rawValue: code)) == nil else { return }
        let codes = RuleCatalog.descriptions.map(\.code.rawValue)
        let hint = nearSpellings(of: code, in: codes).first.map { " (did you mean '\($0)'?)" } ?? ""
        throw ValidationError("unknown code '\(code)'\(hint); the codes are: \(codes.joined(separator: ", "))")
    }

    func run() {
        guard let code, let rule = RuleCatalog.description(of: DiagnosticCode(rawValue: code)) else {
            let width = RuleCatalog.descriptions.map(\.code.rawValue.count).max() ?? 0
            for rule in RuleCatalog.descriptions {
                let name = rule.code.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
                let severity = rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                print("\(name)  \(severity)  \(rule.summary)")
            }
            return
        }
        print("\(rule.code) (\(rule.severity.rawValue) by default)\n")
        print(rule.summary + " " + rule.rationale)
        if let example = rule.triggering.first {
            print("\nFor example, this manifest:\n")
            print(example.manifest.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
            print("\nis reported as (line:column: severity: message [code]):\n")
            for diagnostic in example.expected {
                print(diagnostic.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            }
        }
        if !rule.inSwift.isEmpty {
            print("\nRead from Swift sources, the fix is said in Swift's words:\n")
            for (manifest, swift) in rule.inSwift { print("    \(manifest)\n      becomes: \(swift)") }
        }
        if let fine = rule.nonTriggering.first {
            print("\nand this one is fine:\n")
            print(fine.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
        }
    }
}
