import Foundation
import Runtime
import Tracking

/// A session kept as a `.play` case: the output cut into segments at each answer, as transcripts
/// cut them (``ChannelText``), each answer with the time the student took. What `play --record`
/// (``RecordingChannel``) and `replay --transcript` (``TranscriptScreen``) write.
public final class SessionTranscript {
    private var replies: [Reply] = []
    private var segments: [[String]] = [[]]

    public init() {}

    /// Keeps what `event` shows in the current segment.
    public func show(_ event: RunEvent) { segments[segments.count - 1] += ChannelText.lines(showing: event) }

    /// Keeps an answer, and starts the segment of what follows it.
    public func answered(_ text: String, thinking seconds: Double) {
        replies.append(Reply(text, thinking: seconds))
        segments.append([])
    }

    /// The case (``TranscriptWriter/testCase(name:seed:student:level:replies:segments:record:reportLines:)``).
    public func testCase(name: String, seed: Int, student: String = "student", level: String?, record: RunRecord?)
        -> String
    {
        TranscriptWriter.testCase(
            name: name, seed: seed, student: student, level: level, replies: replies, segments: segments,
            record: record)
    }
}

/// `play --record FILE`: passes everything to the channel it wraps, and keeps the session
/// (``SessionTranscript``), each answer with the real time taken to type it.
public final class RecordingChannel: PlayChannel {
    private let inner: PlayChannel
    private let transcript = SessionTranscript()

    public init(wrapping inner: PlayChannel) { self.inner = inner }

    public func handle(_ event: RunEvent) -> Reply? {
        transcript.show(event)
        guard event.isQuestion else { return inner.handle(event) }
        let asked = ContinuousClock.now
        guard let reply = inner.handle(event) else { return nil }
        let waited = ContinuousClock.now - asked
        let seconds = Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
        transcript.answered(reply.text, thinking: (seconds * 100).rounded() / 100)
        return reply
    }

    /// The session as a case named for its seed.
    public func testCase(report: RunReport, options: PlayOptions) -> String {
        transcript.testCase(
            name: "recorded playthrough (seed \(options.seed))", seed: options.seed, student: options.student,
            level: options.level, record: report.record)
    }
}

/// `replay --transcript FILE`: a replay kept as a `.play` case, each answer with the time the game
/// saw the student take.
public final class TranscriptScreen: ReplayScreen {
    private let transcript = SessionTranscript()

    public init() {}

    public func show(_ event: RunEvent) { transcript.show(event) }

    public func answered(_ text: String?, after seconds: Double) {
        guard let text else { return }  // input ended: a transcript's inputs simply stop
        transcript.answered(text, thinking: seconds)
    }

    /// The case, named for the attempt; its student is left out, as the game never saw it.
    public func testCase(of saved: SavedInputs, replay: Replay) -> String {
        transcript.testCase(
            name: "attempt \(saved.uuid)", seed: saved.inputs.seed,
            level: saved.inputs.level.map(IdentifierPathText.text), record: replay.report.record)
    }
}
