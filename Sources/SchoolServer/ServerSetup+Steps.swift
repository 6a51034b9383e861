import Foundation
import Runtime
import School

extension ServerSetup {
    /// The store owner's Unix account, for peer authentication: a system account with no login
    /// shell, its home in /var/lib. An account of that name already there is used as it is.
    func account() throws {
        guard getpwnam(options.owner) == nil else {
            return say("Unix account \(options.owner)", "already there")
        }
        let home = "/var/lib/\(options.owner)"
        let made = try ServerTools.run(
            [
                "/usr/sbin/useradd", "--system", "--user-group", "--home-dir", home, "--create-home",
                "--shell", "/usr/sbin/nologin", options.owner,
            ], scratch: tools.scratch)
        guard made.status == 0 else {
            throw ServerSetupError("useradd \(options.owner) failed: \(made.said)")
        }
        say("Unix account \(options.owner)", "created (a system account without a login shell, home \(home))")
    }

    /// The owner's role: LOGIN, and CREATEROLE for the group roles and the students' logins.
    func role() throws {
        let name = options.owner
        let rights = try tools.require(
            "SELECT rolcanlogin AND rolcreaterole FROM pg_roles WHERE rolname = '\(name)'", doing: "reading the roles")
        switch rights {
        case "t":
            say("PostgreSQL role \(name)", "already there (LOGIN CREATEROLE)")
        case "f":
            try tools.require("ALTER ROLE \(name) LOGIN CREATEROLE", doing: "ALTER ROLE \(name)")
            say("PostgreSQL role \(name)", "already there, now LOGIN CREATEROLE")
        default:
            try tools.require("CREATE ROLE \(name) LOGIN CREATEROLE", doing: "CREATE ROLE \(name)")
            say("PostgreSQL role \(name)", "created (LOGIN CREATEROLE: the store's owner)")
        }
    }

    /// The database, owned by the owner (``checkFirst()`` refused one owned by anyone else).
    func database() throws {
        let exists = try tools.require(
            "SELECT 1 FROM pg_database WHERE datname = '\(options.database)'", doing: "reading the databases")
        guard exists.isEmpty else {
            return say("Database \(options.database)", "already there, owned by \(options.owner)")
        }
        try tools.require(
            "CREATE DATABASE \(options.database) OWNER \(options.owner)", doing: "CREATE DATABASE \(options.database)")
        say("Database \(options.database)", "created, owned by \(options.owner)")
    }

    /// The peer line, above the file's first rule, and a reload; the file keeps its owner and mode.
    func peerLine(_ decision: PeerRule.Decision) throws {
        guard case .insert(let index) = decision else {
            return say(hbaPath, "local logins to \(options.database) already go by peer authentication")
        }
        let text = try String(contentsOfFile: hbaPath, encoding: .utf8)
        let attributes = try FileManager.default.attributesOfItem(atPath: hbaPath)
        let written = hbaPath + ".edujam-new"
        try Data(PeerRule.inserting(into: text, before: index, database: options.database).utf8)
            .write(to: URL(fileURLWithPath: written))
        try FileManager.default.setAttributes(
            [
                .ownerAccountID: attributes[.ownerAccountID] as Any,
                .groupOwnerAccountID: attributes[.groupOwnerAccountID] as Any,
                .posixPermissions: attributes[.posixPermissions] as Any,
            ], ofItemAtPath: written)
        guard rename(written, hbaPath) == 0 else {
            try? FileManager.default.removeItem(atPath: written)
            throw ServerSetupError("cannot write \(hbaPath): \(String(cString: strerror(errno)))")
        }
        try tools.require("SELECT pg_reload_conf()", doing: "reloading the server")
        let errors = try tools.require(
            "SELECT line_number || ': ' || error FROM pg_hba_file_rules WHERE error IS NOT NULL",
            doing: "reading pg_hba.conf back")
        guard errors.isEmpty else { throw ServerSetupError("the server reads \(hbaPath) with errors: \(errors)") }
        say(
            hbaPath,
            "added '\(PeerRule.lines(database: options.database)[1])' above its first rule; the server reloaded it")
    }

    /// `store init` as the owner, claiming the store for the games folder's collection.
    func storeInit() throws {
        let initialized = try asOwner(["store", "init", "--store", options.storeURL, "--games", games])
        guard initialized.status == 0 else {
            throw ServerSetupError("store init as \(options.owner) failed: \(initialized.said)")
        }
        say("store init", initialized.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The machine's config file, naming the store for every user.
    func config() throws {
        if try SystemConfig.load(from: configPath).store == options.storeURL {
            return say(configPath, "already names the store \(options.storeURL)")
        }
        let folder = PathText.parent(of: configPath)
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let written = configPath + ".edujam-new"
        try Data(SystemConfig.text(store: options.storeURL).utf8).write(to: URL(fileURLWithPath: written))
        chmod(written, 0o644)
        guard rename(written, configPath) == 0 else {
            try? FileManager.default.removeItem(atPath: written)
            throw ServerSetupError("cannot write \(configPath): \(String(cString: strerror(errno)))")
        }
        say(configPath, "written: store = \(options.storeURL), for every user of this machine")
    }

    /// `class import --oneroster --create-logins` as the owner, from a copy of the export the
    /// owner may read (an export in root's folder would not be).
    func importRoster(_ roster: String) throws {
        let copy = tools.scratch.appendingPathComponent("roster")
        try FileManager.default.copyItem(atPath: roster, toPath: copy.path)
        try giveToOwner(copy.path)
        let imported = try asOwner([
            "class", "import", "--oneroster", copy.path, "--create-logins", "--store", options.storeURL,
        ])
        for warning in imported.error.split(separator: "\n") where imported.status == 0 {
            report.warned(String(warning))
        }
        guard imported.status == 0 else {
            throw ServerSetupError("class import as \(options.owner) failed: \(imported.said)")
        }
        say("Roster \(roster)", imported.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// What the teachers and the students do next.
    func sayNext() {
        report.said(
            """

            The school's store is ready. Every user of this machine reaches it as their own login: \
            a teacher's or a student's Unix account is the login of the same name (no password). \
            More classes and students later: edujam class import --oneroster DIR --create-logins, \
            or edujam class add CLASS NAME --create-logins, as \(options.owner) (docs/admin.md).

            A teacher types:
              edujam class list
              edujam publish MATH-JAM
              edujam assign --class CLASS --title "Sums" MATH-JAM
            (docs/teacher.md)
            A student types:
              edujam inbox
              edujam play MATH-JAM
            (docs/student.md)
            """)
    }

    /// Runs this `edujam` as the owner, with a data folder of its own for the run (the outbox a
    /// store opens), removed with the run's scratch folder.
    private func asOwner(_ arguments: [String]) throws -> ServerTools.Outcome {
        let data = tools.scratch.appendingPathComponent("data")
        if !FileManager.default.fileExists(atPath: data.path) {
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            try giveToOwner(data.path)
        }
        return try tools.edujam(as: options.owner, arguments, dataFolder: data.path)
    }

    /// Makes `path` (and what is in it) the owner's.
    private func giveToOwner(_ path: String) throws {
        guard let account = getpwnam(options.owner) else { throw ServerSetupError("no Unix account \(options.owner)") }
        let chowned = try ServerTools.run(
            ["/bin/chown", "-R", "\(account.pointee.pw_uid):\(account.pointee.pw_gid)", path], scratch: tools.scratch)
        guard chowned.status == 0 else { throw ServerSetupError("chown \(path) failed: \(chowned.said)") }
    }
}
