import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file EduJam writes for its user (a class report page, a gradebook export, a replay's
/// transcript, a recorded session), private to them.
public enum PrivateFile {
    /// Writes `text` to `path` in one step (the old file stays whole if the write fails), private
    /// to the user (``privateMode``).
    /// - Throws: ``PrivateFileError`` naming the file and the reason in words.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// The mode of a file EduJam writes for its user (a class report page, a gradebook export, a
    /// replay's transcript, a recorded session): read and written by its owner alone, as the store
    /// file and the game cache are. On a school server every student has a login, and home folders
    /// are often readable by all: a class's grades and a student's answers must not be.
    public static let privateMode: mode_t = 0o600

    /// Writes `data` to `path` in one step: into a new file beside it, created with
    /// ``privateMode`` (or the mode `path` already has, so a file its owner chose to share with
    /// `chmod` stays shared), then renamed over it. No moment exists where the data is readable
    /// by others, and the old file stays whole if the write fails.
    /// - Throws: ``PrivateFileError`` naming the file and the reason in words.
    public static func write(_ data: Data, to path: String) throws {
        var existing = stat()
        let mode =
            stat(path, &existing) == 0 && (existing.st_mode & S_IFMT) == S_IFREG
            ? existing.st_mode & 0o777 : privateMode
        let temporary = path + ".edujam-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, privateMode)
        guard fd >= 0 else { throw PrivateFileError(path: path, reason: String(cString: strerror(errno))) }
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
            throw PrivateFileError(path: path, reason: String(cString: strerror(failure)))
        }
    }

    /// Creates `folder` (and its parents) for files written privately: a new folder is the
    /// user's alone (0700); one that exists keeps its mode.
    /// - Throws: ``PrivateFileError`` naming the folder.
    public static func createFolder(_ folder: String) throws {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw PrivateFileError(path: folder, reason: (error as NSError).localizedFailureReason ?? "\(error)")
        }
    }
}

/// A file could not be written privately: names the file and the reason in words.
public struct PrivateFileError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "cannot write \(path): \(reason)" }
}
