import Foundation

/// The one way EduJam works out folders from a path a person typed (`edujam play g`, `test .`,
/// `--record x.play`), or one built from it.
///
/// `NSString.deletingLastPathComponent` traps on a one-character path on Linux (`g`), so a
/// command given an ordinary folder name crashed. Here a path is first made absolute and
/// standardized (relative to the current folder, `.` and `..` resolved, trailing slashes
/// dropped), which leaves at least `/` to take a component from; the last step is done by bytes.
public enum PathText {
    /// `path` as an absolute, standardized path: `/home/ana/games/g` for `g/` typed in
    /// `/home/ana/games`, `/` for `..` typed in `/home`.
    public static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standardized = URL(fileURLWithPath: full).standardizedFileURL.path
        return standardized.isEmpty ? "/" : standardized
    }

    /// The folder holding `path`, absolute: `/home/ana/games` for `g`, `/` for `/`.
    public static func parent(of path: String) -> String {
        let bytes = absolute(path).utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), slash != bytes.startIndex else { return "/" }
        return String(Substring(bytes[..<slash]))
    }

    /// The last component of `path` once it is absolute: `g` for `./g/`, the current folder's
    /// name for `.`, `/` for `/`.
    public static func name(of path: String) -> String {
        let full = absolute(path)
        guard full != "/", let slash = full.utf8.lastIndex(of: UInt8(ascii: "/")) else { return full }
        return String(Substring(full.utf8[full.utf8.index(after: slash)...]))
    }
}
