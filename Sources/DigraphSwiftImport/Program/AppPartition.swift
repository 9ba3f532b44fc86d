import DigraphCore

/// Several `@main` types in one repository are several apps (targets: an app and its admin app,
/// an iOS and a macOS app, a widget). Each app is its `@main` type, the folder only it is in, and
/// the registrations its entry reaches. An app's graph is what its entry reaches and what no entry
/// reaches (code that runs later, or that digraph cannot place) outside the other apps' folders: one
/// app's registration never counts as another's duplicate, and one app's missing registration is
/// not hidden by another's.
struct AppPartition {
    struct App {
        /// The `@main` type's name, as messages name the app.
        var name: String
        var main: DigraphCore.SourceLocation
        /// The folder only this app's `@main` file is in (ending in `/`); nil when another app's
        /// `@main` file is in the same folder or one of its folders.
        var folder: String?
        /// The registrations this app's entry reaches, by location: code it is known to run.
        var reached: Set<DigraphCore.SourceLocation> = []
        /// The resolves in code its entry's walk runs, wherever that code is.
        var ranResolves: Set<DigraphCore.SourceLocation> = []
        /// The programs its Xcode project builds its `@main` file into (`Windscribe.xcodeproj:
        /// WindscribeTV`); nil where no project says.
        var programs: Set<String>?

        var label: String { "the app '\(name)' (\(main.file):\(main.line))" }
    }

    var apps: [App]
    /// The registrations some app's entry reaches.
    var reachedByAny: Set<DigraphCore.SourceLocation> = []
    /// The folders of `@main` types with no graph of their own (they register nothing): their code
    /// is theirs, in no app's graph.
    var setAside: [String] = []
    /// The programs an Xcode project builds each file into, where it says: a file another app's
    /// target builds and this one's does not is never this app's, whatever the folders.
    var programsOf: [String: Set<String>] = [:]

    /// Whether code at `path` is a `@main` type's that has no graph of its own.
    func isSetAside(_ path: String) -> Bool { setAside.contains(where: path.hasPrefix) }

    /// The folder of each `@main` file that holds no other one: its target's folder where the
    /// layout says it (`AdminApp/` of Tuist's `AdminApp/Sources/…`, `Sources/WordCheckerMac/` of
    /// SwiftPM's), else the shallowest folder above it that holds no other `@main` file.
    /// `modules`: each `@main` file's SwiftPM target, where known: its folder is `Sources/<target>/`,
    /// never the package around it, which holds the targets the apps share (generics-pizza's bot
    /// beside `GenericsCore`).
    static func folders(of mains: [String], modules: [String?] = []) -> [String?] {
        let directories = mains.map { $0.split(separator: "/").dropLast().map(String.init) }
        return directories.indices.map { index in
            let own = directories[index]
            func holdsOnlyThis(_ depth: Int) -> Bool {
                directories.indices.allSatisfy { $0 == index || !directories[$0].starts(with: own.prefix(depth)) }
            }
            var candidates: [Int] = []
            if index < modules.count, let module = modules[index],
                let target = own.indices.dropLast().first(where: { own[$0] == "Sources" && own[$0 + 1] == module })
            {
                candidates.append(target + 2)
            }
            if let sources = own.lastIndex(where: { $0 == "Sources" || $0 == "Source" }) {
                candidates.append(sources)
                if sources + 1 < own.count { candidates.append(sources + 2) }
            }
            let shared = directories.indices.filter { $0 != index }.map { other in zip(own, directories[other]).prefix { $0 == $1 }.count }.max() ?? 0
            if shared < own.count { candidates.append(shared + 1) }
            guard let depth = candidates.first(where: { $0 > 0 && holdsOnlyThis($0) }) else { return nil }
            return own.prefix(depth).joined(separator: "/") + "/"
        }
    }

    /// Apps told apart by their folders alone (no entry reaches a Factory declaration): those whose
    /// folder declares a registration; nil when fewer than two do.
    static func byFolders(
        mains: [(name: String, location: DigraphCore.SourceLocation)], modules: [String?], registeredAt registrations: [DigraphCore.SourceLocation]
    ) -> AppPartition? {
        guard mains.count > 1 else { return nil }
        let folders = folders(of: mains.map(\.location.file), modules: modules)
        let partition = AppPartition(apps: mains.indices.map { App(name: mains[$0].name, main: mains[$0].location, folder: folders[$0]) })
        return partition.keepingAppsThatRegister(registeredAt: registrations)
    }

    /// The app whose folder holds a file, if one does.
    func app(ofFile path: String) -> Int? {
        apps.indices.filter { apps[$0].folder.map(path.hasPrefix) ?? false }.max { apps[$0].folder!.count < apps[$1].folder!.count }
    }

    /// Whether the app's program builds `file`, where the project says of both; nil otherwise.
    func builds(_ file: String, in app: Int) -> Bool? {
        guard let own = apps[app].programs, let built = programsOf[file] else { return nil }
        return !own.isDisjoint(with: built)
    }

    /// Whether an app's graph holds the registration at `location`: its entry reaches it, or no
    /// entry does and it is not in another app's folder. Where the project says which programs
    /// build the file, one the app's program does not build is never its own.
    func holds(_ location: DigraphCore.SourceLocation, in app: Int) -> Bool {
        if let built = builds(location.file, in: app) {
            return built && (apps[app].reached.contains(location) || !reachedByAny.contains(location))
        }
        if apps[app].reached.contains(location) { return true }
        return !reachedByAny.contains(location) && [nil, app].contains(self.app(ofFile: location.file)) && !isSetAside(location.file)
    }

    /// Whether the apps' graphs differ at all: some registration is not in every one.
    var differ: Bool {
        apps.contains { app in reachedByAny.contains { !app.reached.contains($0) } }
            || apps.indices.contains { index in apps[index].folder != nil }
            || Set(apps.map(\.programs)).count > 1
    }

    /// Only the apps that register something: their entry reaches a registration, or their folder
    /// makes one (ruuvi's widget extension applies its own assemblies from code its entry does not
    /// reach; so does the app). A `@main` type that registers nothing (a widget or a test bundle
    /// resolving from a container the code shares) has no graph of its own to check. Nil when
    /// fewer than two remain or their graphs are one.
    func keepingAppsThatRegister(registeredAt registrations: [DigraphCore.SourceLocation]) -> AppPartition? {
        var registering = Set(registrations.compactMap { app(ofFile: $0.file) })
        for index in apps.indices where registrations.contains(where: { builds($0.file, in: index) == true }) { registering.insert(index) }
        let registers = { (index: Int) in !self.apps[index].reached.isEmpty || registering.contains(index) }
        var kept = self
        kept.apps = apps.indices.filter(registers).map { apps[$0] }
        kept.setAside = apps.indices.filter { !registers($0) }.compactMap { apps[$0].folder }
        return kept.apps.count > 1 && kept.differ ? kept : nil
    }
}
