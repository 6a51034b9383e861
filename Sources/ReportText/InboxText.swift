import Classroom
import Runtime
import Tracking

/// A student's inbox as `edujam inbox` lists it: each assignment, each activity with its status
/// and latest result, and under it the command that plays it.
public enum InboxText {
    /// The lines of one assignment.
    /// - Parameter levels: The levels a whole game offers (its menu), given its identifier path.
    public static func lines(_ entry: InboxEntry, levels: ([String]) -> [String]) -> [String] {
        let due = entry.due.map { " (due \($0.prefix(10)))" } ?? ""
        var lines = [
            "[\(entry.assignmentId)] \(Terminal.cleanLine(entry.title))\(due)\(entry.late ? "  LATE" : "")\(entry.complete ? "  complete" : "")"
        ]
        if let instructions = entry.instructions { lines.append("    \(instructions)") }
        if let note = entry.removedAttemptsNote { lines.append("    " + note) }
        for activity in entry.activities {
            let path = Terminal.cleanLine(Grid.path(activity.identifierPath))
            let result = Grid.latest(activity)
            lines.append(
                "    \(Terminal.pad(Grid.status(activity.status), toWidth: 12)) \(path)  \(Terminal.cleanLine(activity.title))"
                    + (result == "-" ? "" : "  (\(result))"))
            lines.append(String(repeating: " ", count: 17) + howToPlay(path, levels(activity.identifierPath)))
        }
        if entry.readyToHandIn { lines.append("    " + handIn(entry.assignmentId)) }
        return lines
    }

    /// What a student who finished every activity of assignment `id` is told: finishing is not
    /// handing in.
    public static func handIn(_ id: Int64) -> String {
        "You finished every activity: hand it in with edujam done \(id)"
    }

    /// `edujam play CAPITALS   levels: EASY, HARD`: the command a student types, and the levels a
    /// whole game offers.
    private static func howToPlay(_ path: String, _ levels: [String]) -> String {
        let command = "edujam play \(ShellWord.quoted(path))"
        guard !levels.isEmpty else { return command }
        return command + "   levels: "
            + levels.map { Terminal.cleanLine(IdentifierPathText.text([$0])) }.joined(separator: ", ")
    }
}

/// A word as a shell reads it back.
public enum ShellWord {
    /// `text` as one word a shell reads back unchanged when the line is pasted: as it is when it
    /// holds only letters, digits and `-._/%+,:@=`, else in single quotes (`'Level 1'`).
    public static func quoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { scalar in
            !scalar.isASCII || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "-._/%+,:@=".unicodeScalars.contains(scalar)
        }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
