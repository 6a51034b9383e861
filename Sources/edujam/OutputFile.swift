import DeclaredCommands
import Foundation
import Runtime

/// A file a command is asked to write (`play --record FILE`, `test --junit FILE`, `report --html
/// FILE`), checked before the command does its work: a session played or a suite run for nothing
/// is lost time, and Foundation's own error for such a path is a dump of its error domain. It is
/// written with School's ``PrivateFile``.
enum OutputFile {
    /// Refuses, as a usage error, a file name that cannot be written as asked.
    /// - Parameters:
    ///   - path: The file as typed.
    ///   - option: The option that named it, for the message (`--record`).
    /// - Throws: ``UsageError`` when `path` is empty, is a folder, or lies in a folder that does not exist.
    static func check(_ path: String, option: String) throws {
        guard !path.isEmpty else { throw UsageError("\(option) needs a file name") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw UsageError("\(option) \(path): is a folder; name a file (such as \(path)/\(example(option)))")
        }
        let folder = PathText.parent(of: path)
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("\(option) \(path): the folder \(folder) does not exist")
        }
    }

    private static func example(_ option: String) -> String {
        switch option {
        case "--record": return "session.play"
        case "--junit": return "results.xml"
        default: return "report.html"
        }
    }
}
