import DeclaredCommands
import SchoolServer

/// `edujam server setup`: a school's store on this machine's PostgreSQL cluster in one command,
/// as root (``ServerSetup``; docs/admin.md).
enum ServerCommand: Command {
    static let declaration = CommandDeclaration(
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

    static func run(_ words: [String]) throws -> ExitStatus {
        let settings = try ServerSetupOptions.parse(words)
        let report = ServerSetup.Report(said: { Output.line($0) }, warned: { Output.error($0) })
        try ServerSetup.run(
            settings, program: Installation.executable,
            games: { try Installation.games(CommonOptions(games: settings.games)) }, report: report)
        return .success
    }
}
