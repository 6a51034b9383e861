import Testing

@testable import Tracking

/// A store records the name and position of every migration it applied, and refuses to open when
/// they differ from the list (``Migrator``, ``PGMigrator``). Whichever module comes to write a
/// migration (the classroom's tables are Classroom's), the names must stay where stores in use
/// recorded them: these are the lists as shipped, literally.
struct MigrationNamesTests {
    @Test func sqliteMigrationsKeepTheirNamesAndPlaces() {
        #expect(
            Migrations.all.map(\.name) == [
                "001-store-info", "002-contexts", "003-activities", "004-activity-items", "005-classes",
                "006-assignments", "007-activities-started", "008-activity-owner", "009-attempt-events",
                "010-oneroster", "011-lrs-push", "012-completion-minutes", "013-activity-saved-at", "014-row-checks",
                "015-opaque-identifiers", "016-attempt-game-version", "017-game-versions", "018-attempt-inputs",
                "019-attempt-checks", "020-grading-exclusions", "021-game-owners",
            ])
    }

    @Test func postgresqlMigrationsKeepTheirNamesAndPlaces() {
        #expect(
            PGMigrations.all.map(\.name) == [
                "001-store-info", "002-tracking", "003-classroom", "004-oneroster", "005-lrs-push",
                "006-school-roles", "007-row-level-security", "008-report-and-inbox-by-index",
                "009-server-ids-and-own-attempts", "010-row-checks", "011-class-owners",
                "012-opaque-identifiers", "013-attempt-game-version", "014-game-versions", "015-attempt-inputs",
                "016-ended-attempts-frozen",
                "017-attempt-checks", "018-identity-by-index", "019-owner-lookups-by-index",
                "020-identity-schema-qualified", "021-save-policies-in-sql", "022-item-count-by-row",
                "023-save-function", "024-item-values-as-float8", "025-finite-attempt-times",
                "026-attempt-text-bounds", "027-done-marks-finite", "028-attempts-per-student",
                "029-catalog-additions", "030-published-games-closed", "031-events-per-attempt",
                "032-bytes-per-student", "033-grading-exclusions", "034-ended-attempts-locked",
                "035-teachers-apart", "036-student-assignments-by-count", "037-save-by-rows",
                "038-login-mappings", "039-catalog-by-game-owner", "040-attempts-by-context-and-student",
            ])
    }
}
