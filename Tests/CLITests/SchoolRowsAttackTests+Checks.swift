import Foundation
import Testing
import TrackingTestSupport

/// `verify` on a school server, through the binary and `psql` as each login: a teacher's checks
/// are stored and read with their attempts; a student can neither write a check (to mark a
/// forged attempt `verified`) nor store one by running `verify`; another class's teacher cannot
/// write one either. On the school of ``SchoolRowsAttackTests``.
extension SchoolRowsAttackTests {
    @Test func onlyTheClassesTeacherStoresChecksAndAForgedScoreShowsAsAMismatch() throws {
        let school = try School()
        defer { school.remove() }
        let (ana, maria) = (school.ana, school.maria)
        #expect(try school.play(as: ana).status == 0)
        _ = try school.sql(
            "UPDATE activities SET game_version = (SELECT version FROM game_versions WHERE game = 'MATH-JAM')")
        let verified = try school.edujam(["verify", "--class", "5C"], as: maria)
        #expect(verified.status == 0 && verified.output.hasSuffix("verify: 1 verified\n"), "\(verified)")
        #expect(try school.sql("SELECT state || ' ' || checked_by FROM attempt_checks") == "verified \(maria)")
        #expect(try school.psql("SELECT state FROM attempt_checks", as: ana).output == "verified\n")

        let check = "(SELECT id FROM activities LIMIT 1), 'verified', NULL, '\(String(repeating: "a", count: 64))', 0"
        for attack in [
            "INSERT INTO attempt_checks VALUES (\(check), '\(ana)')",
            "UPDATE attempt_checks SET state = 'verified', checked_by = '\(ana)'",
            "DELETE FROM attempt_checks",
        ] {
            let result = try school.psql(attack, as: ana)
            #expect(result.status != 0 && result.error.contains("permission denied"), "\(attack): \(result)")
        }
        _ = try school.sql("DELETE FROM attempt_checks")
        let joaos = try school.psql("INSERT INTO attempt_checks VALUES (\(check), '\(school.joao)')", as: school.joao)
        #expect(joaos.status != 0 && joaos.error.contains("row-level security"), "\(joaos)")

        // A student's verify prints their own attempts and stores nothing.
        let own = try school.edujam(["verify"], as: ana)
        #expect(own.status == 0 && own.output.hasSuffix("verify: 1 verified\n"), "\(own)")
        #expect(try school.sql("SELECT count(*) FROM attempt_checks") == "0")

        // The owner plants a score, as a compromised client would send it.
        _ = try school.sql("UPDATE activity_items SET score = 5 WHERE kind = 'score'")
        let forged = try school.edujam(["verify", "--class", "5C"], as: maria)
        #expect(forged.status == 1 && forged.output.contains("mismatch: saved correct 5/"), "\(forged)")
        let report = try school.edujam(["report", "--class", "5C"], as: maria)
        #expect(report.output.contains("  verify: 1 mismatch\n    mismatch: \(ana), attempt "), "\(report.output)")
        #expect(try school.psql("SELECT state FROM attempt_checks", as: ana).output == "mismatch\n")
    }
}
