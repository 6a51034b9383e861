import Foundation
import Tracking

/// Tells a saved attempt as xAPI 1.0.3 statements (docs/interop.md has the mapping and an
/// example per verb).
///
/// - `initialized` at the first start, `suspended` / `resumed` at each stop and start,
///   `progressed` each time progress grows (the cmi5 progress extension, 0–100);
/// - at the end of a run that reached `finish`: `scored` when the primary item is a score,
///   `passed` / `failed` when the game reports a pass/fail binary item (``RunRecord/verdict``),
///   and `completed`; games set items as they go, so a run that ended any other way (quit, error,
///   limit) or was interrupted has no result of that kind;
/// - last, for every run that ended or was interrupted: `terminated` with the time spent, the
///   progress and every quantity item as a result extension.
///
/// Statement ids are name-based UUIDs of the attempt's UUID, the event's number and the verb, so
/// exporting twice gives the same statements and re-sending one is idempotent.
public struct StatementBuilder: Sendable {
    /// The school's home page: the `account.homePage` of every actor.
    public var homePage: String

    /// The cmi5 progress extension.
    public static let progressExtension = "https://w3id.org/xapi/cmi5/result/extensions/progress"
    /// Prefix of an activity id: the identifier path follows, joined with `/`.
    public static let activityPrefix = "urn:edujam:activity:"
    /// Prefix of a quantity item's result extension: the item identifier follows.
    public static let quantityPrefix = "urn:edujam:item:"
    /// The context extension that carries the version of the game the attempt ran (its content
    /// hash, Tracking's `GameVersionRule`), on every statement of an attempt that recorded one.
    public static let gameVersionExtension = "urn:edujam:extension:game-version"
    static let activityType = "http://adlnet.gov/expapi/activities/lesson"

    /// - Parameter homePage: The school's URL, for example `https://school.example`.
    public init(homePage: String) {
        self.homePage = homePage
    }

    /// Every statement of `attempt`, in the order things happened.
    public func statements(_ attempt: AttemptHistory) -> [XAPIStatement] {
        let events = attempt.events.isEmpty ? Self.reconstructed(attempt.run) : Self.closed(attempt)
        var statements: [XAPIStatement] = []
        var running: Date?
        var spent = 0.0
        for (index, event) in events.enumerated() {
            let at = Self.date(event.at)
            switch event.kind {
            case .started, .resumed:
                running = at
                statements.append(
                    statement(attempt, event, event.kind == .started ? .initialized : .resumed, result: nil))
            case .stopped:
                if let since = running, let at { spent += max(0, at.timeIntervalSince(since)) }
                running = nil
                // A game stops the clock just before it ends: that is the end, not a pause.
                let next = events[(index + 1)...].first { $0.kind != .progressed }
                if next?.kind == .ended { continue }
                statements.append(
                    statement(attempt, event, .suspended, result: .init(duration: ISODuration.string(spent))))
            case .progressed:
                let percent = Double(Int(((event.progress ?? 0) * 100).rounded()).clamped(0, 100))
                statements.append(
                    statement(attempt, event, .progressed, result: .init(extensions: [Self.progressExtension: percent]))
                )
            case .ended:
                statements += ending(attempt, event)
            }
        }
        return statements
    }

    private func ending(_ attempt: AttemptHistory, _ event: AttemptEvent) -> [XAPIStatement] {
        let run = attempt.run
        let duration = ISODuration.string(run.durationSeconds)
        var statements: [XAPIStatement] = []
        if event.outcome == .finished {  // a run the student left has no final score and no verdict
            statements = finalResults(attempt, event, duration: duration)
        }
        var extensions = [Self.progressExtension: Double(Int((run.progress * 100).rounded()).clamped(0, 100))]
        for item in run.items {
            switch item.item.value {  // a score and a verdict have their own statements (finalResults)
            case .quantity(let value) where value.isFinite: extensions[Self.itemKey(item.identifier)] = value
            case .quantity, .binary, .score: break
            }
        }
        statements.append(
            statement(attempt, event, .terminated, result: .init(duration: duration, extensions: extensions)))
        return statements
    }

    /// `scored`, `passed` / `failed` and `completed`: what only a run that reached `finish` reports.
    private func finalResults(_ attempt: AttemptHistory, _ event: AttemptEvent, duration: String) -> [XAPIStatement] {
        let run = attempt.run
        let score = run.items.first { $0.identifier == run.primaryItem }.flatMap(Self.score)
        var statements: [XAPIStatement] = []
        if let score {
            statements.append(statement(attempt, event, .scored, result: .init(score: score, duration: duration)))
        }
        if let verdict = run.verdict {
            statements.append(
                statement(
                    attempt, event, verdict ? .passed : .failed,
                    result: .init(score: score, success: verdict, duration: duration)))
        }
        statements.append(statement(attempt, event, .completed, result: .init(completion: true, duration: duration)))
        return statements
    }

    private func statement(
        _ attempt: AttemptHistory, _ event: AttemptEvent, _ verb: XAPIVerb,
        result: XAPIStatement.Result?
    ) -> XAPIStatement {
        let run = attempt.run
        let registration = attempt.uuid.uuidString.lowercased()
        let id = NameBasedUUID.make(
            namespace: NameBasedUUID.statements, name: "\(registration)/\(event.sequence)/\(verb.rawValue)")
        let path = run.identifierPath
        let ancestors = path.indices.dropLast().map { Self.activity(Array(path[...$0])) }
        let context = XAPIStatement.Context(
            registration: registration,
            contextActivities: ancestors.isEmpty
                ? nil
                : .init(
                    parent: ancestors.suffix(1).map { $0 },
                    grouping: ancestors.count > 1 ? Array(ancestors.dropLast()) : nil),
            platform: "EduJam", extensions: run.gameVersion.map { [Self.gameVersionExtension: $0] })
        var object = Self.activity(path)
        object.definition = .init(type: Self.activityType, name: ["en-US": run.title])
        return XAPIStatement(
            id: id.uuidString.lowercased(),
            actor: .init(name: run.student, account: .init(homePage: homePage, name: run.student)),
            verb: .init(id: verb.iri, display: ["en-US": verb.rawValue]),
            object: object, result: result, context: context, timestamp: event.at)
    }

    static func activity(_ path: [String]) -> XAPIStatement.Activity {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let encoded = path.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
        return .init(id: activityPrefix + encoded.joined(separator: "/"))
    }

    /// A quantity item's extension key: ``quantityPrefix`` and the identifier, with what an IRI
    /// cannot hold (spaces, controls and format characters, `%`, `"<>\^`{|}`) percent-encoded.
    /// Identifiers are opaque (`Level 1` is one); one without those characters keeps its key.
    static func itemKey(_ identifier: String) -> String {
        let refused = CharacterSet(charactersIn: "%\"<>\\^`{|}").union(.whitespacesAndNewlines).union(
            .controlCharacters)
        return quantityPrefix
            + (identifier.addingPercentEncoding(withAllowedCharacters: refused.inverted) ?? identifier)
    }

    /// A score item as an xAPI score: `raw` kept within `0...max`, `scaled` within 0...1.
    static func score(_ item: ItemRecord) -> XAPIStatement.Score? {
        guard case .score(let raw, let max) = item.item.value, raw.isFinite, max.isFinite, max > 0 else { return nil }
        let kept = Swift.min(Swift.max(raw, 0), max)
        return .init(scaled: kept / max, raw: kept, min: 0, max: max)
    }

    /// The attempt's history, with an end where it was `interrupted` (its process gone, so it
    /// never ended): at its last event, so it closes with `terminated` and the progress it had.
    static func closed(_ attempt: AttemptHistory) -> [AttemptEvent] {
        let events = attempt.events
        guard attempt.run.outcome == .interrupted, !events.contains(where: { $0.kind == .ended }),
            let last = events.max(by: { $0.sequence < $1.sequence })
        else { return events }
        let sequence = last.sequence == Int.max ? last.sequence : last.sequence + 1  // ids only need it unique
        return events + [AttemptEvent(sequence: sequence, kind: .ended, at: last.at, outcome: .interrupted)]
    }

    /// The history of an attempt saved before histories were kept: started, its progress, its end.
    static func reconstructed(_ run: RunRecord) -> [AttemptEvent] {
        var events = [AttemptEvent(sequence: 0, kind: .started, at: run.startedAt)]
        let end =
            date(run.startedAt).map {
                ISO8601Format.string($0.addingTimeInterval(run.durationSeconds.isFinite ? run.durationSeconds : 0))
            } ?? run.startedAt
        if run.progress > 0 { events.append(.init(sequence: 1, kind: .progressed, at: end, progress: run.progress)) }
        if run.outcome != .running {  // still going: no end yet
            events.append(.init(sequence: 2, kind: .ended, at: end, outcome: run.outcome))
        }
        return events
    }

    static func date(_ text: String) -> Date? { ISO8601Format.date(text) }
}

/// ISO 8601 timestamps with milliseconds, as the store writes them.
enum ISO8601Format {
    private static func formatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }

    static func date(_ text: String) -> Date? { formatter().date(from: text) }
    static func string(_ date: Date) -> String { formatter().string(from: date) }
}

/// xAPI durations: ISO 8601 `PT…` with at most two decimals (xAPI keeps 0.01 s).
enum ISODuration {
    static func string(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "PT0S" }
        let hundredths = Int64(Swift.min(seconds, 1e12) * 100 + 0.5)
        let hours = hundredths / 360_000
        let minutes = hundredths / 6000 % 60
        let rest = hundredths % 6000
        var text = "PT"
        if hours > 0 { text += "\(hours)H" }
        if minutes > 0 { text += "\(minutes)M" }
        if rest > 0 || text == "PT" {
            let whole = rest / 100
            let fraction = rest % 100
            text +=
                fraction == 0
                ? "\(whole)S"
                : fraction % 10 == 0 ? "\(whole).\(fraction / 10)S" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)S"
        }
        return text
    }
}

extension Comparable {
    func clamped(_ low: Self, _ high: Self) -> Self { Swift.min(Swift.max(self, low), high) }
}
