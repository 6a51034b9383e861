import Foundation
import Testing

@testable import Interop

/// The push's state machine against an LRS in memory that keeps xAPI's rules (a statement id
/// already stored with other content: 409 for the whole batch) and fails on request.
@Suite struct StatementPusherTests {
    /// `count` statements with ids s0, s1, … (decoded, as an LRS would read them).
    static func statements(_ count: Int) throws -> [XAPIStatement] {
        try (0..<count).map { index in
            let json = """
                {"id": "s\(index)", "actor": {"objectType": "Agent", "name": "ana", "account": {"homePage": "https://school.example", "name": "ana"}},
                 "verb": {"id": "http://adlnet.gov/expapi/verbs/progressed", "display": {"en-US": "progressed"}},
                 "object": {"objectType": "Activity", "id": "urn:edujam:activity:QUIZ"},
                 "context": {"registration": "r", "platform": "EduJam"}, "timestamp": "2026-11-30T10:00:0\(index % 10).000Z"}
                """
            return try JSONDecoder().decode(XAPIStatement.self, from: Data(json.utf8))
        }
    }

    final class FakeLRS: LRSTransport {
        /// Ids stored by someone else with other content.
        var conflicting: Set<String> = []
        /// Answers given before any real work, first to last.
        var script: [LRSAnswer] = []
        var stored: [String] = []
        var batches: [[String]] = []

        func post(_ body: Data) -> LRSAnswer {
            let ids = ((try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]] ?? []).map {
                $0["id"] as? String ?? ""
            }
            batches.append(ids)
            if !script.isEmpty { return script.removeFirst() }
            if let clash = ids.first(where: conflicting.contains) {
                return .http(
                    status: 409,
                    body: Data(#"{"detail": "Differing statements already exist with the same ID: \#(clash)"}"#.utf8))
            }
            let new = ids.filter { !stored.contains($0) }
            stored += new
            return StatementPusherTests.receipt(new)
        }
    }

    /// What an LRS answers after storing `ids`: 200 with their ids, or 204 when it had them all.
    static func receipt(_ ids: [String]) -> LRSAnswer {
        if ids.isEmpty { return .http(status: 204, body: Data()) }
        return .http(status: 200, body: try! JSONSerialization.data(withJSONObject: ids))
    }

    final class Log {
        var recorded: [[String]] = []
        var waits: [Double] = []
    }

    static func pusher(
        _ lrs: FakeLRS, _ log: Log, batchSize: Int = 100, retries: Int = 3,
        interruptDuringWait: Bool = false
    ) -> StatementPusher {
        StatementPusher(
            transport: lrs, options: .init(batchSize: batchSize, retries: retries),
            record: { log.recorded.append($0) },
            wait: {
                log.waits.append($0)
                return !interruptDuringWait
            },
            isInterrupted: { false })
    }

    @Test func eachAcceptedBatchIsRecordedBeforeTheNextIsSent() throws {
        let lrs = FakeLRS()
        let log = Log()
        let outcome = try Self.pusher(lrs, log, batchSize: 3).push(try Self.statements(7))
        #expect(lrs.batches == [["s0", "s1", "s2"], ["s3", "s4", "s5"], ["s6"]])
        #expect(log.recorded == lrs.batches)
        #expect(outcome.accepted == 7 && outcome.requests == 3 && outcome.rejected.isEmpty && outcome.stop == nil)
    }

    @Test func aRefusedStatementIsFoundBySplittingAndTheOthersAreAccepted() throws {
        let lrs = FakeLRS()
        let log = Log()
        lrs.conflicting = ["s5"]
        let outcome = try Self.pusher(lrs, log, batchSize: 8).push(try Self.statements(8))
        #expect(outcome.accepted == 7)
        #expect(outcome.rejected.map(\.statement.id) == ["s5"])
        #expect(outcome.rejected.first?.status == 409)
        #expect(outcome.rejected.first?.message == "Differing statements already exist with the same ID: s5")
        #expect(log.recorded == [["s0", "s1", "s2", "s3"], ["s4"], ["s6", "s7"]])
        #expect(lrs.stored == ["s0", "s1", "s2", "s3", "s4", "s6", "s7"], "order kept")
        #expect(outcome.requests == 7, "8, 4+4, 2+2, 1+1")
    }

    @Test func serverErrorsAreTriedAgainWithGrowingPausesThenStop() throws {
        let lrs = FakeLRS()
        let log = Log()
        lrs.script = Array(repeating: .http(status: 503, body: Data("Service Unavailable".utf8)), count: 10)
        let outcome = try Self.pusher(lrs, log, retries: 3).push(try Self.statements(2))
        #expect(outcome.stop == .serverError(status: 503, message: "Service Unavailable", tries: 4))
        #expect(log.waits == [1, 2, 4])
        #expect(log.recorded.isEmpty && outcome.accepted == 0)
    }

    @Test func aTimeoutThenSuccessSendsTheSameBatchAgain() throws {
        let lrs = FakeLRS()
        let log = Log()
        lrs.script = [.unreachable(reason: "no answer in time", retryable: true), .http(status: 502, body: Data())]
        let outcome = try Self.pusher(lrs, log, batchSize: 2).push(try Self.statements(3))
        #expect(lrs.batches == [["s0", "s1"], ["s0", "s1"], ["s0", "s1"], ["s2"]])
        #expect(log.waits == [1, 2])
        #expect(outcome.accepted == 3 && outcome.stop == nil && outcome.requests == 4)
    }

    @Test func whatNoRetryCanFixStopsAtOnce() throws {
        for answer in [
            LRSAnswer.unreachable(reason: "unknown host", retryable: false),
            .http(status: 401, body: Data(#"{"detail":"Invalid authentication credentials"}"#.utf8)),
        ] {
            let lrs = FakeLRS()
            let log = Log()
            lrs.script = [answer]
            let outcome = try Self.pusher(lrs, log).push(try Self.statements(4))
            #expect(lrs.batches.count == 1, "neither retried nor split")
            #expect(log.waits.isEmpty && log.recorded.isEmpty)
            #expect(
                outcome.stop == .unreachable(reason: "unknown host", tries: 1)
                    || outcome.stop == .refused(status: 401, message: "Invalid authentication credentials"))
        }
    }

    @Test func ctrlCDuringAPauseStopsWithoutRecordingThatBatch() throws {
        let lrs = FakeLRS()
        let log = Log()
        lrs.script = [Self.receipt(["s0"]), .http(status: 500, body: Data())]
        let outcome = try Self.pusher(lrs, log, batchSize: 1, interruptDuringWait: true).push(try Self.statements(3))
        #expect(outcome.stop == .interrupted)
        #expect(log.recorded == [["s0"]])
        #expect(outcome.accepted == 1)
    }

    @Test func aStoreThatCannotRecordStopsThePush() throws {
        struct Full: Error {}
        let lrs = FakeLRS()
        let pusher = StatementPusher(
            transport: lrs, options: .init(batchSize: 1), record: { _ in throw Full() },
            wait: { _ in true }, isInterrupted: { false })
        #expect(throws: Full.self) { try pusher.push(try Self.statements(3)) }
        #expect(lrs.batches == [["s0"]], "nothing more is sent")
    }

    /// A captive portal's login page, a proxy's empty 200, ids of other statements and a body
    /// too large to read are no receipt: tried again, then the push stops with nothing recorded.
    @Test func onlyAReceiptForTheBatchIsAcceptance() throws {
        let portal = LRSAnswer.http(
            status: 200, body: Data("<html><body><form action=/login>Wi-Fi login</form></body></html>".utf8))
        let notReceipts: [LRSAnswer] = [
            portal, .http(status: 200, body: Data()), .http(status: 201, body: Data(#"["s0","s1"]"#.utf8)),
            .http(status: 200, body: Data(#"["s0","s9"]"#.utf8)), .http(status: 200, body: Data(#"["s0","s0"]"#.utf8)),
            .http(status: 200, body: Data(#"{"ids":["s0","s1"]}"#.utf8)),
            .http(status: 204, body: Data("ok".utf8)), .unusable(reason: "answered with more than 1024 KiB"),
        ]
        for answer in notReceipts {
            let lrs = FakeLRS()
            let log = Log()
            lrs.script = Array(repeating: answer, count: 3)
            let outcome = try Self.pusher(lrs, log, batchSize: 2, retries: 2).push(try Self.statements(2))
            #expect(log.recorded.isEmpty && outcome.accepted == 0, "\(answer)")
            #expect(lrs.batches.count == 3, "tried again like a server error: \(answer)")
            guard case .notAnLRSAnswer(_, let tries)? = outcome.stop else {
                Issue.record("\(answer): \(String(describing: outcome.stop))")
                continue
            }
            #expect(tries == 3)
        }
        let lrs = FakeLRS()
        let log = Log()
        lrs.script = [portal]
        let outcome = try Self.pusher(lrs, log, batchSize: 2).push(try Self.statements(2))
        #expect(outcome.stop == nil && outcome.accepted == 2, "the next try reached the LRS")
        #expect(log.recorded == [["s0", "s1"]])
    }

    @Test func aReceiptMayLeaveOutWhatTheLRSHadAlready() throws {
        for answer in [
            Self.receipt(["S1"]), Self.receipt([]), .http(status: 200, body: Data(#"["s1", "s0"]"#.utf8)),
        ] {
            let lrs = FakeLRS()
            let log = Log()
            lrs.script = [answer]
            let outcome = try Self.pusher(lrs, log).push(try Self.statements(2))
            #expect(outcome.accepted == 2 && log.recorded == [["s0", "s1"]], "\(answer)")
        }
    }

    @Test func pausesDoubleUpToThirtySeconds() {
        let pusher = Self.pusher(FakeLRS(), Log(), retries: 20)
        #expect((1...8).map(pusher.delay(afterTry:)) == [1, 2, 4, 8, 16, 30, 30, 30])
    }

    @Test func theLRSMessageIsOneShortLine() {
        #expect(LRSMessage.text(Data(#"{"detail": "Invalid\nJSON"}"#.utf8)) == "Invalid JSON")
        #expect(LRSMessage.text(Data(#"{"message": "bad verb"}"#.utf8)) == "bad verb")
        #expect(LRSMessage.text(Data("<html>\n  <b>502</b>\n</html>".utf8)) == "<html> <b>502</b> </html>")
        #expect(LRSMessage.text(Data()) == "(no message)")
        #expect(LRSMessage.text(Data(String(repeating: "x", count: 1000).utf8)).count == 300)
    }
}
