import Foundation
import Testing
import TrackingTestSupport

/// A school's first day, as the three role pages tell it: every command of `docs/admin.md`,
/// `docs/teacher.md` and `docs/student.md` runs as written, as the person the page is for, on
/// their own Unix account, against a PostgreSQL cluster of the test's own; and what each page
/// shows a command printing is what it prints (`PageBlock.mismatch(shown:output:)`).
///
/// The story: the admin sets the server up with the example roster and makes the accounts; the
/// teacher (`jsmith`) publishes Math Jam and assigns it to 3B; then three students play it from
/// their inbox (`ana.lima` and `cy.okafor` finish a round, `bo.chen` leaves half-way), `cy.okafor`
/// also offline (the cluster stopped, then `sync`); then the teacher reviews, verifies and exports
/// the gradebook. The teacher's page marks where the students play (`<!-- students play -->`), the
/// student's page its offline block (`<!-- offline -->`).
///
/// What differs from a school's machine, and only that: the program is a copy of the built
/// binary in a scratch prefix, with the games installed beside it (`bin/edujam`,
/// `share/edujam/games`); `/etc/edujam/edujam.conf` is a scratch file (`EDUJAM_CONFIG`);
/// `server setup` is told the test cluster's socket and port; `/srv/oneroster` is
/// `docs/examples/oneroster`; and `apt install` of the package is `.ci/deb-check`'s. The test
/// makes the pages' Unix accounts and removes them, so it runs as root on a machine that has none
/// of them (CI's), and is skipped, saying so, elsewhere.
@Suite(.serialized) struct RolePagesTests {
    static let pages = ["docs/admin.md", "docs/teacher.md", "docs/student.md"]
    static let accounts = ["jsmith", "pnguyen", "ana.lima", "bo.chen", "cy.okafor", "dee.park", "eve.moss"]

    /// Why the test cannot run here, or nil.
    static let unavailable: String? = {
        guard getuid() == 0 else { return "the school's first day makes Unix accounts: it runs as root" }
        guard PostgresServer.isAvailable else { return PostgresServer.skipComment }
        for tool in ["/usr/sbin/useradd", "/usr/sbin/userdel", "/usr/sbin/runuser"]
        where !FileManager.default.isExecutableFile(atPath: tool)
            && !FileManager.default.isExecutableFile(atPath: "/sbin/" + (tool as NSString).lastPathComponent)
        {
            return "no \(tool) on this machine"
        }
        if let taken = accounts.first(where: { getpwnam($0) != nil }) {
            return "this machine already has a Unix account \(taken); the test makes the pages' accounts itself"
        }
        return nil
    }()

    @Test(.enabled(if: unavailable == nil, Comment(rawValue: unavailable ?? "")))
    func aSchoolsFirstDayRunsAsTheRolePagesSay() throws {
        let day = try RolePagesSchool()
        defer { day.remove() }
        let admin = try PageBlock.blocks(of: "docs/admin.md")
        let teacher = try PageBlock.blocks(of: "docs/teacher.md")
        let student = try PageBlock.blocks(of: "docs/student.md")
        #expect(teacher.contains { $0.marks.contains("students play") }, "teacher.md says where students play")
        #expect(student.contains { $0.marks.contains("offline") }, "student.md marks its offline block")

        for block in admin { try day.run(block, as: nil) }
        let beforeStudents = teacher.prefix { !$0.marks.contains("students play") }
        for block in beforeStudents { try day.run(block, as: "jsmith") }

        // Ten answers finish a round of Math Jam's warm-up; three leave it half-way.
        let finished = String(repeating: "1\n", count: 10)
        for (login, input) in [("ana.lima", finished), ("bo.chen", "1\n1\n1\n"), ("cy.okafor", finished)] {
            for block in student where !block.marks.contains("offline") {
                try day.run(block, as: login, input: input)
            }
        }
        for block in student where block.marks.contains("offline") {
            try day.server.stop()
            try day.run(block, as: "cy.okafor", input: finished) { command in
                if command.contains("edujam sync") { try day.server.start() }
            }
        }
        for block in teacher.dropFirst(beforeStudents.count) { try day.run(block, as: "jsmith") }
    }
}

/// One code block of a page: its commands (lines after `# ` for root, `$ ` for the page's
/// person), each with the lines the page shows it printing, and the page's markers
/// (`<!-- name -->`) since the block before.
struct PageBlock {
    struct Command {
        let prompt: Character
        let text: String
        let shown: [String]
    }

    let page: String
    let commands: [Command]
    let marks: [String]

    static func blocks(of page: String) throws -> [PageBlock] {
        let text = try String(contentsOf: Edujam.root.appendingPathComponent(page), encoding: .utf8)
        var blocks: [PageBlock] = []
        var marks: [String] = []
        var inBlock = false
        var commands: [Command] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if inBlock, !commands.isEmpty {
                    blocks.append(PageBlock(page: page, commands: commands, marks: marks))
                    marks = []
                }
                inBlock.toggle()
                commands = []
                continue
            }
            if !inBlock, line.hasPrefix("<!--"), line.hasSuffix("-->") {
                marks.append(line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces))
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("# ") || line.hasPrefix("$ ") {
                commands.append(Command(prompt: line.first!, text: String(line.dropFirst(2)), shown: []))
            } else if let last = commands.popLast() {
                commands.append(Command(prompt: last.prompt, text: last.text, shown: last.shown + [line]))
            }
        }
        return blocks
    }

    /// Where `output` departs from what the page shows, or nil: each shown line, in order, is a
    /// line of the output, `…` standing for any text within a line, and a line of `…` alone (or
    /// `...`) for any number of lines.
    static func mismatch(shown: [String], output: String) -> String? {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var next = 0
        for expected in shown where !["…", "..."].contains(expected.trimmingCharacters(in: .whitespaces)) {
            guard let found = lines[next...].firstIndex(where: { matches($0, expected) }) else {
                return "the page shows \"\(expected)\""
            }
            next = found + 1
        }
        return nil
    }

    /// Whether `line` is `pattern`, each `…` in it standing for any text.
    static func matches(_ line: String, _ pattern: String) -> Bool {
        let parts = pattern.components(separatedBy: "…")
        guard parts.count > 1 else { return line == pattern }
        guard line.hasPrefix(parts[0]), line.dropFirst(parts[0].count).hasSuffix(parts.last!) else { return false }
        var rest = Substring(line.dropFirst(parts[0].count).dropLast(parts.last!.count))
        for middle in parts.dropFirst().dropLast() {
            guard let range = rest.range(of: middle) else { return false }
            rest = rest[range.upperBound...]
        }
        return parts[0].count + parts.last!.count <= line.count
    }
}

/// The school of the test: a dedicated cluster, a scratch prefix with the program and its games,
/// the config file, and the accounts the pages make (removed at the end).
final class RolePagesSchool {
    let server: PostgresServer
    let prefix: URL
    let config: URL
    /// Whether the store owner's account was there before (setup makes it otherwise).
    private let ownerWasThere = getpwnam("edujam") != nil

    init() throws {
        server = try PostgresServer.dedicated()
        prefix = try Edujam.scratchFolder("first-day")
        let bin = prefix.appendingPathComponent("bin")
        let share = prefix.appendingPathComponent("share/edujam")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Edujam.binary, to: bin.appendingPathComponent("edujam"))
        try FileManager.default.createSymbolicLink(
            at: share.appendingPathComponent("games"), withDestinationURL: Edujam.root.appendingPathComponent("games"))
        config = prefix.appendingPathComponent("edujam.conf")
        for folder in [prefix, bin, prefix.appendingPathComponent("share"), share] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("edujam").path)
    }

    func remove() {
        for account in RolePagesTests.accounts + (ownerWasThere ? [] : ["edujam"]) where getpwnam(account) != nil {
            _ = try? PostgresServer.run("/usr/sbin/userdel", ["-r", account])
        }
        server.remove()
        try? FileManager.default.removeItem(at: prefix)
    }

    /// The page's text as this school runs it (the suite's comment lists each difference).
    func localized(_ text: String) -> String {
        text.replacingOccurrences(
            of: "/srv/oneroster", with: Edujam.root.appendingPathComponent("docs/examples/oneroster").path
        )
        .replacingOccurrences(of: "/etc/edujam/edujam.conf", with: config.path)
        .replacingOccurrences(
            of: "edujam server setup",
            with: "edujam server setup --socket-dir \(server.socketDirectory) --port \(server.port)")
    }

    /// Runs each command of `block` as root (`#`) or as `login` (`$`, in their home), with
    /// `input` on stdin, and checks its status and what it printed; `before` runs first, with
    /// the command's text.
    func run(
        _ block: PageBlock, as login: String?, input: String = "", before: (String) throws -> Void = { _ in }
    ) throws {
        for command in block.commands {
            if command.text.hasPrefix("apt install") { continue }  // the package: .ci/deb-check
            let text = localized(command.text)
            try before(text)
            let who = command.prompt == "#" ? nil : login
            let home = who.map { "/home/\($0)" } ?? prefix.path
            let result = try Edujam().run(
                (who.map { ["/usr/sbin/runuser", "-u", $0, "--"] } ?? []) + ["/bin/sh", "-c", text], input: input,
                environment: [
                    "PATH": prefix.appendingPathComponent("bin").path + ":/usr/sbin:/usr/bin:/sbin:/bin",
                    "EDUJAM_CONFIG": config.path, "HOME": home,
                ],
                unset: ["EDUJAM_STORE", "EDUJAM_GAMES", "XDG_DATA_HOME", "PGHOST", "PGPORT", "PGUSER", "TMPDIR"],
                directory: URL(fileURLWithPath: home), program: URL(fileURLWithPath: "/usr/bin/env"))
            let said = "\(block.page), \(command.prompt) \(command.text) (as \(who ?? "root"))"
            #expect(result.status == 0, "\(said): exit \(result.status)\n\(result.output)\(result.error)")
            let mismatch = PageBlock.mismatch(
                shown: command.shown.map(localized), output: result.output + result.error)
            #expect(mismatch == nil, "\(said): \(mismatch ?? "")\nit printed:\n\(result.output)\(result.error)")
        }
    }
}

/// The pages' outputs are compared line by line, `…` standing for any text: a page that shows
/// what the program does not print fails.
struct PageOutputMatchTests {
    @Test func shownLinesMustBePrintedInOrderWithEllipsesForAnyText() {
        let output = "Assignment 1: Sums, due 2026-12-31\nana  done  100%\nbo  done  30%\nverify: 4 verified\n"
        #expect(
            PageBlock.mismatch(shown: ["Assignment 1: Sums, due …", "…", "verify: 4 verified"], output: output) == nil)
        #expect(PageBlock.mismatch(shown: ["ana  done  …", "bo  …  30%"], output: output) == nil)
        #expect(PageBlock.mismatch(shown: ["verify: 5 verified"], output: output) != nil)
        #expect(PageBlock.mismatch(shown: ["bo  done  30%", "ana  done  100%"], output: output) != nil, "order counts")
        #expect(PageBlock.mismatch(shown: ["ana…30%"], output: output) != nil, "a line is matched whole")
        #expect(!PageBlock.matches("ab", "a…b…b"))
    }

    /// Every block of the three pages has a command, so the run above runs each of them.
    @Test func everyCodeBlockOfTheRolePagesIsACommandTheRunRuns() throws {
        for page in RolePagesTests.pages {
            let text = try String(contentsOf: Edujam.root.appendingPathComponent(page), encoding: .utf8)
            let fences = text.components(separatedBy: "\n```").count - 1
            #expect(try PageBlock.blocks(of: page).count * 2 == fences, "\(page): a block without a command")
        }
    }
}
