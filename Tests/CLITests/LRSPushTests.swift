import Foundation
import Testing

/// `edujam push` against a real LRS (Ralph, started by each test on 127.0.0.1): what is sent,
/// what is recorded, and what happens when the LRS refuses, fails or goes away mid-push.
@Suite(.serialized, .enabled(if: RalphLRS.isAvailable, RalphLRS.skipReason))
struct LRSPushTests {
    @Test func pushSendsEachStatementOnceAndOnlyNewOnesLater() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let lrs = try RalphLRS()
        try Plays.mathJam(cli, student: "ana", .perfect)
        try Plays.mathJam(cli, student: "ben", .quit)

        let wrong = try cli.run(
            ["push", "--lrs", lrs.endpoint],
            environment: ["EDUJAM_LRS_USER": RalphLRS.user, "EDUJAM_LRS_PASSWORD": "wrong"])
        #expect(wrong.status == 1)
        #expect(
            wrong.error
                == "edujam push: the LRS at \(lrs.endpoint) refused the request: 401 Invalid authentication credentials (check EDUJAM_LRS_USER and EDUJAM_LRS_PASSWORD, or ~/.netrc)\n"
        )
        #expect(try lrs.statements().isEmpty)

        let exported = try Plays.exported(cli)
        let first = try cli.run(["push", "--lrs", lrs.endpoint + "/"], environment: lrs.credentials)
        #expect(first.status == 0, "\(first.error)")
        #expect(
            first.output
                == "pushed to \(lrs.endpoint): \(exported.count) of \(exported.count) new statements accepted\n")
        for (registration, statements) in Dictionary(grouping: exported, by: Plays.registration) {
            let stored = try lrs.statements(registration: registration)
            #expect(Set(stored.map(Plays.id)) == Set(statements.map(Plays.id)))
            #expect(stored.count == statements.count)
        }

        let again = try cli.run(["push", "--lrs", lrs.endpoint], environment: lrs.credentials)
        #expect(again.status == 0)
        #expect(
            again.output
                == "nothing to push to \(lrs.endpoint): the \(exported.count) statements were all accepted before\n")
        #expect(try lrs.statements().count == exported.count)

        try Plays.mathJam(cli, student: "cy", .poor)
        let newOnes = try Plays.exported(cli).count - exported.count
        let third = try cli.run(["push", "--lrs", lrs.endpoint], environment: lrs.credentials)
        #expect(
            third.output
                == "pushed to \(lrs.endpoint): \(newOnes) of \(newOnes) new statements accepted (\(exported.count) accepted before)\n"
        )
        #expect(try lrs.statements().count == exported.count + newOnes)
    }

    @Test func anAttemptsLaterStatementsGoWithALaterPush() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let lrs = try RalphLRS()
        let play = try LiveEdujam(cli, Plays.quiz + ["--student", "dee"])
        play.write("paris\n")
        try play.waitUntil { try Plays.exported(cli, Plays.quizGames).contains { Plays.verb($0) == "progressed" } }
        let early = try cli.run(["push", "--lrs", lrs.endpoint] + Plays.quizGames, environment: lrs.credentials)
        #expect(early.status == 0, "\(early.error)")
        let sentEarly = try Plays.exported(cli, Plays.quizGames)
        #expect(!sentEarly.contains { Plays.verb($0) == "terminated" })

        play.write("rome\nmadrid\n")
        play.closeInput()
        #expect(play.wait() == 0)
        let all = try Plays.exported(cli, Plays.quizGames)
        let later = try cli.run(["push", "--lrs", lrs.endpoint] + Plays.quizGames, environment: lrs.credentials)
        let newOnes = all.count - sentEarly.count
        #expect(newOnes > 0)
        #expect(
            later.output
                == "pushed to \(lrs.endpoint): \(newOnes) of \(newOnes) new statements accepted (\(sentEarly.count) accepted before)\n"
        )
        let stored = try lrs.statements(registration: Plays.registration(all[0]))
        #expect(stored.map(Plays.id).sorted() == all.map(Plays.id).sorted())
        #expect(stored.contains { Plays.verb($0) == "terminated" })
    }

    /// A quiz that sets its score and "failed" after every answer (Fixtures/grades): ana presses
    /// Ctrl-C after 2 of 5 answers, bo's process is killed after one, cy finishes with 2 of 5.
    /// Only cy's run is `scored` and `failed`; the other two end with `terminated` and their progress.
    @Test func aRunTheStudentDidNotFinishIsNeitherScoredNorFailed() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let lrs = try RalphLRS()
        let games = ReportGradesTests.games
        func play(_ student: String) -> [String] {
            ["play", "Tests/CLITests/Fixtures/grades/capitals", "--level", "EASY", "--student", student] + games
        }
        func progressed(_ count: Int) -> () throws -> Bool {
            { try Plays.exported(cli, games).filter { Plays.verb($0) == "progressed" }.count == count }
        }
        let ana = try LiveEdujam(cli, play("ana"))
        ana.write("paris\nberlin\n")
        try ana.waitUntil(progressed(2))
        ana.interrupt()
        _ = ana.wait()
        let bo = try LiveEdujam(cli, play("bo"))
        bo.write("paris\n")
        try bo.waitUntil(progressed(3))
        kill(bo.process.processIdentifier, SIGKILL)
        _ = bo.wait()
        try Plays.play(cli, play("cy"), ReportGradesTests.failing)

        let pushed = try cli.run(["push", "--lrs", lrs.endpoint] + games, environment: lrs.credentials)
        #expect(pushed.status == 0, "\(pushed.error)")
        let exported = try Plays.exported(cli, games)
        var verbs: [String: [String]] = [:]  // student -> verbs as the LRS stored them, in order
        for registration in Set(exported.map(Plays.registration)) {
            let stored = try lrs.statements(registration: registration).sorted {
                ($0["timestamp"] as? String ?? "", Plays.order($0)) < (
                    $1["timestamp"] as? String ?? "", Plays.order($1)
                )
            }
            let student = ((stored.first?["actor"] as? [String: Any])?["name"] as? String) ?? "?"
            verbs[student] = stored.map(Plays.verb)
            let progress = (stored.last?["result"] as? [String: Any])?["extensions"] as? [String: Any]
            if student != "cy" {
                #expect(
                    progress?["https://w3id.org/xapi/cmi5/result/extensions/progress"] as? Int
                        == (student == "ana" ? 40 : 20))
            }
        }
        let results: Set = ["scored", "passed", "failed", "completed"]
        #expect(
            verbs["ana"]?.last == "terminated" && verbs["ana"]?.contains(where: results.contains) == false, "\(verbs)")
        #expect(
            verbs["bo"]?.last == "terminated" && verbs["bo"]?.contains(where: results.contains) == false, "\(verbs)")
        #expect(verbs["cy"]?.suffix(4) == ["scored", "failed", "completed", "terminated"], "\(verbs)")
    }

    @Test func anLRSKilledMidPushLosesAndDoublesNothing() throws {
        let cli = Edujam()
        defer { cli.remove() }
        // The LRS stores the second batch, then dies before answering it.
        let lrs = try RalphLRS(environment: ["EDUJAM_TEST_LRS_EXIT_AFTER_POSTS": "2"])
        try Plays.mathJam(cli, student: "ana", .perfect)
        try Plays.mathJam(cli, student: "ben", .poor)
        let exported = try Plays.exported(cli)
        #expect(exported.count > 8)

        let cut = try cli.run(
            ["push", "--lrs", lrs.endpoint, "--batch-size", "4", "--retries", "1"], environment: lrs.credentials)
        lrs.waitUntilGone()
        #expect(cut.status == 1)
        #expect(
            cut.output
                == "pushed to \(lrs.endpoint): 4 of \(exported.count) new statements accepted, \(exported.count - 4) left for the next push\n"
        )
        #expect(cut.error.hasPrefix("edujam push: cannot reach the LRS at \(lrs.endpoint): "))
        #expect(cut.error.hasSuffix("(2 tries)\n"))
        #expect(cut.error.split(separator: "\n").count == 1)

        try lrs.start()
        let resumed = try cli.run(["push", "--lrs", lrs.endpoint, "--batch-size", "4"], environment: lrs.credentials)
        #expect(resumed.status == 0, "\(resumed.error)")
        #expect(
            resumed.output
                == "pushed to \(lrs.endpoint): \(exported.count - 4) of \(exported.count - 4) new statements accepted (4 accepted before)\n"
        )
        let stored = try lrs.statements()
        #expect(stored.map(Plays.id).sorted() == exported.map(Plays.id).sorted(), "each statement exactly once")
        let lines = try String(contentsOf: lrs.dataFile, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == exported.count, "the LRS's file holds no second copy")
    }

    @Test func aConflictingStatementIsRefusedAloneWithTheLRSMessage() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let lrs = try RalphLRS()
        try Plays.mathJam(cli, student: "ana", .perfect)
        let exported = try Plays.exported(cli)
        // Someone else already stored a different statement under one of our ids.
        var planted = exported[3]
        planted["object"] = ["objectType": "Activity", "id": "urn:example:something-else"]
        let plantedID = Plays.id(planted)
        #expect(try lrs.post(JSONSerialization.data(withJSONObject: [planted])).status == 200)

        let push = try cli.run(["push", "--lrs", lrs.endpoint], environment: lrs.credentials)
        #expect(push.status == 1)
        #expect(
            push.output
                == "pushed to \(lrs.endpoint): \(exported.count - 1) of \(exported.count) new statements accepted, 1 refused\n"
        )
        #expect(
            push.error
                == "refused by the LRS: statement \(plantedID) (ana \(Plays.verb(exported[3])) \(Plays.objectID(exported[3]))): 409 Differing statements already exist with the same ID: \(plantedID)\n"
        )
        #expect(try lrs.statements().count == exported.count)

        let again = try cli.run(["push", "--lrs", lrs.endpoint], environment: lrs.credentials)
        #expect(again.status == 1)
        #expect(
            again.output
                == "pushed to \(lrs.endpoint): 0 of 1 new statements accepted, 1 refused (\(exported.count - 1) accepted before)\n"
        )
        #expect(try lrs.statements().count == exported.count)
    }

    @Test func ctrlCAndTimeoutsMidPushRecordOnlyAnsweredBatches() throws {
        let cli = Edujam()
        defer { cli.remove() }
        // Every POST takes 2 s, so Ctrl-C comes while edujam waits for an answer.
        let lrs = try RalphLRS(environment: ["EDUJAM_TEST_LRS_POST_DELAY": "2"])
        try Plays.mathJam(cli, student: "ana", .quit)
        let exported = try Plays.exported(cli)
        // Credentials from a netrc file this time.
        let netrc = lrs.folder.appendingPathComponent("netrc")
        try
            "machine example.org login nobody password nothing\nmachine 127.0.0.1\n  login \(RalphLRS.user)\n  password \"\(RalphLRS.password)\"\n"
            .write(to: netrc, atomically: true, encoding: .utf8)
        let push = try LiveEdujam(
            cli, ["push", "--lrs", lrs.endpoint, "--batch-size", "1"], environment: ["NETRC": netrc.path])
        try push.waitUntil { try !lrs.statements().isEmpty }  // the first batch is stored and being answered
        Thread.sleep(forTimeInterval: 0.5)  // the second batch waits in the LRS's delay
        push.interrupt()
        #expect(push.wait() == 130)
        let output = push.readOutput()
        #expect(
            output.error.contains(
                "edujam push: interrupted: what the LRS accepted is recorded; the next push sends the rest"))
        let tally = try #require(
            output.output.split(separator: " ").firstIndex(of: "of").map { output.output.split(separator: " ")[$0 - 1] }
        )
        let acceptedBefore = try #require(Int(tally))
        #expect((1..<exported.count).contains(acceptedBefore))

        let rest = try cli.run(
            ["push", "--lrs", lrs.endpoint, "--batch-size", "50"], environment: ["NETRC": netrc.path])
        #expect(rest.status == 0, "\(rest.error)")
        let left = exported.count - acceptedBefore
        #expect(
            rest.output
                == "pushed to \(lrs.endpoint): \(left) of \(left) new statements accepted (\(acceptedBefore) accepted before)\n"
        )
        #expect(try lrs.statements().map(Plays.id).sorted() == exported.map(Plays.id).sorted())

        // An LRS slower than --timeout: each try gives up (the LRS stores the batch anyway), the
        // tries are bounded, and a later push re-sends what the LRS already has without doubling it.
        try Plays.mathJam(cli, student: "ben", .quit)
        let all = try Plays.exported(cli)
        let slow = try cli.run(
            ["push", "--lrs", lrs.endpoint, "--timeout", "1", "--retries", "1"], environment: ["NETRC": netrc.path])
        #expect(slow.status == 1)
        // Which timeout words depend on whether the slow LRS began its answer within the second:
        // either way each try gave up in time and the tries were bounded.
        #expect(
            [
                "edujam push: cannot reach the LRS at \(lrs.endpoint): no answer in time (2 tries)\n",
                "edujam push: cannot reach the LRS at \(lrs.endpoint): no whole answer within 1 s (2 tries)\n",
            ].contains(slow.error), "\(slow.error)")
        let patient = try cli.run(["push", "--lrs", lrs.endpoint], environment: ["NETRC": netrc.path])
        #expect(patient.status == 0, "\(patient.error)")
        #expect(try lrs.statements().map(Plays.id).sorted() == all.map(Plays.id).sorted())
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"),
            "openssl is needed to make a certificate"))
    func aCertificateThatDoesNotVerifyStopsThePush() throws {
        let cli = Edujam()
        defer { cli.remove() }
        try Plays.mathJam(cli, student: "ana", .quit)
        let server = try SelfSignedServer()
        defer { server.stop() }
        let push = try cli.run(["push", "--lrs", "https://127.0.0.1:\(server.port)/xAPI", "--retries", "3"])
        #expect(push.status == 1)
        #expect(push.error.hasPrefix("edujam push: cannot reach the LRS at https://127.0.0.1:\(server.port)/xAPI: "))
        #expect(push.error.contains("certificate"))
        #expect(push.error.hasSuffix("(1 try)\n"), "no retry can fix a certificate")
        #expect(push.output.isEmpty)
    }
}

/// `edujam push` where no LRS is needed: the command line, and an LRS that is not there.
@Suite struct PushCommandTests {
    @Test func aBadURLNamesItself() throws {
        let cli = Edujam()
        defer { cli.remove() }
        // The URL is said back as typed, but for a password (`docs/interop.md`).
        for (url, shown, why) in [
            ("ftp://lrs.example/xAPI", "ftp://lrs.example/xAPI", "the scheme must be http or https"),
            ("lrs.example/xAPI", "lrs.example/xAPI", "expected an http(s) URL like https://lrs.example/xAPI/"),
            (
                "https://user:pw@lrs.example/xAPI", "https://user:********@lrs.example/xAPI",
                "put credentials in EDUJAM_LRS_USER and EDUJAM_LRS_PASSWORD or ~/.netrc, not in the URL"
            ),
            ("http://127.0.0.1:70000/xAPI", "http://127.0.0.1:70000/xAPI", "port 70000 is out of range"),
        ] {
            let result = try cli.run(["push", "--lrs", url])
            #expect(result.status == 64)
            #expect(result.error.hasPrefix("edujam push: '\(shown)' is not an LRS endpoint: "), "\(result.error)")
            #expect(result.error.split(separator: "\n").first?.hasSuffix(why) == true, "\(url): \(result.error)")
        }
    }

    @Test func anUnreachableLRSIsOneLineNamingIt() throws {
        let cli = Edujam()
        defer { cli.remove() }
        try Plays.mathJam(cli, student: "ana", .quit)
        let port = try closedPort()
        let result = try cli.run(["push", "--lrs", "http://127.0.0.1:\(port)/xAPI", "--retries", "1"])
        #expect(result.status == 1)
        #expect(
            result.error
                == "edujam push: cannot reach the LRS at http://127.0.0.1:\(port)/xAPI: connection refused (2 tries)\n")
        #expect(result.output.isEmpty)
        let unknown = try cli.run(["push", "--lrs", "http://lrs.invalid/xAPI"])
        #expect(unknown.error == "edujam push: cannot reach the LRS at http://lrs.invalid/xAPI: unknown host (1 try)\n")
    }

    @Test func halfTheCredentialsIsAnError() throws {
        let cli = Edujam()
        defer { cli.remove() }
        try Plays.mathJam(cli, student: "ana", .quit)
        let result = try cli.run(
            ["push", "--lrs", "http://127.0.0.1:9/xAPI"], environment: ["EDUJAM_LRS_USER": "teacher"])
        #expect(result.status == 1)
        #expect(result.error == "edujam push: EDUJAM_LRS_USER is set but EDUJAM_LRS_PASSWORD is not: set both\n")
    }

    @Test func anEmptyStoreHasNothingToPush() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let result = try cli.run(["push", "--lrs", "http://127.0.0.1:9/xAPI"])
        #expect(result.status == 0)
        #expect(result.output == "nothing to push to http://127.0.0.1:9/xAPI: the store has no statements\n")
    }

    /// A port nothing listens on: bound, then closed.
    func closedPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, size) == 0 && getsockname(fd, $0, &size) == 0
            }
        }
        guard bound else { throw RalphLRS.Failure("cannot bind a port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
