import Foundation
import Runtime

/// `play --watch`: plays the game in a child process (the program's own `play`), and plays it
/// again whenever a file of the game (game.lua or a module) changes.
///
/// A child process keeps each run whole and separate: its attempt is saved as usual, and
/// stopping it is the same Ctrl-C a student uses (it ends the wait for input, saves the
/// attempt as quit, and exits), so nothing here reaches into a run in progress.
///
/// The child shares this process's group, which is the terminal's foreground group: only the
/// foreground group may read the terminal (a background one gets end of input at once), and
/// Ctrl-C or a hang-up reaches the child and the watcher together.
public struct GameWatch {
    /// How often modification times are compared.
    static let interval = 0.3

    /// The game's folder, whose files are watched.
    public var folder: String
    /// The child's program and arguments, the program first (an absolute path).
    public var command: [String]
    /// Where the watch says what it does (a line each: watching, the run ended, playing again).
    public var said: (String) -> Void
    /// The stop signal that arrived (SIGINT, SIGHUP, SIGTERM), or nil: the host catches them.
    public var stopSignal: () -> Int32?

    public init(
        folder: String, command: [String], said: @escaping (String) -> Void, stopSignal: @escaping () -> Int32?
    ) {
        self.folder = folder
        self.command = command
        self.said = said
        self.stopSignal = stopSignal
    }

    /// Runs the child until a stop signal, restarting it after each change in ``folder``.
    /// - Returns: The stop signal that ended the watch.
    /// - Throws: ``WatchError`` when the child cannot be started.
    public func run() throws -> Int32 {
        said("edujam play --watch: watching \(folder); save a file to play again, Ctrl-C to stop")
        var snapshot = Self.modificationTimes(in: folder)
        while true {
            var child: pid_t? = try start()
            while stopSignal() == nil {
                Thread.sleep(forTimeInterval: Self.interval)
                if let running = child, Self.hasEnded(running) {
                    child = nil
                    said("edujam play --watch: the run ended; save a file to play again, Ctrl-C to stop")
                }
                let now = Self.modificationTimes(in: folder)
                if now != snapshot {
                    snapshot = now
                    break
                }
            }
            if let signal = stopSignal() {
                if let child {  // Ctrl-C and a hang-up reached it already; SIGTERM may have been ours alone
                    kill(child, signal)
                    Self.waitForEnd(child)
                }
                return signal
            }
            if let child { Self.stop(child) }
            said("\n----- \(folder) changed: playing again -----\n")
        }
    }

    /// Starts the child in this process group, with no signal blocked (it catches its own stop
    /// signals), sharing the terminal and the environment.
    private func start() throws -> pid_t {
        switch spawnUnblocked(command[0], command) {
        case .success(let child): return child
        case .failure(let error): throw WatchError(reason: error.description)
        }
    }

    /// Whether `child` has ended (and is reaped).
    private static func hasEnded(_ child: pid_t) -> Bool {
        var status: Int32 = 0
        let result = waitpid(child, &status, WNOHANG)
        return result == child || (result < 0 && errno == ECHILD)
    }

    private static func waitForEnd(_ child: pid_t) {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    }

    /// Ctrl-C for the child, as a student would press it. A script busy in a loop that does not
    /// come back to a question within 2 seconds is killed: its attempt then shows as `interrupted`.
    private static func stop(_ child: pid_t) {
        kill(child, SIGINT)
        let deadline = Date().addingTimeInterval(2)
        while !hasEnded(child) {
            guard Date() < deadline else {
                kill(child, SIGKILL)
                waitForEnd(child)
                return
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Every file of the game in `folder` (``GameFolderWalk``: bounded) with its modification
    /// time; empty for a folder the walk refuses.
    static func modificationTimes(in folder: String) -> [String: Date] {
        var times: [String: Date] = [:]
        for file in (try? GameFolderWalk.files(in: folder)) ?? [] {
            times[file.relative] =
                (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
        }
        return times
    }
}

/// The child could not be started.
public struct WatchError: Error, CustomStringConvertible {
    let reason: String
    public var description: String { "cannot start the game: \(reason)" }
}
