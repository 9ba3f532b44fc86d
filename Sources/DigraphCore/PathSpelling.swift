/// One spelling per path, so that `DI`, `DI/`, `./DI`, an absolute path and `../x/DI` name the
/// same folder the same way in generated headers and reports. Purely textual: links are not
/// resolved, because the spelling a user sees should be one they recognise.
public enum PathSpelling {
    /// `path` made absolute against `directory` (itself absolute), without `.`, `..`, `//` or a
    /// trailing slash.
    public static func absolute(_ path: String, from directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        var components: [Substring] = []
        for component in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// `path` as seen from `directory` (both absolute, as `absolute` returns them): `a/b.yaml`,
    /// `../x/DI`, or `.` for the directory itself.
    public static func relative(_ path: String, to directory: String) -> String {
        let target = path.split(separator: "/"), base = directory.split(separator: "/")
        var shared = 0
        while shared < target.count, shared < base.count, target[shared] == base[shared] { shared += 1 }
        let components = Array(repeating: "..", count: base.count - shared) + target[shared...].map(String.init)
        return components.isEmpty ? "." : components.joined(separator: "/")
    }
}
