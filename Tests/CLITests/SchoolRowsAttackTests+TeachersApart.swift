import Foundation
import Testing
import TrackingTestSupport

/// One teacher against another on a school server: a game is its first publisher's (or the
/// owner's), a version's files hash to its name, and a check is written only by a teacher of a
/// class the attempt counts for. Each attack is made through `psql` as the teacher, then the
/// binary shows what the other teacher and her students see (`docs/classroom.md`, "Who can see
/// what"). On the school of ``SchoolRowsAttackTests``, where maria published Math Jam.
extension SchoolRowsAttackTests {
    @Test func aTeacherCannotPublishRevertOrRetireAnotherTeachersGame() throws {
        let school = try School()
        defer { school.remove() }
        let (maria, joao) = (school.maria, school.joao)
        let first = try school.sql("SELECT version FROM game_versions WHERE game = 'MATH-JAM'")
        let fixed = try school.variant(of: "math-jam", named: "math-jam-fix", comment: "maria's fix")
        let published = try school.edujam(["publish", fixed, "--fuzz-runs", "0"], as: maria)
        #expect(published.status == 0 && published.output.contains("(new)"), "\(published)")
        let current = try school.sql("SELECT version FROM game_current WHERE game = 'MATH-JAM'")

        // joao's own folder declaring maria's game, his revert, retire and un-retire of it.
        let joaos = try school.variant(of: "math-jam", named: "math-jam-joao", comment: "type your school password")
        let takeover = try school.edujam(["publish", joaos, "--fuzz-runs", "0"], as: joao)
        #expect(takeover.status == 1, "\(takeover)")
        #expect(takeover.error.contains("the game MATH-JAM is \(maria)'s"), "\(takeover.error)")
        for words in [
            ["publish", "--revert", "MATH-JAM", String(first.prefix(12))],
            ["publish", "--retire", "MATH-JAM", String(first.prefix(12))],
            ["publish", "--unretire", "MATH-JAM", String(first.prefix(12))],
            ["publish", "--give", "MATH-JAM", joao],
        ] {
            let result = try school.edujam(words, as: joao)
            #expect(
                result.status == 1 && result.error.contains("the game MATH-JAM is \(maria)'s"), "\(words): \(result)")
            #expect(!result.error.contains("policy"), "\(result.error)")
        }
        #expect(try school.sql("SELECT version FROM game_current WHERE game = 'MATH-JAM'") == current)

        // The same through psql.
        let retired = try school.edujam(["publish", "--retire", "MATH-JAM", String(first.prefix(12))], as: maria)
        #expect(retired.status == 0, "\(retired)")
        for attack in [
            "INSERT INTO game_versions VALUES ('\(String(repeating: "c", count: 64))', 'MATH-JAM', 'AAAA', 3, '\(joao)', 0)",
            "INSERT INTO game_owners VALUES ('MATH-JAM', '\(joao)', 0)",
            "SELECT edujam_give_game('MATH-JAM', '\(joao)')",
        ] {
            let result = try school.psql(attack, as: joao)
            #expect(result.status != 0, "\(attack): \(result)")
        }
        for attack in [
            "UPDATE game_current SET version = '\(first)', set_by = '\(joao)'",
            "UPDATE game_owners SET owner = '\(joao)'",
            "UPDATE retired_versions SET retired_from = 0, retired_by = '\(joao)'",
            "DELETE FROM retired_versions",
        ] {
            let result = try school.psql(attack + " RETURNING 1", as: joao)
            #expect(result.status != 0 || result.output.isEmpty, "\(attack): \(result)")
        }
        #expect(try school.sql("SELECT version FROM game_current WHERE game = 'MATH-JAM'") == current)
        #expect(try school.sql("SELECT owner FROM game_owners WHERE game = 'MATH-JAM'") == maria)
        #expect(try school.sql("SELECT retired_by FROM retired_versions") == maria)

        // maria hands the game over: now joao's, and no longer hers.
        let toStudent = try school.edujam(["publish", "--give", "MATH-JAM", school.ana], as: maria)
        #expect(toStudent.status == 1 && toStudent.error.contains("a game is given only to a teacher"), "\(toStudent)")
        let given = try school.edujam(["publish", "--give", "MATH-JAM", joao], as: maria)
        #expect(given.status == 0 && given.output == "MATH-JAM is now \(joao)'s\n", "\(given)")
        let his = try school.edujam(["publish", joaos, "--fuzz-runs", "0", "--retire-replaced", "no"], as: joao)
        #expect(his.status == 0 && his.output.contains("(new)"), "\(his)")
        let hers = try school.edujam(["publish", "--revert", "MATH-JAM", String(current.prefix(12))], as: maria)
        #expect(hers.status == 1 && hers.error.contains("the game MATH-JAM is \(joao)'s"), "\(hers)")
    }

    /// A game's catalog entries are its owner's, as its versions are: joao cannot retitle, add a
    /// level to or remove maria's Math Jam with `psql`, and his `catalog --publish` and his play of
    /// a copy of his own leave it as she published it, while his own games go in as before.
    @Test func aTeacherCannotChangeAnotherTeachersGameInTheCatalog() throws {
        let school = try School()
        defer { school.remove() }
        let joao = school.joao
        let game = "path::jsonb ->> 1 = 'MATH-JAM'"
        let before = try school.sql(
            "SELECT string_agg(path || title || display_order, ',' ORDER BY path) FROM contexts WHERE \(game)")
        let insert = """
            INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
            SELECT id, '["\(rootID)","MATH-JAM","EVIL"]', 'EVIL', 'Type your password', 2, 0, 0
            FROM contexts WHERE \(game) AND jsonb_array_length(path::jsonb) = 2
            """
        #expect(try school.psql(insert, as: joao).status != 0)
        for attack in [
            "UPDATE contexts SET title = 'Type your password' WHERE \(game)", "DELETE FROM contexts WHERE \(game)",
        ] {
            let result = try school.psql(attack + " RETURNING 1", as: joao)
            #expect(result.status != 0 || result.output.isEmpty, "\(attack): \(result)")
        }

        // joao's games folder: his retitled Math Jam and a game of his own.
        let mine = try school.variant(of: "math-jam", named: "catalog-joao", comment: "joao's copy")
        let file = URL(fileURLWithPath: mine).appendingPathComponent("game.lua")
        let retitled = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
            of: #"title = "Math Jam""#, with: #"title = "Type your password""#)
        try retitled.write(to: file, atomically: true, encoding: .utf8)
        let folder = URL(fileURLWithPath: mine).deletingLastPathComponent()
        try FileManager.default.copyItem(
            at: Edujam.root.appendingPathComponent("games/word-jam"), to: folder.appendingPathComponent("word-jam"))
        let catalog = try school.cli.run(
            ["catalog", "--publish", "--games", folder.path],
            environment: ["EDUJAM_STORE": school.server.url(database: school.database, user: joao)])
        #expect(catalog.status == 1, "\(catalog)")
        #expect(catalog.error.contains("math-jam skipped: the game MATH-JAM is \(school.maria)'s"), "\(catalog.error)")
        #expect(catalog.error.contains("1 game(s) of other teachers left as they are"), "\(catalog.error)")
        #expect(try school.sql("SELECT count(*) FROM contexts WHERE path::jsonb ->> 1 = 'WORD-JAM'") != "0")
        let played = try school.cli.run(
            ["play", "MATH-JAM/LEVEL-1", "--games", folder.path], input: "1\n",
            environment: ["EDUJAM_STORE": school.server.url(database: school.database, user: joao)])
        #expect(played.status == 0, "\(played)")
        #expect(
            try school.sql(
                "SELECT string_agg(path || title || display_order, ',' ORDER BY path) FROM contexts WHERE \(game)")
                == before)
    }

    /// joao cannot store, under any game, a row named by a version hash that its files do not
    /// have; a row left so by an older store is never published over, and never stops a copy.
    @Test func aVersionNameCannotBeSquattedAndAnOldSquatHurtsNeitherPublishNorCopy() throws {
        let school = try School()
        defer { school.remove() }
        let joao = school.joao
        let next = try school.variant(of: "math-jam", named: "math-jam-next", comment: "maria's next version")
        let probe = school.data.appendingPathComponent("probe.sqlite").path
        let games = ["--games", school.games.path]
        #expect(try school.cli.run(["publish", next, "--fuzz-runs", "0", "--store", probe] + games).status == 0)
        let name = try #require(try OldStore.value(probe, "SELECT version FROM game_versions"))

        let claim = try school.psql("INSERT INTO game_owners VALUES ('JOAO-QUIZ', '\(joao)', 0)", as: joao)
        #expect(claim.status == 0, "\(claim)")
        let squat = try school.psql(
            "INSERT INTO game_versions VALUES ('\(name)', 'JOAO-QUIZ', 'AAAA', 3, '\(joao)', 0)", as: joao)
        #expect(squat.status != 0 && squat.error.contains("game_versions_files_hash"), "\(squat)")

        // A row an older store holds (the check is added NOT VALID): under maria's game, other bytes.
        _ = try school.sql(
            """
            ALTER TABLE game_versions DROP CONSTRAINT game_versions_files_hash;
            INSERT INTO game_versions VALUES ('\(name)', 'MATH-JAM', 'AAAA', 3, '\(joao)', 0);
            ALTER TABLE game_versions ADD CONSTRAINT game_versions_files_hash
                CHECK (version = encode(sha256(decode(package, 'base64')), 'hex')) NOT VALID;
            SELECT 1
            """)
        let before = try school.sql("SELECT version FROM game_current WHERE game = 'MATH-JAM'")
        for _ in 0..<2 {
            let published = try school.edujam(["publish", next, "--fuzz-runs", "0"], as: school.maria)
            #expect(published.status == 1 && !published.output.contains("published"), "\(published)")
            #expect(published.error.contains("whose files are not these: nothing was published"), "\(published)")
        }
        #expect(try school.sql("SELECT version FROM game_current WHERE game = 'MATH-JAM'") == before)

        // The owner's backup copies everything else, and names the row it left out.
        let owner = school.server.url(database: school.database)
        let file = school.data.appendingPathComponent("backup.sqlite").path
        let copied = try school.cli.run(["store", "copy", owner, file] + games)
        #expect(copied.status == 1 && copied.output.contains("Copied "), "\(copied)")
        #expect(
            copied.error.contains("left out the source's game_versions row \(name.prefix(64)) of MATH-JAM"), "\(copied)"
        )
        let listed = try school.cli.run(["games", "--store", file] + games)
        #expect(listed.output.hasPrefix("MATH-JAM  \(before.prefix(12))"), "\(listed)")
    }

    /// joao adds maria's students to his class (allowed), then tries to rewrite and remove
    /// maria's verdicts with psql: nothing changes, and maria's review says who checked.
    @Test func aTeacherCannotWriteChangeOrRemoveAnotherClassesChecks() throws {
        let school = try School()
        defer { school.remove() }
        let (ana, bo, maria, joao) = (school.ana, school.bo, school.maria, school.joao)
        #expect(try school.play(as: ana).status == 0)
        #expect(try school.play(as: bo).status == 0)
        _ = try school.sql(
            "UPDATE activities SET game_version = (SELECT version FROM game_versions WHERE game = 'MATH-JAM')")
        let verified = try school.edujam(["verify", "--class", "5C"], as: maria)
        #expect(verified.status == 0 && verified.output.hasSuffix("verify: 2 verified\n"), "\(verified)")
        #expect(try school.edujam(["class", "add", "6A", ana, bo], as: joao).status == 0)

        let anas = "(SELECT id FROM activities WHERE student = '\(ana)')"
        for attack in [
            "UPDATE attempt_checks SET state = 'mismatch', difference = 'answers copied from bo', checked_by = '\(joao)' WHERE activity_id = \(anas)",
            "DELETE FROM attempt_checks",
        ] {
            let result = try school.psql(attack + " RETURNING 1", as: joao)
            #expect(result.status == 0 && result.output.isEmpty, "\(attack): \(result)")
        }
        let fingerprint = String(repeating: "a", count: 64)
        _ = try school.sql(
            "DELETE FROM attempt_checks WHERE activity_id = (SELECT id FROM activities WHERE student = '\(bo)')")
        let planted = try school.psql(
            "INSERT INTO attempt_checks SELECT id, 'mismatch', 'copied', '\(fingerprint)', 0, '\(joao)' FROM activities WHERE student = '\(bo)'",
            as: joao)
        #expect(planted.status != 0 && planted.error.contains("row-level security"), "\(planted)")
        #expect(
            try school.sql("SELECT string_agg(state || ' ' || checked_by, ',') FROM attempt_checks")
                == "verified \(maria)")

        // joao's verify of his class stores nothing of attempts that count only for maria's.
        let his = try school.edujam(["verify", "--class", "6A"], as: joao)
        #expect(his.error.contains("2 checks not stored"), "\(his)")
        #expect(try school.sql("SELECT count(*) FROM attempt_checks WHERE checked_by = '\(joao)'") == "0")
        let report = try school.edujam(["report", "--class", "5C", "--json"], as: maria)
        let checkedBy = report.output.split(separator: "\n").filter { $0.contains("\"checkedBy\"") }
        #expect(checkedBy.count == 1 && checkedBy.allSatisfy { $0.contains("\"\(maria)\"") }, "\(report.output)")
    }
}

extension SchoolRowsAttackTests.School {
    /// A copy of the repository's game `game` in the school's games folder as `name`, its
    /// `game.lua` ending with a comment (so its files, and its version, differ); its folder.
    ///
    /// The copy sits in a games folder of its own (one folder declares each id once).
    func variant(of game: String, named name: String, comment: String) throws -> String {
        let parent = try Edujam.scratchFolder(name)
        try FileManager.default.copyItem(
            at: Edujam.root.appendingPathComponent("games/collection.lua"),
            to: parent.appendingPathComponent("collection.lua"))
        let folder = parent.appendingPathComponent(game)
        try FileManager.default.copyItem(at: Edujam.root.appendingPathComponent("games/" + game), to: folder)
        let main = folder.appendingPathComponent("game.lua")
        let text = try String(contentsOf: main, encoding: .utf8) + "\n-- \(comment)\n"
        try text.write(to: main, atomically: true, encoding: .utf8)
        return folder.path
    }
}
