import Foundation
import Runtime
import School

/// `edujam play --watch`: plays the game in a child `edujam play`, and plays it again
/// whenever a file of the game (game.lua or a module) changes.
///
/// A child process keeps each run whole and separate: its attempt is saved as usual, and
/// stopping it is the same Ctrl-C a student uses (it ends the wait for input, saves the
/// attempt as quit, and exits), so nothing here reaches into a run in progress.
///
/// The child shares this process's group, which is the terminal's foreground group: only the
/// foreground group may read the terminal (a background one gets end of input at once), and
/// Ctrl-C or a hang-up reaches the child and the watcher together.
enum Watch {
    /// How often modification times are compared.
    static let interval = 0.3

    /// Runs `edujam play <arguments>` until a stop signal, restarting it after each change in `folder`.
    static func run(folder: String, arguments: [String]) throws -> ExitStatus {
        catchStopSignals()
        Output.error("edujam play --watch: watching \(folder); save a file to play again, Ctrl-C to stop")
        var snapshot = modificationTimes(in: folder)
        while true {
            var child: pid_t? = try start(arguments)
            while !stopRequested {
                Thread.sleep(forTimeInterval: interval)
                if let running = child, hasEnded(running) {
                    child = nil
                    Output.error("edujam play --watch: the run ended; save a file to play again, Ctrl-C to stop")
                }
                let now = modificationTimes(in: folder)
                if now != snapshot {
                    snapshot = now
                    break
                }
            }
            if let stopped = ExitStatus.afterStopSignal {
                if let child {  // Ctrl-C and a hang-up reached it already; SIGTERM may have been ours alone
                    kill(child, stopSignal.load(ordering: .relaxed))
                    waitForEnd(child)
                }
                return stopped
            }
            if let child { stop(child) }
            Output.error("\n----- \(folder) changed: playing again -----\n")
        }
    }

    /// Starts a child `edujam play` in this process group, with no signal blocked (it catches
    /// its own stop signals), sharing the terminal and the environment.
    private static func start(_ arguments: [String]) throws -> pid_t {
        let program = Installation.executable
        switch spawnUnblocked(program, [program, "play"] + arguments) {
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

/// The child `edujam play` could not be started.
struct WatchError: Error, CustomStringConvertible {
    let reason: String
    var description: String { "cannot start the game: \(reason)" }
}
