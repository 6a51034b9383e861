import Foundation

/// Sends statements to an LRS in batches and says which it accepted (docs/interop.md,
/// "Pushing to an LRS").
///
/// For each batch (a JSON array POSTed to `ENDPOINT/statements`):
/// - what xAPI says a POST of statements returns (``Receipt``: 200 with a JSON array of the ids
///   sent, or 204 with nothing when the LRS had every one already): the whole batch is accepted,
///   and ``record`` is called with its ids (one transaction in the store) before the next batch
///   is sent;
/// - any other 2xx (a captive portal's `200 text/html` login page, a proxy's empty 200), or an
///   answer too large to be one (``HTTPTransport/maxAnswerBytes``): not an answer from the LRS;
///   tried again like a server error, then the push stops, the batch not recorded;
/// - 400, 409, 413, 422 and other 4xx that concern the statements: the batch is split in halves
///   and each half sent again, down to single statements, so the statements that are fine are
///   accepted and each offending one is rejected with the LRS's message;
/// - 5xx, 408, 429 and no answer (timeout, refused or lost connection): the same batch is tried
///   again after 1, 2, 4, … seconds (at most 30), `retries` times, then the push stops;
/// - 3xx, 401, 403, 404, 405, 407 and other statuses: the request itself is wrong (address,
///   credentials): the push stops at once.
///
/// Acceptance is recorded only after the LRS answered with the batch's ids. Whatever stops a push (Ctrl-C, the
/// LRS going away, a crash) therefore leaves batches either recorded or not: one that was stored
/// by the LRS but not recorded is sent again next time, and an LRS answers a statement it already
/// has, unchanged, with success without storing it twice (xAPI Communication §2.1.2; ids are
/// name-based, so a re-sent statement is byte for byte the one sent before).
public struct StatementPusher {
    /// How the push behaves.
    public struct Options: Sendable {
        /// Statements per POST.
        public var batchSize = 100
        /// Further tries of a batch after a 5xx or no answer.
        public var retries = 3
        /// Seconds before the first retry; each later one waits twice as long, at most ``maxDelay``.
        public var firstDelay = 1.0
        public var maxDelay = 30.0

        public init(batchSize: Int = 100, retries: Int = 3) {
            self.batchSize = batchSize
            self.retries = retries
        }
    }

    /// A statement the LRS refused, with its answer.
    public struct Rejection: Sendable {
        public var statement: XAPIStatement
        public var status: Int
        /// The LRS's message, on one line.
        public var message: String
    }

    /// Why a push stopped before the end.
    public enum Stop: Error, Equatable, Sendable {
        /// No answer after `tries` tries.
        case unreachable(reason: String, tries: Int)
        /// Still a server error (5xx, 408, 429) after `tries` tries.
        case serverError(status: Int, message: String, tries: Int)
        /// An answer that no retry or split can fix (3xx, 401, 403, 404, …).
        case refused(status: Int, message: String)
        /// Still an answer that is not an LRS's to statements (a login page, a huge body) after
        /// `tries` tries: `reason` in words that follow "the LRS" (`answered 200 without …`).
        case notAnLRSAnswer(reason: String, tries: Int)
        /// Ctrl-C.
        case interrupted
    }

    /// What a push did.
    public struct Outcome: Sendable {
        /// Statements the LRS accepted (and that were recorded).
        public var accepted = 0
        /// Statements the LRS refused.
        public var rejected: [Rejection] = []
        /// POST requests sent, retries and splits included.
        public var requests = 0
        /// Why the push stopped early; nil when every statement was answered.
        public var stop: Stop?
    }

    let transport: any LRSTransport
    let options: Options
    /// Records accepted ids; called once per accepted batch, before the next is sent.
    let record: ([String]) throws -> Void
    /// Waits this many seconds; returns false when interrupted during the wait.
    let wait: (Double) -> Bool
    let isInterrupted: () -> Bool

    /// - Parameters:
    ///   - transport: Sends one batch.
    ///   - options: Batch size and retries.
    ///   - record: Records a batch's ids as accepted (in one transaction); an error stops the push.
    ///   - wait: Sleeps between retries; false when interrupted.
    ///   - isInterrupted: Whether Ctrl-C was pressed.
    public init(
        transport: any LRSTransport, options: Options, record: @escaping ([String]) throws -> Void,
        wait: @escaping (Double) -> Bool, isInterrupted: @escaping () -> Bool
    ) {
        self.transport = transport
        self.options = options
        self.record = record
        self.wait = wait
        self.isInterrupted = isInterrupted
    }

    /// Sends `statements` in order, in batches of ``Options/batchSize``.
    /// - Returns: What was accepted and rejected, and why the push stopped early, if it did.
    /// - Throws: An error from ``record``: the LRS has the batch but the store does not know (it is
    ///   sent again next time).
    public func push(_ statements: [XAPIStatement]) throws -> Outcome {
        var outcome = Outcome()
        let size = max(1, options.batchSize)
        do {
            for start in stride(from: 0, to: statements.count, by: size) {
                try deliver(statements[start..<min(start + size, statements.count)], &outcome)
            }
        } catch let stop as Stop {
            outcome.stop = stop
        }
        return outcome
    }

    /// Sends one batch, splitting it when the LRS refuses something in it.
    private func deliver(_ batch: ArraySlice<XAPIStatement>, _ outcome: inout Outcome) throws {
        let (status, body) = try send(batch, &outcome)
        switch Self.kind(of: status) {
        case .accepted:
            try record(batch.map(\.id))
            outcome.accepted += batch.count
        case .statementProblem where batch.count == 1:
            outcome.rejected.append(
                Rejection(statement: batch[batch.startIndex], status: status, message: LRSMessage.text(body)))
        case .statementProblem:
            let middle = batch.startIndex + batch.count / 2
            try deliver(batch[..<middle], &outcome)
            try deliver(batch[middle...], &outcome)
        case .retry, .fatal:
            throw Stop.refused(status: status, message: LRSMessage.text(body))
        }
    }

    /// POSTs `batch`, trying again after server errors, missing answers and answers that are not
    /// an LRS's.
    /// - Returns: The first answer that is not a server error: a 2xx only when it is a ``Receipt``.
    private func send(_ batch: ArraySlice<XAPIStatement>, _ outcome: inout Outcome) throws -> (Int, Data) {
        let body = try XAPIStatement.encoder.encode(Array(batch))
        var tries = 0
        while true {
            if isInterrupted() { throw Stop.interrupted }
            tries += 1
            outcome.requests += 1
            switch transport.post(body) {
            case .interrupted:
                throw Stop.interrupted
            case .http(let status, let answer) where Self.kind(of: status) == .retry:
                if tries > options.retries {
                    throw Stop.serverError(status: status, message: LRSMessage.text(answer), tries: tries)
                }
            case .http(let status, let answer) where Self.kind(of: status) == .accepted:
                guard let problem = Receipt.problem(status: status, body: answer, ids: batch.map(\.id)) else {
                    return (status, answer)
                }
                if tries > options.retries { throw Stop.notAnLRSAnswer(reason: problem, tries: tries) }
            case .http(let status, let answer):
                return (status, answer)
            case .unreachable(let reason, let retryable):
                if !retryable || tries > options.retries { throw Stop.unreachable(reason: reason, tries: tries) }
            case .unusable(let reason):
                if tries > options.retries { throw Stop.notAnLRSAnswer(reason: reason, tries: tries) }
            }
            guard wait(delay(afterTry: tries)) else { throw Stop.interrupted }
        }
    }

    /// 1, 2, 4, … seconds, at most ``Options/maxDelay``.
    func delay(afterTry tries: Int) -> Double {
        min(options.maxDelay, options.firstDelay * pow(2, Double(min(tries - 1, 30))))
    }

    enum AnswerKind { case accepted, statementProblem, retry, fatal }

    /// What a status means for the batch that got it.
    static func kind(of status: Int) -> AnswerKind {
        switch status {
        case 200..<300: return .accepted
        case 408, 429, 500..<600: return .retry
        case 401, 403, 404, 405, 407: return .fatal
        case 400..<500: return .statementProblem
        default: return .fatal
        }
    }
}

extension XAPIStatement {
    /// Key-sorted JSON without escaped slashes: the same statement is always the same bytes.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

/// What xAPI says the answer to a POST of statements is (xAPI 1.0.3 Communication §2.1.2): 200
/// with a JSON array of the ids of the statements stored. Ralph, like others, leaves out the ids
/// it already had, and answers 204 with no body when it had them all; so a receipt lists some of
/// the ids sent, each once, and no other.
enum Receipt {
    /// Why a 2xx answer is not a receipt for `ids`, in words that follow "the LRS" (`answered
    /// 200 without …`); nil when it is one.
    static func problem(status: Int, body: Data, ids: [String]) -> String? {
        if status == 204, body.isEmpty { return nil }
        let notOne = "answered \(status) without the ids of the statements sent (a login page or a proxy in the way?)"
        guard status == 200, let listed = (try? JSONSerialization.jsonObject(with: body)) as? [Any] else {
            return notOne + ": " + LRSMessage.text(body)
        }
        let sent = Set(ids.map { $0.lowercased() })
        let answered = listed.compactMap { ($0 as? String)?.lowercased() }
        guard answered.count == listed.count, answered.allSatisfy(sent.contains), Set(answered).count == answered.count
        else { return "answered 200 with ids that were not sent (or the same id twice)" }
        return nil
    }
}

/// The message in an LRS's answer, on one line: the `detail`, `message` or `error` member of a
/// JSON object (Ralph, Learning Locker, others), else the body's text; at most 300 characters.
enum LRSMessage {
    static func text(_ body: Data) -> String {
        var text = String(decoding: body, as: UTF8.self)
        if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
            for key in ["detail", "message", "error", "errorMessage"] {
                if let message = object[key] as? String {
                    text = message
                    break
                }
            }
        }
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        if line.isEmpty { return "(no message)" }
        return line.count > 300 ? String(line.prefix(299)) + "…" : line
    }
}
