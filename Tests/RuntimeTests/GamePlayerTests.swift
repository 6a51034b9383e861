import Foundation
import Runtime
import Sandbox
import Testing
import Tracking

/// Playing games in-process: how each run ends and what is tracked.
@Suite struct GamePlayerTests {
    @Test func finishedRunReportsEveryItem() throws {
        let (report, channel, store) = try play("reporter", ["4", "4", "5", "4", "done"], thinking: 2)
        #expect(report.outcome == .finished)
        let record = report.record
        #expect(record.identifierPath == ["org.example.fixtures", "REPORTER"])
        #expect(record.primaryItem == "score")
        #expect(record.item("score")?.value == .number(30))
        #expect(record.item("correct")?.score == 3 && record.item("correct")?.maxScore == 4)
        #expect(record.item("passed")?.value == .bool(true))
        #expect(record.item("passed")?.valueType == .passFail)
        #expect(record.progress == 1)
        #expect(record.durationSeconds == 10, "five answers at 2 virtual seconds")
        #expect(channel.said.contains("Correct!"))
        #expect(channel.said.last?.hasPrefix("Score: 30 clock 10") == true)
        #expect(try store.runs() == [record], "what was saved is what was reported")
    }

    @Test func endOfInputIsAQuitAndKeepsWhatWasReported() throws {
        let (report, _, store) = try play("reporter", ["4", "4"])
        #expect(report.outcome == .quit)
        #expect(report.record.item("score")?.value == .number(20))
        #expect(report.record.progress == 0.5)
        #expect(try store.runs().first?.outcome == .quit)
    }

    @Test func aFailingScriptIsRecordedWithItsLine() throws {
        let (report, channel, store) = try play("crash", ["hello"])
        #expect(report.outcome == .error)
        #expect(report.failure?.chunk?.hasSuffix("crash/game.lua") == true)
        #expect(report.failure?.line == 9)
        #expect(report.failure?.message == "attempt to index a nil value (local 't')")
        #expect(report.failure?.traceback.contains("game.lua:9") == true)
        #expect(report.record.item("score")?.value == .number(5), "nothing reported before the error is lost")
        #expect(try store.runs().first?.progress == 0.5)
        guard case .end = channel.events.last else {
            Issue.record("the channel hears the end")
            return
        }
    }

    @Test func aLimitIsRecordedAsLimit() throws {
        var limits = SandboxLimits()
        limits.time = .milliseconds(100)
        let (report, _, store) = try play("spin", [], limits: limits)
        #expect(report.outcome == .limit)
        #expect(report.failure?.message.hasPrefix("time limit exceeded") == true)
        #expect(try store.runs().first?.item("score")?.value == .number(3))
    }

    @Test func askingAfterTheEndOfInputEndsTheRunAsQuit() throws {
        let (report, _, _) = try play("stubborn", ["a"])
        #expect(report.outcome == .quit)
    }

    @Test func virtualClockAndSeedReplay() throws {
        let first = try play("reporter", ["4", "done"], seed: 9).1.said.last
        let again = try play("reporter", ["4", "done"], seed: 9).1.said.last
        let other = try play("reporter", ["4", "done"], seed: 10).1.said.last
        #expect(first == again)
        #expect(first != other)
    }

    @Test func levelsFromTheMenuOrByName() throws {
        let (menu, channel, _) = try play("levels", ["7", "2", "1"])
        #expect(menu.record.identifierPath == ["org.example.fixtures", "LEVELS", "HARD"])
        #expect(channel.said.contains("Please type a number from 1 to 2."))
        #expect(channel.said.contains("level HARD"))
        #expect(menu.record.item("pick")?.value == .number(1))
        let (nested, _, _) = try play("levels", ["2"], level: "HARD/BOSS")
        #expect(nested.record.identifierPath == ["org.example.fixtures", "LEVELS", "HARD", "BOSS"])
        #expect(nested.record.item("pick")?.value == .number(2))
        #expect(throws: GameLoadError.self) { try play("levels", [], level: "MEDIUM") }
    }

    @Test func leavingAtTheMenuIsAQuit() throws {
        let (report, _, _) = try play("levels", [])
        #expect(report.outcome == .quit)
        #expect(report.record.identifierPath == ["org.example.fixtures", "LEVELS"])
    }

    @Test func declarationIsPublishedAsContexts() throws {
        let (_, _, store) = try play("reporter", ["done"])
        let context = try #require(try store.context(at: ["REPORTER"]))
        #expect(context.title == "Reporter")
        #expect(context.type == .quiz)
        #expect(context.topic == .math)
        #expect(context.keywords == ["test"])
        #expect(context.suggestedAge == 6...9)
        #expect(context.suggestedCompletionMinutes == 1...2)  // `minutes = { 1, 2 }`, as declared
    }

    @Test func everyChangeIsSavedAsTheGameGoes() throws {
        let clock = RunClock.virtual()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try TrackingStore(
            path: path, rootIdentifier: "org.example.fixtures", rootTitle: "F", clock: { clock.date() })
        final class Spy: PlayChannel {
            let path: String
            var seen: [Double] = []
            init(_ path: String) { self.path = path }
            func handle(_ event: RunEvent) -> Reply? {
                guard case .ask = event else { return nil }
                // Another connection reads what has been saved so far, mid-run.
                let reader = try? TrackingStore(path: path, rootIdentifier: "org.example.fixtures", rootTitle: "F")
                let value = (try? reader?.runs().first)??.item("score")?.value
                if case .number(let n)? = value { seen.append(n) } else { seen.append(-1) }
                return seen.count <= 3 ? Reply("4") : nil
            }
        }
        let spy = Spy(path)
        var options = PlayOptions()
        options.student = "ana"
        let folder = (fixtureGames() as NSString).appendingPathComponent("reporter")
        _ = try GamePlayer.play(folder: folder, store: store, channel: spy, clock: clock, options: options)
        #expect(spy.seen == [0, 10, 20, 30])
    }
}
