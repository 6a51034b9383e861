import Foundation
import Testing

/// What a teacher writes of her class is hers alone: the report page, the gradebook export and a
/// replay's transcript are written 0600 (the export's new folder 0700) whatever the umask, on a
/// server where every student has a login and home folders are readable by all. A file she has
/// shared herself (`chmod 644`) keeps its mode when written again.
@Suite struct PrivateFilesTests {
    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func theTeachersFilesAreReadableByHerAlone() throws {
        let cli = Edujam()
        defer { cli.remove() }
        for words in [
            ["catalog", "--publish"], ["class", "create", "3B"], ["class", "add", "3B", "ana"],
            ["assign", "--class", "3B", "--title", "Sums", "MATH-JAM/LEVEL-1"],
        ] {
            #expect(try cli.run(words).status == 0, "\(words)")
        }
        let played = try cli.run(
            ["play", "--student", "ana", "MATH-JAM/LEVEL-1"], input: String(repeating: "0\n", count: 10))
        #expect(played.status == 0, "\(played.error)")
        let folder = try Edujam.scratchFolder("private")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(chmod(folder.path, 0o755) == 0)
        let previous = umask(0o022)
        defer { umask(previous) }

        let page = folder.appendingPathComponent("3b.html").path
        #expect(try cli.run(["report", "--class", "3B", "--html", page]).status == 0)
        #expect(try mode(page) == 0o600)

        let gradebook = folder.appendingPathComponent("gradebook").path
        let exported = try cli.run(["export", "--oneroster-results", gradebook])
        #expect(exported.status == 0, "\(exported.error)")
        #expect(try mode(gradebook) == 0o700)
        for file in ["manifest.csv", "categories.csv", "lineItems.csv", "results.csv"] {
            #expect(try mode(gradebook + "/" + file) == 0o600, "\(file)")
        }

        let uuid = try #require(try cli.runs().first?["uuid"] as? String)
        let transcript = folder.appendingPathComponent("ana.play").path
        let replay = try cli.run(["replay", uuid, "--transcript", transcript])
        #expect(replay.status == 0, "\(replay.error)")
        #expect(try mode(transcript) == 0o600)

        // Shared on purpose, then written again: her choice stands, and no temporary file is left.
        #expect(chmod(page, 0o644) == 0)
        #expect(try cli.run(["report", "--class", "3B", "--html", page]).status == 0)
        #expect(try mode(page) == 0o644)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["3b.html", "ana.play", "gradebook"], "\(left)")
    }
}
