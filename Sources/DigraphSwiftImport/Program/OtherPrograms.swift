import DigraphCore

/// Code only programs without a `@main` type build: an app extension (share, action,
/// notification service), which the system starts through the principal class its Info.plist
/// names, in a process of its own with a container of its own. Where the Xcode project or Tuist's
/// `Project.swift` says which programs build each file, and which build the `@main` types' files,
/// a registration in a file none of the latter builds is that other program's: checked on its own
/// with the resolves made in its files, never a duplicate of the app's (HongikGraduationProject's
/// Action Extension re-registers eight of the app's keys).
struct OtherPrograms {
    struct Program {
        /// The programs building its files, as the project names them (`Project.swift: ActionExtension`).
        var name: String
        /// The registrations made in its files, by offset.
        var offsets: [Int]
        /// The resolves made in its files.
        var resolves: Set<DigraphCore.SourceLocation>
    }

    private(set) var programs: [Program] = []

    /// `registrations`: every registration's location, by offset; `kept`: the offsets still in the
    /// app's graph; `programsOf`: the programs building each file, where the project says.
    init(
        registrations: [DigraphCore.SourceLocation], kept: Set<Int>, resolves: [DigraphCore.SourceLocation], mains: [DigraphCore.SourceLocation],
        programsOf: [String: Set<String>]
    ) {
        // The project must say what builds every `@main` file: else an app may be any program.
        let mainPrograms = mains.map { programsOf[$0.file] }
        guard !mainPrograms.isEmpty, mainPrograms.allSatisfy({ $0?.isEmpty == false }) else { return }
        let apps = mainPrograms.reduce(into: Set<String>()) { $0.formUnion($1!) }
        func program(of file: String) -> String? {
            guard let built = programsOf[file], !built.isEmpty, built.isDisjoint(with: apps) else { return nil }
            return built.sorted().joined(separator: ", ")
        }
        var byName: [String: Program] = [:]
        for offset in kept.sorted() {
            guard let name = program(of: registrations[offset].file) else { continue }
            byName[name, default: Program(name: name, offsets: [], resolves: [])].offsets.append(offset)
        }
        guard !byName.isEmpty else { return }
        for resolve in resolves {
            guard let name = program(of: resolve.file) else { continue }
            byName[name]?.resolves.insert(resolve)
        }
        programs = byName.keys.sorted().map { byName[$0]! }
    }
}
