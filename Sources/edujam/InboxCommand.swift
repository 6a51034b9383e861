import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import Runtime
import School
import Tracking

/// `edujam inbox`: a student's assignments and their status (its options and synopsis: ``declaration``).
enum InboxCommand: Command {
    static let declaration = InboxOptions.declaration

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try InboxOptions(words)
        let context: StoreContext
        do {
            context = try StoreContext(options.common, reading: true)
        } catch StoreError.server(.serverUnreachable(let server, _)) {
            throw ServerAway(server: server)
        }
        defer { Output.unreadable(context.store.unreadableRows) }
        return try context.suggestingNames { try show(options, context) }
    }

    private static func show(_ options: InboxOptions, _ context: StoreContext) throws -> ExitStatus {
        let student = try Identity.student(
            typed: options.student, identity: try context.store.identity(), usage: InboxOptions.needsStudent)
        try context.store.checkStudentName(student)  // at the door
        let entries = try context.store.inbox(student: student)
        StoreLocation(options.common).prefetch(forInbox: entries, from: context.store)  // to play while offline
        if options.json {
            try Output.json(entries)
            return .success
        }
        guard !entries.isEmpty else {
            Output.line("No assignments for \(student).")
            return .success
        }
        for entry in entries {
            let due = entry.due.map { " (due \($0.prefix(10)))" } ?? ""
            Output.line(
                "[\(entry.assignmentId)] \(Terminal.cleanLine(entry.title))\(due)\(entry.late ? "  LATE" : "")\(entry.complete ? "  complete" : "")"
            )
            if let instructions = entry.instructions { Output.line("    \(instructions)") }
            if let note = entry.removedAttemptsNote { Output.line("    " + note) }
            for activity in entry.activities {
                let path = Terminal.cleanLine(Grid.path(activity.identifierPath))
                let result = Grid.latest(activity)
                Output.line(
                    "    \(Terminal.pad(Grid.status(activity.status), toWidth: 12)) \(path)  \(Terminal.cleanLine(activity.title))"
                        + (result == "-" ? "" : "  (\(result))"))
                Output.line(String(repeating: " ", count: 17) + howToPlay(path, activity, store: context.store))
            }
            if entry.readyToHandIn { Output.line("    " + handIn(entry.assignmentId)) }
        }
        return .success
    }

    /// What a student who finished every activity of assignment `id` is told: finishing is not
    /// handing in.
    static func handIn(_ id: Int64) -> String {
        "You finished every activity: hand it in with edujam done \(id)"
    }

    /// `edujam play CAPITALS   levels: EASY, HARD`: the command a student types, and the levels a
    /// whole game offers (its menu), as the catalog has them.
    private static func howToPlay(_ path: String, _ activity: ActivityProgress, store: TrackingStore) -> String {
        let command = "edujam play \(shellWord(path))"
        let levels = (try? store.context(at: activity.identifierPath))?.children.map(\.identifier) ?? []
        guard !levels.isEmpty else { return command }
        return command + "   levels: "
            + levels.map { Terminal.cleanLine(IdentifierPathText.text([$0])) }.joined(separator: ", ")
    }

    /// `text` as one word a shell reads back unchanged when the line is pasted: as it is when it
    /// holds only letters, digits and `-._/%+,:@=`, else in single quotes (`'Level 1'`).
    static func shellWord(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { scalar in
            !scalar.isASCII || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "-._/%+,:@=".unicodeScalars.contains(scalar)
        }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

/// `inbox` while the school server cannot be reached: said for a student, without the socket's
/// errno (the server's address is enough for whoever looks after it).
struct ServerAway: Error, CustomStringConvertible {
    let server: String
    var description: String {
        "the school server (\(server)) cannot be reached right now, so your assignments cannot be shown; nothing is lost: games you play are kept on this computer and sent when it is back"
    }
}
