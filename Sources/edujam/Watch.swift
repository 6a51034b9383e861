import Foundation
import Synchronization

/// Set by the watcher's SIGINT handler.

/// `edujam play --watch`: plays the game in a child `edujam play`, and plays it again
/// whenever a file in the game's folder changes.
///
/// A child process keeps each run whole and separate: its attempt is saved as usual, and
/// stopping it is the same Ctrl-C a student uses (it ends the wait for input, saves the
/// attempt as quit, and exits), so nothing here reaches into a run in progress.
enum Watch {
    /// How often modification times are compared.
    static let interval: Duration = .milliseconds(300)

    /// Runs `edujam play <arguments>` until Ctrl-C, restarting it after each change in `folder`.
    static func run(folder: String, arguments: [String]) throws -> ExitStatus {
        catchInterrupt()
        Output.error("edujam play --watch: watching \(folder); save a file to play again, Ctrl-C to stop")
        var snapshot = modificationTimes(in: folder)
        while true {
            let child = try start(arguments)
            var changed = false
            while !interruptRequested.load(ordering: .relaxed) {
                Thread.sleep(forTimeInterval: 0.3)
                let now = modificationTimes(in: folder)
                if now != snapshot { snapshot = now; changed = true; break }
            }
            if interruptRequested.load(ordering: .relaxed) {
                child.waitUntilExit()  // it got the same Ctrl-C from the terminal and saves its attempt
                return .interrupted
            }
            if changed && child.isRunning { stop(child) }
            child.waitUntilExit()
            Output.error("\n----- \(folder) changed: playing again -----\n")
        }
    }

    /// Starts a child `edujam play` sharing this terminal.
    private static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["play"] + arguments
        try process.run()
        return process
    }

    /// Ctrl-C for the child; a script busy in a loop and not reading gets SIGTERM after 2 seconds.
    private static func stop(_ child: Process) {
        kill(child.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(2)
        while child.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if child.isRunning { child.terminate() }
    }

    /// Every file below `folder` with its modification time.
    static func modificationTimes(in folder: String) -> [String: Date] {
        var times: [String: Date] = [:]
        for name in FileManager.default.enumerator(atPath: folder)?.compactMap({ $0 as? String }) ?? [] {
            let path = (folder as NSString).appendingPathComponent(name)
            times[name] = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        }
        return times
    }
}
