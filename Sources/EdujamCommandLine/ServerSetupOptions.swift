import DeclaredCommands
import Foundation
import Runtime
import SchoolServer

/// `edujam server setup`, parsed once from the options ``declaration`` declares.
public enum ServerSetupOptions {
    /// `edujam server` as the command line declares it: its synopsis, options, actions and help, which dispatch,
    /// `--help`, the completions, the man page and docs/cli.md are made from.
    public static let declaration = CommandDeclaration(
        "server", summary: "set up a school's store on this machine's PostgreSQL server (as root)",
        example: "server setup --roster /srv/oneroster",
        description: """
            Run as root on the machine that runs PostgreSQL (Debian's cluster, or the one
            --socket-dir and --port name).
            """,
        options: setupOptions,
        actions: [
            CommandDeclaration(
                "setup",
                summary: "the owner, the database, peer logins, store init, /etc/edujam/edujam.conf, the roster",
                example: "server setup --roster /srv/oneroster", usage: ["server setup [--roster DIR]"],
                description: """
                    Creates the store owner's Unix account and PostgreSQL role (--owner, LOGIN
                    CREATEROLE), the database (--database), owned by it, and a pg_hba.conf line
                    'local DATABASE all peer' above the first rule, so that each Unix account is the
                    login of its name (never above a rule that asks for more: it stops and says
                    which), and reloads the server. Then, as the owner, store init (claimed for
                    --games, else the installed games), and writes the store's address to
                    /etc/edujam/edujam.conf (EDUJAM_CONFIG names another file), which every user's
                    edujam reads after --store and EDUJAM_STORE. With --roster DIR, class import
                    --oneroster DIR --create-logins as the owner. Run again, it says what is already
                    there and changes nothing. Ends with what teachers and students type next.
                    """, options: setupOptions)
        ],
        docs: "docs/admin.md")

    private static let setupOptions = [
        OptionDeclaration(
            "--roster", value: "DIR", "server setup: a OneRoster export to import, with logins", kind: .directory),
        OptionDeclaration("--database", value: "NAME", "server setup: the school's database (default: edujam)"),
        OptionDeclaration(
            "--owner", value: "NAME", "server setup: the store owner's role and Unix account (default: edujam)"),
        OptionDeclaration(
            "--socket-dir", value: "DIR", "server setup: the cluster's socket folder (default: /var/run/postgresql)",
            kind: .directory),
        OptionDeclaration("--port", value: "PORT", "server setup: the cluster's port (default: 5432)"),
    ]

    /// - Throws: ``UsageError`` for a missing or unknown action, positional words, a name PostgreSQL
    ///   and `useradd` would not both take (``ServerSettings/isName(_:)``), or a port that is not one.
    public static func parse(_ words: [String]) throws -> ServerSettings {
        let arguments = try Arguments(words, declared: Self.declaration.options)
        guard let action = arguments.positionals.first else { throw UsageError("server needs an action: setup") }
        guard action == "setup" else {
            throw UsageError("unknown server action '\(action)'\(Suggest.hint(for: action, among: ["setup"]))")
        }
        guard arguments.positionals.count == 1 else { throw UsageError("server setup takes no other words") }
        var settings = ServerSettings()
        if let database = arguments.value("--database") { settings.database = try name(database, "--database") }
        if let owner = arguments.value("--owner") { settings.owner = try name(owner, "--owner") }
        if let folder = arguments.value("--socket-dir") {
            guard folder.hasPrefix("/") else {
                throw UsageError("--socket-dir takes an absolute folder, not '\(folder)'")
            }
            settings.socketFolder = folder
        }
        if let text = arguments.value("--port") {
            guard let port = Int(text), (1...65_535).contains(port) else {
                throw UsageError("--port takes a port number (1 to 65535), not '\(text)'")
            }
            settings.port = port
        }
        settings.roster = arguments.value("--roster")
        settings.games = CommonOptions(arguments).games
        return settings
    }

    private static func name(_ text: String, _ option: String) throws -> String {
        guard ServerSettings.isName(text) else {
            throw UsageError(
                "\(option) takes a name of lower-case letters, digits and _ (at most 31, not starting with a digit), not '\(text)'"
            )
        }
        return text
    }
}
