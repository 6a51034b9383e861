import Authoring
import Foundation
import Playtest
import Testing

@testable import School

/// A child process gets its job as the typed value the parent holds (``GameJob``): every setting
/// arrives as it was, a sub-second time limit included, with no default filled in on the way.
struct GameJobTests {
    private func roundTrip(_ job: GameJob) throws -> GameJob {
        try JSONDecoder().decode(GameJob.self, from: Data(job.argument.utf8))
    }

    @Test func aCheckJobArrivesWithEverySetting() throws {
        var settings = GameChecker.Settings()
        settings.fuzzRuns = 7
        settings.fuzzTimeLimit = .milliseconds(1_500)
        settings.jobs = 3
        settings.useLuacheck = false
        guard case .check(let folder, let arrived) = try roundTrip(.check(folder: "games/ü x", settings: settings))
        else {
            Issue.record("not a check job")
            return
        }
        #expect(folder == "games/ü x")
        #expect(arrived.fuzzRuns == 7 && arrived.jobs == 3 && !arrived.useLuacheck)
        #expect(arrived.fuzzTimeLimit == .milliseconds(1_500), "was cut to whole seconds")
    }

    @Test func aLookupsTimeLimitAndATestShareArriveAsTheyWere() throws {
        guard case .declaration(_, let limit) = try roundTrip(.declaration(folder: "g", timeLimit: .milliseconds(250)))
        else {
            Issue.record("not a declaration job")
            return
        }
        #expect(limit == .milliseconds(250))
        guard case .declaration(_, nil) = try roundTrip(.declaration(folder: "g", timeLimit: nil)) else {
            Issue.record("no limit became one")
            return
        }
        var settings = TestSuite.Settings()
        settings.update = true
        settings.fuzzRuns = 0
        guard case .test(let paths, let arrived) = try roundTrip(.test(paths: ["a", "b c"], settings: settings)) else {
            Issue.record("not a test job")
            return
        }
        #expect(paths == ["a", "b c"] && arrived.update && arrived.fuzzRuns == 0)
    }

    /// A word that is no job is refused, not run with defaults.
    @Test func aChildGivenWordsThatAreNoJobRunsNothing() {
        #expect(GameJobs.child(["check", "games/x", "300", "30", "1", "luacheck"]) == .notAJob)
        #expect(GameJobs.child(["{\"check\":{}}"]) == .notAJob)
    }
}
