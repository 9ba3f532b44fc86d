/// The compilation conditions an Xcode project sets in each build configuration
/// (`SWIFT_ACTIVE_COMPILATION_CONDITIONS`), to tell which flags the app's debug and release builds
/// leave unset: a flag a project sets only in other configurations (`Debug-AllFeatures`) is unset
/// in its `Debug` and `Release` ones, so `#if ALL_FEATURES_ENABLED … #else … #endif` reads the
/// `#else` (vladblajovan/Ritualist: a mock service read as the app's). Only where the project has
/// both a `Debug` and a `Release` configuration: other names say nothing about what ships.
struct ProjectConditions {
    /// A flag some configurations set and neither `Debug` nor `Release` does, with where it is set.
    struct UnsetFlag: Equatable {
        var flag: String
        var configurations: [String]
        var project: String
    }

    private(set) var unset: [UnsetFlag] = []

    init() {}

    /// `project`: how messages name the `project.pbxproj`; `text`: its contents.
    mutating func read(_ text: String, project: String) {
        var flagsOf: [String: Set<String>] = [:]
        for (name, flags) in Self.configurations(in: text) { flagsOf[name, default: []].formUnion(flags) }
        guard let debug = flagsOf["Debug"], let release = flagsOf["Release"] else { return }
        let standard = debug.union(release).union(["DEBUG"])
        var setIn: [String: Set<String>] = [:]
        for (name, flags) in flagsOf { for flag in flags.subtracting(standard) { setIn[flag, default: []].insert(name) } }
        for (flag, names) in setIn.sorted(by: { $0.key < $1.key }) where !unset.contains(where: { $0.flag == flag }) {
            unset.append(UnsetFlag(flag: flag, configurations: names.sorted(), project: project))
        }
    }

    /// Each `XCBuildConfiguration`'s name and the conditions it sets. Its `buildSettings` come
    /// before its `name = …;`, and no other setting holds a configuration's name.
    static func configurations(in text: String) -> [(name: String, flags: Set<String>)] {
        var found: [(name: String, flags: Set<String>)] = []
        var rest = text[...]
        while let isa = rest.range(of: "isa = XCBuildConfiguration;") {
            let block = rest[isa.upperBound...]
            guard let nameStart = block.range(of: "\n\t\t\tname = "), let nameEnd = block[nameStart.upperBound...].firstIndex(of: ";") else { break }
            let name = String(block[nameStart.upperBound..<nameEnd].filter { $0 != "\"" })
            var flags = Set<String>()
            let settings = block[..<nameStart.lowerBound]
            if let setting = settings.range(of: "SWIFT_ACTIVE_COMPILATION_CONDITIONS = "), let end = settings[setting.upperBound...].firstIndex(of: ";") {
                let value = settings[setting.upperBound..<end]
                for word in value.split(whereSeparator: { " \t\n\",()".contains($0) }) where !word.hasPrefix("$(") {
                    flags.insert(String(word))
                }
            }
            found.append((name, flags))
            rest = block[nameEnd...]
        }
        return found
    }
}
