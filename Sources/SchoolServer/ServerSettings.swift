import Foundation

/// What `server setup` makes: the school's database, its owner, the cluster it is on, and what
/// the store is claimed for. The command line gives each value; the defaults are Debian's.
public struct ServerSettings: Equatable, Sendable {
    /// The school's database.
    public var database = "edujam"
    /// The store owner's PostgreSQL role, and its Unix account of the same name (peer authentication).
    public var owner = "edujam"
    /// The folder of the cluster's Unix socket, libpq's `host`.
    public var socketFolder = ServerSettings.debianSocketFolder
    /// The cluster's port (it names the socket file).
    public var port = 5432
    /// A OneRoster export to import with logins, once the store is made.
    public var roster: String?
    /// The games folder the store is claimed for (`--games`), nil for the installed games.
    public var games: String?

    /// Where Debian's clusters put their socket.
    public static let debianSocketFolder = "/var/run/postgresql"

    public init() {}

    /// Whether `text` is a role, database or account name as setup takes it: lower-case letters,
    /// digits and `_`, starting with a letter or `_`, at most 31 characters, so it is the same word
    /// to PostgreSQL (no quoting), to `useradd` and in a URL.
    public static func isName(_ text: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_")
        guard let first = text.first, first == "_" || first.isLetter, text.count <= 31 else { return false }
        return text.allSatisfy { allowed.contains($0) }
    }

    /// The store's address for everyone on this machine: `postgresql:///DATABASE`, with the socket
    /// folder and port when they are not Debian's defaults. No user: each person's own login.
    public var storeURL: String {
        var query: [String] = []
        if socketFolder != Self.debianSocketFolder {
            query.append("host=" + (socketFolder.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        }
        if port != 5432 { query.append("port=\(port)") }
        return "postgresql:///\(database)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }
}
