import Foundation
import Testing
import TrackingTestSupport

@testable import Tracking

/// The catalog a student may add to (PostgreSQL migrations `029-catalog-additions` and
/// `030-published-games-closed`): only rows that fit the tree, never under a published game, and
/// at most ``Limits/catalogAdditionsPerStudent`` of them. Before, Ana's 200,000 rows made every
/// classmate's play take 10 s, and a level of her own showed in Bo's inbox.
extension SchoolRowsAttackTests {
    @Test func aStudentAddsNoLevelToAPublishedGameAndNoFloodToTheCatalog() throws {
        let school = try School()
        defer { school.remove() }
        func add(_ rows: String) throws -> PostgresServer.ToolResult {
            try school.psql(
                "INSERT INTO contexts (parent_id, path, identifier, title, type, created_at, modified_at) \(rows)",
                as: school.ana)
        }
        let underPublished = try add(
            """
            SELECT id, '["org.edujam.games","MATH-JAM","LEVEL-0"]', 'LEVEL-0', 'Bo cheats', 4, 0, 0
            FROM contexts WHERE path = '["org.edujam.games","MATH-JAM"]'
            """)
        #expect(underPublished.status != 0, "\(underPublished)")
        #expect(underPublished.error.contains("contexts_student_unpublished"), "\(underPublished.error)")
        let misplaced = try add(
            """
            SELECT id, '["org.edujam.games","NEW-GAME","LEVEL-0"]', 'LEVEL-0', 'Bo cheats', 4, 0, 0
            FROM contexts WHERE path = '["org.edujam.games","MATH-JAM"]'
            """)
        #expect(misplaced.status != 0 && misplaced.error.contains("row-level security"), "\(misplaced)")
        let root = try add("VALUES (NULL, '[\"planted\"]', 'planted', 'ana was here', 0, 0, 0)")
        #expect(root.status != 0 && root.error.contains("row-level security"), "\(root)")

        // Games nobody published, each where it belongs: up to the bound, and not one more.
        let games = """
            SELECT c.id, '["org.edujam.games","JUNK-' || g || '"]', 'JUNK-' || g, 'junk', 12, 0, 0
            FROM contexts c, generate_series(%d, %d) g WHERE c.parent_id IS NULL
            """
        let allowed = try add(String(format: games, 1, Limits.catalogAdditionsPerStudent))
        #expect(allowed.status == 0, "\(allowed)")
        let past = try add(String(format: games, 0, 0))
        #expect(past.status != 0 && past.error.contains(PGMigrations.catalogAdditionsMessage), "\(past)")
        #expect(try school.sql("SELECT count(*) FROM contexts WHERE identifier LIKE 'JUNK-%'") == "1000")
        #expect(try school.sql("SELECT contexts FROM catalog_additions WHERE login = '\(school.ana)'") == "1000")
        let read = try school.psql("SELECT count(*) FROM catalog_additions", as: school.ana)
        #expect(read.status != 0 && read.error.contains("permission denied"), "\(read)")

        // Bo's inbox shows the published levels only; his play and the teacher's work go on.
        let inbox = try school.edujam(["inbox"], as: school.bo)
        #expect(inbox.status == 0 && !inbox.output.contains("LEVEL-0"), "\(inbox)")
        #expect(try school.play(as: school.bo).status == 0)
        #expect(try school.edujam(["sync"], as: school.bo).output == "Nothing waits to be sent.\n")
        let report = try school.edujam(["report", "--class", "5C"], as: school.maria)
        #expect(report.status == 0 && report.output.contains(school.bo), "\(report)")
        // A teacher is not bound: the catalog is theirs to write.
        let teacher = try school.psql(
            String(format: games, 2_000, 2_000 + Limits.catalogAdditionsPerStudent), as: school.maria)
        #expect(teacher.status == 0, "\(teacher)")
    }
}
