import Foundation
import Playtest
import Runtime

/// `edujam play --record FILE`: passes everything to the terminal, and keeps the
/// inputs (with the real time taken to type them) and the output, cut into
/// segments as transcripts cut them, to write the session as a `.play` case.
final class RecordingChannel: PlayChannel {
    private let inner: PlayChannel
    private(set) var replies: [Reply] = []
    private(set) var segments: [[String]] = [[]]

    init(wrapping inner: PlayChannel) { self.inner = inner }

    func handle(_ event: RunEvent) -> Reply? {
        segments[segments.count - 1] += ChannelText.lines(showing: event)
        guard event.isQuestion else { return inner.handle(event) }
        let asked = ContinuousClock.now
        guard let reply = inner.handle(event) else { return nil }
        let waited = ContinuousClock.now - asked
        let seconds = Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
        replies.append(Reply(reply.text, thinking: (seconds * 100).rounded() / 100))
        segments.append([])
        return reply
    }

    /// Appends the session to `file` as a `.play` case (creating the file when missing).
    func write(to file: String, report: RunReport, options: PlayOptions) throws {
        let name = "recorded playthrough (seed \(options.seed))"
        let text = TranscriptWriter.testCase(
            name: name, seed: options.seed, student: options.student, level: options.level,
            replies: replies, segments: segments, record: report.record)
        if let handle = FileHandle(forWritingAtPath: file) {
            defer { try? handle.close() }
            handle.seekToEndOfFile()
            handle.write(Data(("\n" + text).utf8))
        } else {
            try OutputFile.write(
                "# Recorded with edujam play --record. Edit freely: see docs/playtesting.md.\n\n" + text, to: file)
        }
    }
}
