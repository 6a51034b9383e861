import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import ReportText
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
            let lines = InboxText.lines(entry) { path in
                (try? context.store.context(at: path))?.children.map(\.identifier) ?? []
            }
            Output.line(lines.joined(separator: "\n"))
        }
        return .success
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
