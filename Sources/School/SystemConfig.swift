import Foundation

/// The machine's EduJam settings: `/etc/edujam/edujam.conf`, or the file `EDUJAM_CONFIG` names
/// (empty: none), written by `edujam server setup` so that every user's `edujam` finds the
/// school's store without an `EDUJAM_STORE` line in their profile.
///
/// One `key = value` a line; `#` starts a comment; blank lines are skipped. The keys are `store`,
/// read after `--store` and `EDUJAM_STORE`, and `read-store`, the address the commands that only
/// read use with it (a district's hot standby). A missing file is
/// no setting; a line that is not `key = value`, or a key EduJam does not know, is refused with the
/// file and the line, so a typo never sends a school's attempts to a student's own file.
public struct SystemConfig: Equatable, Sendable {
    /// The store every user of this machine uses, unless `--store` or `EDUJAM_STORE` says otherwise.
    public var store: String?
    /// Where the commands that only read (`report`, `inbox`, ...) read ``store`` from: a hot
    /// standby's address, so that reports do not load the server every save goes to.
    public var readStore: String?

    /// The file read when `EDUJAM_CONFIG` is not set.
    public static let defaultPath = "/etc/edujam/edujam.conf"

    /// The keys a config file may set.
    static let keys = ["store", "read-store"]

    /// The config file's path: `EDUJAM_CONFIG`, else ``defaultPath``; nil when `EDUJAM_CONFIG` is empty.
    public static func path(in environment: [String: String]) -> String? {
        guard let named = environment["EDUJAM_CONFIG"] else { return defaultPath }
        return named.isEmpty ? nil : named
    }

    /// The machine's settings, from the file at `path` (``path(in:)``); none when there is no file.
    /// - Throws: ``SystemConfigError`` for a file that cannot be read or a line that is not a setting.
    public static func load(from path: String?) throws -> SystemConfig {
        guard let path, FileManager.default.fileExists(atPath: path) else { return SystemConfig() }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw SystemConfigError(path: path, line: nil, problem: "cannot be read")
        }
        return try parse(text, path: path)
    }

    /// Reads the settings in `text`, naming `path` in errors.
    public static func parse(_ text: String, path: String) throws -> SystemConfig {
        var config = SystemConfig()
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let parts = trimmed.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw SystemConfigError(path: path, line: index + 1, problem: "is not 'key = value'")
            }
            switch parts[0] {
            case "store": config.store = parts[1]
            case "read-store": config.readStore = parts[1]
            default:
                throw SystemConfigError(
                    path: path, line: index + 1,
                    problem:
                        "sets '\(parts[0])', which EduJam does not know (it knows: \(keys.joined(separator: ", ")))")
            }
        }
        return config
    }

    /// The file's text for `store`, as `server setup` writes it.
    public static func text(store: String) -> String {
        """
        # EduJam's settings for every user of this machine (edujam server setup wrote them).
        # --store and EDUJAM_STORE still choose another store for one command or one user.
        store = \(store)

        """
    }
}

/// The config file cannot be used: names the file, the line and what is wrong.
public struct SystemConfigError: Error, CustomStringConvertible {
    let path: String
    let line: Int?
    let problem: String

    public var description: String {
        "the EduJam config file \(path)\(line.map { ", line \($0)," } ?? "") \(problem): mend it, or set EDUJAM_STORE"
    }
}
