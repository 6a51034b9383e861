import Foundation
import Runtime
import School

/// `edujam server setup`: a school's store on the PostgreSQL cluster of this machine, as
/// docs/admin.md did it by hand, each step said as done or as already there.
///
/// Everything that could stop it is checked first (root, PostgreSQL, a cluster that answers, a
/// `pg_hba.conf` rule it must not override, a database or config file that is someone else's), so
/// a refusal changes nothing. Then: the owner's Unix account and role, the database, the peer line
/// (``PeerRule``) and a reload, `store init` as the owner, the machine's config file
/// (``SystemConfig``) and, with `--roster`, the OneRoster import with logins as the owner.
public struct ServerSetup {
    let options: ServerSettings
    let tools: ServerTools
    let configPath: String
    /// The cluster's `pg_hba.conf`, as the server names it (`hba_file`).
    let hbaPath: String
    let games: String
    let report: Report

    /// Where setup says what it did: a line per step (`said`), and what a step it ran warned of.
    public struct Report: Sendable {
        /// A line for the person running setup (stdout).
        public let said: @Sendable (String) -> Void
        /// A warning a step passed on (stderr).
        public let warned: @Sendable (String) -> Void

        public init(said: @escaping @Sendable (String) -> Void, warned: @escaping @Sendable (String) -> Void) {
            self.said = said
            self.warned = warned
        }
    }

    /// Checks what setup needs, runs each step and says what teachers and students type next.
    /// - Parameters:
    ///   - options: What to make.
    ///   - program: The `edujam` to run as the owner (`store init`, `class import`): an absolute path.
    ///   - games: The games folder the store is claimed for, asked only once every check before it passed.
    ///   - report: Where each step is said.
    /// - Throws: ``ServerSetupError`` saying what is missing or wrong and what to do; what `games` throws.
    public static func run(
        _ options: ServerSettings, program: String, games: () throws -> String, report: Report
    ) throws {
        guard geteuid() == 0 else {
            throw ServerSetupError(
                "server setup runs as root (sudo edujam server setup ...): it creates the store owner's Unix account, "
                    + "adds a line to pg_hba.conf and writes \(SystemConfig.path(in: ProcessInfo.processInfo.environment) ?? SystemConfig.defaultPath)"
            )
        }
        guard let binaries = ServerTools.binaries else {
            throw ServerSetupError(
                "no PostgreSQL on this machine (no psql in /usr/lib/postgresql/*/bin): "
                    + "install it (apt-get install postgresql), then run server setup again")
        }
        guard let configPath = SystemConfig.path(in: ProcessInfo.processInfo.environment) else {
            throw ServerSetupError(
                "EDUJAM_CONFIG is empty: name the file setup writes, or unset it for \(SystemConfig.defaultPath)")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-setup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o711])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let tools = ServerTools(psql: binaries + "/psql", program: program, options: options, scratch: scratch)
        let hbaPath = try answeringCluster(tools)
        let setup = ServerSetup(
            options: options, tools: tools, configPath: configPath, hbaPath: hbaPath,
            games: PathText.absolute(try games()),
            report: report)
        let peer = try setup.checkFirst()
        try setup.act(peer: peer)
        setup.sayNext()
    }

    /// The cluster's `pg_hba.conf`, asked of the cluster itself (any cluster, Debian's or not).
    /// - Throws: ``ServerSetupError`` when it does not answer the superuser.
    private static func answeringCluster(_ tools: ServerTools) throws -> String {
        let probe = try tools.sql("SHOW hba_file")
        let version = URL(fileURLWithPath: tools.psql).deletingLastPathComponent().deletingLastPathComponent()
            .lastPathComponent
        guard probe.status == 0 else {
            throw ServerSetupError(
                "the PostgreSQL cluster at \(tools.options.socketFolder) (port \(tools.options.port)) does not answer "
                    + "\(ServerTools.superuser): \(probe.said); start it (Debian: pg_ctlcluster \(version) main start), "
                    + "or name the running one with --socket-dir and --port")
        }
        return probe.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every refusal, before anything changes.
    /// - Returns: What the peer line needs.
    private func checkFirst() throws -> PeerRule.Decision {
        guard let hba = try? String(contentsOfFile: hbaPath, encoding: .utf8) else {
            throw ServerSetupError("cannot read the cluster's \(hbaPath)")
        }
        let peer = PeerRule.decide(hba, database: options.database)
        if case .stricter(let line, let text) = peer {
            throw ServerSetupError(
                "\(hbaPath) line \(line) (\(text)) asks local logins to \(options.database) for more than peer "
                    + "authentication; setup does not override it. To let each Unix account in as the login of its name, "
                    + "add '\(PeerRule.lines(database: options.database)[1])' above it yourself, then run server setup again"
            )
        }
        if let store = try SystemConfig.load(from: configPath).store, store != options.storeURL {
            throw ServerSetupError(
                "\(configPath) already names another store, \(store): left as it is; remove that line (or the file) "
                    + "to make this machine's store \(options.storeURL)")
        }
        let owner = try tools.require(
            "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = '\(options.database)'",
            doing: "reading the databases")
        if !owner.isEmpty, owner != options.owner {
            throw ServerSetupError(
                "the database \(options.database) exists and belongs to \(owner), not \(options.owner): "
                    + "run setup with --owner \(owner), or choose another --database")
        }
        if let roster = options.roster, !FileManager.default.fileExists(atPath: roster + "/manifest.csv") {
            throw ServerSetupError("--roster \(roster): no OneRoster export there (no manifest.csv)")
        }
        return peer
    }

    /// The steps, in order, each said in one line.
    private func act(peer: PeerRule.Decision) throws {
        try account()
        try role()
        try database()
        try peerLine(peer)
        try storeInit()
        try config()
        if let roster = options.roster { try importRoster(roster) }
    }

    func say(_ what: String, _ outcome: String) { report.said("\(what): \(outcome)") }
}
