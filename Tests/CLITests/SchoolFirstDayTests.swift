import Foundation
import Testing
import TrackingTestSupport

/// A school's first day, as one flow through the binary on a throwaway PostgreSQL server: the
/// admin installs EduJam (`make install-files` with the built binary, the copying half of `make
/// install`) and imports the school's OneRoster export with logins; the class goes to its
/// teacher, who writes a game with two levels, publishes and assigns it; students play on their
/// own logins from a folder of their own; the teacher reviews, pushes to Ralph (when it is
/// installed) and exports the gradebook, where a student with 2 of 5 is graded 40 and failed.
///
/// Two tests, one of which runs: with Ralph the flow includes the push, without it the other
/// test runs the flow without the push and the Ralph one is listed as skipped, with the reason.
@Suite(.serialized, .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipComment)))
struct SchoolFirstDayTests {
    @Test(.enabled(if: !RalphLRS.isAvailable)) func aSchoolsFirstDayWithoutAnLRS() throws {
        try firstDay(lrs: nil)
    }

    @Test(.enabled(if: RalphLRS.isAvailable, RalphLRS.skipReason)) func aSchoolsFirstDayWithPushToRalph() throws {
        try firstDay(lrs: try RalphLRS())
    }

    /// Everything the people do, in their order.
    private func firstDay(lrs: RalphLRS?) throws {
        let root = try Edujam.scratchFolder("first-day")
        defer { try? FileManager.default.removeItem(at: root) }
        let cli = Edujam()
        let edujam = try install(under: root)

        // The admin: a store on the school server, the roster with logins.
        let school = try RosterLoginsCommandTests.School(cli)
        defer { school.remove() }
        let admin = school.url()
        let imported = try cli.run(
            ["class", "import", "--oneroster", school.export.path, "--create-logins", "--store", admin], program: edujam
        )
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("2 classes given to their teachers"), "\(imported.output)")

        // The teacher: her class is there; she writes Capital Cities (two levels) into the
        // school's shared games folder, publishes the catalog and assigns the whole game.
        let games = try PlayFromStoreTests.teachersGames(under: root)
        let desk = root.appendingPathComponent("teacher")
        try FileManager.default.createDirectory(at: desk, withIntermediateDirectories: true)
        let teacher = school.url(as: school.login("jsmith"))
        func asTeacher(_ words: [String]) throws -> Edujam.Result {
            try cli.run(
                words + ["--store", teacher], environment: ["EDUJAM_GAMES": games.path], directory: desk,
                program: edujam)
        }
        let list = try asTeacher(["class", "list"])
        #expect(list.output.hasPrefix("3B: "), "\(list.output)\(list.error)")
        #expect(try asTeacher(["test", games.appendingPathComponent("capitals").path]).status == 0)
        let published = try asTeacher(["catalog", "--publish"])
        #expect(published.status == 0, "\(published.error)")
        let assigned = try asTeacher(["assign", "--class", "3B", "--title", "Capitals", "CAPITALS"])
        #expect(assigned.status == 0, "\(assigned.error)")

        // The students, each on their own login, in a folder of their own: ana 2 of 5 (failed),
        // bo 5 of 5 (passed), both at the Easy level from the level menu; cy does not play.
        let easyTwoRight = "1\n1\n2\n1\n1\n2\n"
        let easyAllRight = "1\n1\n2\n3\n4\n1\n"
        for (student, answers, closing) in [
            ("ana.lima", easyTwoRight, "Not passed yet"), ("bo.chen", easyAllRight, "You passed this level!"),
        ] {
            let folder = root.appendingPathComponent(student)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let store = school.url(as: school.login(student))
            let inbox = try cli.run(
                ["inbox", "--store", store], environment: ["EDUJAM_GAMES": games.path], directory: folder,
                program: edujam)
            #expect(inbox.output.contains("Capitals"), "\(inbox.output)\(inbox.error)")
            let played = try cli.run(
                ["play", "CAPITALS", "--store", store], input: answers, environment: ["EDUJAM_GAMES": games.path],
                directory: folder, program: edujam)
            #expect(played.status == 0, "\(student): \(played.error)")
            #expect(played.output.contains(closing), "\(student): \(played.output)")
        }

        // The review: both students' results (the CSV: the grid shortens long cells), and in
        // the grid ana's 2/5 marked failed.
        let csv = try asTeacher(["report", "--class", "3B", "--csv"])
        #expect(csv.status == 0, "\(csv.error)")
        let rows = csv.output.split(separator: "\n")
        #expect(rows.contains { $0.contains(school.login("ana.lima")) && $0.contains("2/5") }, "\(csv.output)")
        #expect(rows.contains { $0.contains(school.login("bo.chen")) && $0.contains("5/5") }, "\(csv.output)")
        let review = try asTeacher(["report", "--class", "3B"])
        #expect(review.status == 0, "\(review.error)")
        // (The grid may shorten a long name: the login without its test suffix is enough.)
        let anaRow = review.output.split(separator: "\n").first { $0.contains("ana.lima") } ?? ""
        #expect(anaRow.contains("failed"), "\(review.output)")

        // xAPI to Ralph, when it is installed.
        if let lrs {
            let pushed = try cli.run(
                ["push", "--lrs", lrs.endpoint, "--store", teacher],
                environment: ["EDUJAM_LRS_USER": RalphLRS.user, "EDUJAM_LRS_PASSWORD": RalphLRS.password],
                directory: desk, program: edujam)
            #expect(pushed.status == 0, "\(pushed.error)")
            #expect(pushed.output.hasPrefix("pushed to \(lrs.endpoint)"), "\(pushed.output)")
        }

        // The gradebook: 40 for 2 of 5 on the whole-game assignment, 100 for 5 of 5.
        let gradebook = root.appendingPathComponent("gradebook")
        let exported = try asTeacher(["export", "--oneroster-results", gradebook.path, "--class", "3B"])
        #expect(exported.status == 0, "\(exported.error)")
        let results = try OneRosterCommandTests.rows(gradebook.appendingPathComponent("results.csv"))
        let score = Dictionary(uniqueKeysWithValues: results.map { ($0["studentSourcedId"] ?? "", $0["score"] ?? "") })
        #expect(score["usr-s1"] == "40", "ana.lima, 2 of 5: \(results)")
        #expect(score["usr-s2"] == "100", "bo.chen, 5 of 5: \(results)")
    }

    /// The admin's install: the built binary, the games and the docs under a staging root, as
    /// `make install DESTDIR=... PREFIX=/usr` lays them out; returns the installed program.
    private func install(under root: URL) throws -> URL {
        let stage = root.appendingPathComponent("stage")
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        make.arguments = [
            "-s", "-C", Edujam.root.path, "install-files", "DESTDIR=\(stage.path)", "PREFIX=/usr",
            "EDUJAM_BINARY=\(Edujam.binary.path)",
        ]
        try make.run()
        make.waitUntilExit()
        #expect(make.terminationStatus == 0)
        return stage.appendingPathComponent("usr/bin/edujam")
    }
}
