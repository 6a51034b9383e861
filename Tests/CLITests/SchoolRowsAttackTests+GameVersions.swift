import Foundation
import Testing
import TrackingTestSupport

/// Published games on a school server: teachers publish, everyone reads, students write nothing,
/// and nobody but the owner changes or deletes a version. Each attack is made through `psql`
/// with the attacker's login, as any client could (`docs/classroom.md`, "Who can see what"), on
/// the school of ``SchoolRowsAttackTests``, where maria's `catalog --publish` published Math Jam.
extension SchoolRowsAttackTests {
    /// The row a client would insert to publish `version` of `game`, as `by`.
    private static func insertVersion(_ version: String, game: String = "MATH-JAM", by login: String) -> String {
        """
        INSERT INTO game_versions (version, game, package, bytes, published_by, published_at)
        VALUES ('\(version)', '\(game)', 'AAAA', 3, '\(login)', 0)
        """
    }

    @Test func aStudentReadsTheGamesButCannotWriteChangeOrDeleteAVersion() throws {
        let school = try School()
        defer { school.remove() }
        let version = try school.sql("SELECT version FROM game_versions")
        let ana = school.ana
        #expect(try school.psql("SELECT count(*) FROM game_versions", as: ana).output == "1\n")
        let listed = try school.edujam(["games"], as: ana)
        #expect(listed.status == 0 && listed.output.hasPrefix("MATH-JAM  \(version.prefix(12))  "), "\(listed)")

        for attack in [
            Self.insertVersion(String(repeating: "a", count: 64), by: ana),
            "UPDATE game_versions SET package = 'BBBB'",
            "DELETE FROM game_versions",
            "INSERT INTO game_current (game, version, set_by, set_at) VALUES ('X', '\(version)', '\(ana)', 0)",
            "UPDATE game_current SET set_by = '\(ana)'",
            "DELETE FROM game_current",
        ] {
            let result = try school.psql(attack, as: ana)
            #expect(result.status != 0 && result.error.contains("permission denied"), "\(attack): \(result)")
        }
        let published = try school.edujam(["publish", try school.withGame("word-jam"), "--fuzz-runs", "0"], as: ana)
        #expect(published.status == 1 && published.error.contains("publish is a teacher's command"), "\(published)")
        #expect(try school.sql("SELECT count(*) || ' ' || min(version) FROM game_versions") == "1 \(version)")
        #expect(try school.sql("SELECT version FROM game_current") == version)
    }

    @Test func aTeacherPublishesOnlyAsHerselfAndNeverChangesOrDeletesAVersion() throws {
        let school = try School()
        defer { school.remove() }
        let version = try school.sql("SELECT version FROM game_versions")
        let joao = school.joao
        for attack in ["UPDATE game_versions SET published_by = '\(joao)'", "DELETE FROM game_versions"] {
            let result = try school.psql(attack, as: joao)
            #expect(result.status != 0 && result.error.contains("permission denied"), "\(attack): \(result)")
        }
        let forged = try school.psql(Self.insertVersion(String(repeating: "b", count: 64), by: school.maria), as: joao)
        #expect(forged.status != 0 && forged.error.contains("row-level security"), "\(forged)")
        let moved = try school.psql("UPDATE game_current SET set_by = '\(school.maria)' RETURNING 1", as: joao)
        #expect(moved.status != 0 || moved.output.isEmpty, "\(moved)")  // maria's game: no row to update

        let published = try school.edujam(["publish", try school.withGame("word-jam"), "--fuzz-runs", "0"], as: joao)
        #expect(published.status == 0, "\(published.error)")
        #expect(try school.sql("SELECT published_by FROM game_versions WHERE game = 'WORD-JAM'") == joao)
        #expect(try school.sql("SELECT version FROM game_versions WHERE game = 'MATH-JAM'") == version)

        // The owner, and only the owner, may remove a version (after making another current).
        let removed = try school.sql(
            "DELETE FROM game_current WHERE game = 'WORD-JAM'; DELETE FROM game_versions WHERE game = 'WORD-JAM'; SELECT count(*) FROM game_versions"
        )
        #expect(removed == "1")
    }

    /// The owner copies the school's store to a file and into a fresh database: both list the
    /// same games, versions and publishers, and a version's files come back whole.
    @Test func storeCopyCarriesTheVersionsToAFileAndBack() throws {
        let school = try School()
        defer { school.remove() }
        let owner = school.server.url(database: school.database)
        let games = ["--games", school.games.path]
        let listed = try school.cli.run(["games", "--all", "--store", owner] + games)
        #expect(listed.status == 0 && listed.output.hasPrefix("MATH-JAM  "), "\(listed)")
        let file = school.data.appendingPathComponent("copy.sqlite").path
        let there = try school.cli.run(["store", "copy", owner, file] + games)
        #expect(there.status == 0, "\(there.error)")
        #expect(try school.cli.run(["games", "--all", "--store", file] + games).output == listed.output)
        let fresh = school.server.url(database: try school.server.createDatabase())
        #expect(try school.cli.run(["store", "copy", file, fresh] + games).status == 0)
        #expect(try school.cli.run(["games", "--all", "--store", fresh] + games).output == listed.output)
    }

    /// Ana writes the contexts of a game nobody has published yet, with titles of her own, as her
    /// policies let a student's play do: the teacher's publish of that game is not hurt, and the
    /// game's own titles replace hers.
    @Test func aStudentsJunkContextsCostThePublishNothing() throws {
        let school = try School()
        defer { school.remove() }
        let squat = try school.psql(
            """
            INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at)
            SELECT c.id, '["org.edujam.games","WORD-JAM"]', 'WORD-JAM', repeat('x', 1000), 12, 0, 0
            FROM contexts c WHERE c.parent_id IS NULL
            """, as: school.ana)
        #expect(squat.status == 0, "\(squat)")
        let published = try school.edujam(
            ["publish", try school.withGame("word-jam"), "--fuzz-runs", "0"], as: school.maria)
        #expect(published.status == 0 && published.output.contains("published WORD-JAM version "), "\(published)")
        #expect(try school.sql("SELECT title FROM contexts WHERE identifier = 'WORD-JAM'") == "Word Jam")
        let listed = try school.edujam(["games"], as: school.ana).output.split(separator: "\n")
        #expect(listed.count == 2 && listed[1].hasPrefix("WORD-JAM  "), "\(listed)")
    }
}

extension SchoolRowsAttackTests.School {
    /// Copies `game` from the repository's games into the school's games folder (once); its folder.
    func withGame(_ game: String) throws -> String {
        let folder = games.appendingPathComponent(game)
        if !FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.copyItem(at: Edujam.root.appendingPathComponent("games/" + game), to: folder)
        }
        return folder.path
    }
}
