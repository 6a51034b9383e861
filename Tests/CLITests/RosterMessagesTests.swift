import Foundation
import Testing

/// What `class add` and `class import` say on a SQLite store: who was on the roster
/// already, a missing export folder by its name, and that logins are a school server's.
@Suite struct RosterMessagesTests {
    @Test func addingStudentsAlreadyOnTheRosterSaysSo() throws {
        let cli = Edujam()
        defer { cli.remove() }
        #expect(try cli.run(["class", "create", "3B"]).status == 0)
        #expect(try cli.run(["class", "add", "3B", "ana", "bo", "cy"]).output == "Added 3 student(s) to 3B.\n")
        let again = try cli.run(["class", "add", "3B", "ana", "bo", "cy"])
        #expect(again.status == 0)
        #expect(again.output == "Already in 3B: ana, bo, cy; nothing added.\n")
        let some = try cli.run(["class", "add", "3B", "bo", "dee"])
        #expect(some.output == "Added 1 student(s) to 3B; already in 3B: bo.\n")
        #expect(try cli.run(["class", "list"]).output == "3B: ana, bo, cy, dee\n")
    }

    @Test func aMissingExportFolderIsNamed() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-export-\(UUID())").path
        let result = try cli.run(["class", "import", "--oneroster", missing])
        #expect(result.status == 1)
        #expect(result.error == "edujam class: no such folder: \(missing)\n")
        let file = try cli.run(
            ["class", "import", "--oneroster", OneRosterCommandTests.example.appendingPathComponent("users.csv").path])
        #expect(file.status == 1)
        #expect(file.error.hasPrefix("edujam class: not a folder: "), "\(file.error)")
    }

    @Test func aSQLiteStoreHasNoLoginsToCreateOrGive() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let example = OneRosterCommandTests.example.path
        let imported = try cli.run(["class", "import", "--oneroster", example, "--create-logins"])
        #expect(imported.status == 1)
        #expect(imported.error.contains("logins belong to a PostgreSQL store"), "\(imported.error)")
        #expect(try cli.run(["class", "list"]).output.hasPrefix("No classes yet"))
        #expect(try cli.run(["class", "import", "--oneroster", example]).status == 0)
        let given = try cli.run(["class", "give", "3B", "--to", "jsmith"])
        #expect(given.status == 1)
        #expect(given.error.contains("logins belong to a PostgreSQL store"), "\(given.error)")
    }
}
