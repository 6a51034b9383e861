import Foundation
import Runtime

/// `edujam server setup`, parsed once from the options ``ServerCommand/declaration`` declares.
struct ServerSetupOptions: Equatable {
    /// The school's database.
    var database = "edujam"
    /// The store owner's PostgreSQL role, and its Unix account of the same name (peer authentication).
    var owner = "edujam"
    /// The folder of the cluster's Unix socket, libpq's `host`.
    var socketFolder = ServerSetupOptions.debianSocketFolder
    /// The cluster's port (it names the socket file).
    var port = 5432
    /// A OneRoster export to import with logins, once the store is made.
    var roster: String?
    /// The games folder the store is claimed for (`--games`), nil for the installed games.
    var games: String?

    /// Where Debian's clusters put their socket.
    static let debianSocketFolder = "/var/run/postgresql"

    /// - Throws: ``UsageError`` for a missing or unknown action, positional words, a name PostgreSQL
    ///   and `useradd` would not both take, or a port that is not one.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: ServerCommand.declaration.options)
        guard let action = arguments.positionals.first else { throw UsageError("server needs an action: setup") }
        guard action == "setup" else {
            throw UsageError("unknown server action '\(action)'\(Suggest.hint(for: action, among: ["setup"]))")
        }
        guard arguments.positionals.count == 1 else { throw UsageError("server setup takes no other words") }
        if let database = arguments.value("--database") { self.database = try Self.name(database, "--database") }
        if let owner = arguments.value("--owner") { self.owner = try Self.name(owner, "--owner") }
        if let folder = arguments.value("--socket-dir") {
            guard folder.hasPrefix("/") else {
                throw UsageError("--socket-dir takes an absolute folder, not '\(folder)'")
            }
            socketFolder = folder
        }
        if let text = arguments.value("--port") {
            guard let port = Int(text), (1...65_535).contains(port) else {
                throw UsageError("--port takes a port number (1 to 65535), not '\(text)'")
            }
            self.port = port
        }
        roster = arguments.value("--roster")
        games = CommonOptions(arguments).games
    }

    /// A role, database or account name as setup takes it: lower-case letters, digits and `_`,
    /// starting with a letter or `_`, at most 31 characters, so it is the same word to PostgreSQL
    /// (no quoting), to `useradd` and in a URL.
    private static func name(_ text: String, _ option: String) throws -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_")
        guard let first = text.first, first == "_" || first.isLetter, text.count <= 31,
            text.allSatisfy({ allowed.contains($0) })
        else {
            throw UsageError(
                "\(option) takes a name of lower-case letters, digits and _ (at most 31, not starting with a digit), not '\(text)'"
            )
        }
        return text
    }

    /// The store's address for everyone on this machine: `postgresql:///DATABASE`, with the socket
    /// folder and port when they are not Debian's defaults. No user: each person's own login.
    var storeURL: String {
        var query: [String] = []
        if socketFolder != Self.debianSocketFolder {
            query.append("host=" + (socketFolder.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        }
        if port != 5432 { query.append("port=\(port)") }
        return "postgresql:///\(database)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }
}
