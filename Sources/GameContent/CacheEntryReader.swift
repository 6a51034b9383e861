import Foundation

/// Reads a cache entry back as a package, trusting nothing in it.
///
/// Every name is looked at with `lstat` before anything is opened: a symlink, a FIFO, a
/// device, a name that is no package path, or a file or total past the package limits is
/// refused, and a file is read only up to the size it had when it was looked at (plus one
/// byte, to notice one that grew). What the caller does with a refusal: drop the entry.
struct CacheEntryReader {
    /// The entry's folder.
    let root: String

    /// Why an entry is refused: the first thing found wrong (the entry is dropped, not shown).
    struct Refusal: Error {
        let reason: String
    }

    /// The package the entry holds.
    func package() throws -> GamePackage {
        var files: [String: [UInt8]] = [:]
        var budget = GamePackage.maxGameBytes
        var folders = 0
        try collect(folder: "", depth: 0, into: &files, budget: &budget, folders: &folders)
        return try GamePackage(files: files)
    }

    /// Adds the files under `relative` (a folder of the entry, "" for the entry itself), which
    /// lies `depth` folders deep; `folders` counts the folders entered, bounded as a package's are.
    private func collect(
        folder relative: String, depth: Int, into files: inout [String: [UInt8]], budget: inout Int,
        folders: inout Int
    ) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: path(relative))
        for name in names.sorted() {
            let child = relative.isEmpty ? name : relative + "/" + name
            var status = stat()
            guard lstat(path(child), &status) == 0 else { throw Refusal(reason: "\(child): \(errnoText())") }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                guard GamePackage.isNamePart(Substring(name)) else {
                    throw Refusal(reason: "\(child): not a folder of a game")
                }
                folders += 1
                guard depth < GamePackage.maxFolderDepth, folders <= GamePackage.maxFolders else {
                    throw Refusal(reason: "\(child): past a package's folders (too deep or too many)")
                }
                let before = files.count
                try collect(folder: child, depth: depth + 1, into: &files, budget: &budget, folders: &folders)
                guard files.count > before else { throw Refusal(reason: "\(child): a folder with no file of the game") }
            case S_IFREG:
                guard GamePackage.problem(withPath: child) == nil, files.count < GamePackage.maxFiles else {
                    throw Refusal(reason: "\(child): not a file of a game")
                }
                let size = Int(status.st_size)
                guard size <= min(GamePackage.maxFileBytes, budget) else {
                    throw Refusal(reason: "\(child): too large")
                }
                budget -= size
                files[child] = try read(child, size: size)
            default:
                throw Refusal(reason: "\(child): a symlink or special file")
            }
        }
    }

    /// The bytes of the file `relative`, which `lstat` said is a regular file of `size` bytes.
    private func read(_ relative: String, size: Int) throws -> [UInt8] {
        let fd = open(path(relative), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Refusal(reason: "\(relative): \(errnoText())") }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        guard filled == size else { throw Refusal(reason: "\(relative): changed while it was read") }
        return Array(bytes[..<size])
    }

    private func path(_ relative: String) -> String {
        relative.isEmpty ? root : root + "/" + relative
    }
}
