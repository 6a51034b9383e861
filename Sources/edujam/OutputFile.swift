import DeclaredCommands
import Foundation
import Runtime

#if canImport(Glibc)
    import Glibc
#endif

/// A file a command is asked to write (`play --record FILE`, `test --junit FILE`, `report --html
/// FILE`), checked before the command does its work: a session played or a suite run for nothing
/// is lost time, and Foundation's own error for such a path is a dump of its error domain.
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

    /// Writes `text` to `path` in one step (the old file stays whole if the write fails), private
    /// to the user (``writePrivately(_:to:)``).
    /// - Throws: ``ReportFileError`` naming the file and the reason in words.
    static func write(_ text: String, to path: String) throws {
        try writePrivately(Data(text.utf8), to: path)
    }

    /// The mode of a file EduJam writes for its user (a class report page, a gradebook export, a
    /// replay's transcript, a recorded session): read and written by its owner alone, as the store
    /// file and the game cache are. On a school server every student has a login, and home folders
    /// are often readable by all: a class's grades and a student's answers must not be.
    static let privateMode: mode_t = 0o600

    /// Writes `data` to `path` in one step: into a new file beside it, created with
    /// ``privateMode`` (or the mode `path` already has, so a file its owner chose to share with
    /// `chmod` stays shared), then renamed over it. No moment exists where the data is readable
    /// by others, and the old file stays whole if the write fails.
    /// - Throws: ``ReportFileError`` naming the file and the reason in words.
    static func writePrivately(_ data: Data, to path: String) throws {
        var existing = stat()
        let mode =
            stat(path, &existing) == 0 && (existing.st_mode & S_IFMT) == S_IFREG
            ? existing.st_mode & 0o777 : privateMode
        let temporary = path + ".edujam-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, privateMode)
        guard fd >= 0 else { throw ReportFileError(path: path, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, failure == 0 {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno != EINTR { failure = errno }
                } else {
                    offset += written
                }
            }
        }
        if failure == 0, fchmod(fd, mode) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw ReportFileError(path: path, reason: String(cString: strerror(failure)))
        }
    }

    /// Creates `folder` (and its parents) for files written privately: a new folder is the
    /// user's alone (0700); one that exists keeps its mode.
    /// - Throws: ``ReportFileError`` naming the folder.
    static func createPrivateFolder(_ folder: String) throws {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ReportFileError(path: folder, reason: (error as NSError).localizedFailureReason ?? "\(error)")
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
