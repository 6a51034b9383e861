import Foundation
import Runtime
import Sandbox

/// Runs one game's untrusted work in a process of its own: the host program again
/// (``GameJobs/executable``), started with `posix_spawn` and the hidden command ``command``
/// (never `fork`: this process has threads), which the host routes to ``GameJobs/child(_:progress:)``.
///
/// A script that the sandbox cannot stop (a collector step, docs/sandbox.md) ends its process
/// with the last resort. Where one command loads many games (`catalog`, `check`, `test`,
/// finding a game for `play`), each game runs in such a child, so the last resort ends only
/// that game's process: the command lists the game as broken, with the reason, and goes on.
/// The child answers with one JSON document on stdout (``Answer``); its stderr is this one's.
enum GameProcess {
    /// The hidden command a child runs (`edujam __game JOB`, the job as JSON: ``GameJob``): not
    /// listed in the usage, not for people.
    static let command = GameJobs.command

    /// What a child writes on stdout: its result, or the error that is the result, or (from
    /// the last resort, while the game's thread is still stuck) the report of how it was stopped.
    struct Answer<Value: Codable>: Codable {
        var value: Value?
        var error: String?
        var stopped: String?
    }

    /// The most a child's answer may hold: far more than a declaration, findings or test
    /// outcomes of one game come to, so only a broken child reaches it.
    static let maxAnswerBytes = 64 << 20

    /// Runs each job (the arguments after ``command``) in a child, up to `width` at once, and
    /// decodes each answer; the results are in job order.
    /// - Parameter what: names the game of each job in a reason (`games/x/game.lua`).
    static func run<Value: Codable>(
        _ jobs: [GameJob], width: Int, executable: String, as type: Value.Type, what: (Int) -> String
    ) -> [Result<Value, ChildFailure>] {
        zip(jobs.indices, endings(jobs, width: width, executable: executable)).map { index, ending in
            ending.flatMap { decode($0, as: type, what: what(index)) }
        }
    }

    /// Runs each job in a child, up to `width` at once: what each wrote on stdout and how it
    /// ended, in job order, or why it could not start. For a caller with its own answers
    /// (`verify`'s children write one line per attempt, so a child the last resort ended still
    /// gives what it finished).
    static func endings(_ jobs: [GameJob], width: Int, executable: String) -> [Result<ChildEnding, ChildFailure>] {
        var results: [Result<ChildEnding, ChildFailure>?] = Array(repeating: nil, count: jobs.count)
        var running: [(index: Int, child: Child)] = []
        var next = 0
        while next < jobs.count || !running.isEmpty {
            while next < jobs.count && running.count < max(1, width) {
                switch Child.start(executable, [command, jobs[next].argument]) {
                case .success(let child): running.append((next, child))
                case .failure(let failure): results[next] = .failure(failure)
                }
                next += 1
            }
            guard !running.isEmpty else { continue }
            let (index, child) = running.removeFirst()
            results[index] = .success(child.finish())
        }
        return results.map { $0 ?? .failure(ChildFailure("no answer")) }
    }

    /// The child's answer, or why there is none: the last resort's report, the error it sent,
    /// or how it ended.
    private static func decode<Value: Codable>(
        _ ending: ChildEnding, as type: Value.Type, what: String
    ) -> Result<Value, ChildFailure> {
        let answer = try? JSONDecoder().decode(Answer<Value>.self, from: ending.output)
        if let stopped = answer?.stopped { return .failure(ChildFailure(stopped)) }
        if let error = answer?.error { return .failure(ChildFailure(error)) }
        if let value = answer?.value, ending.status == 0 { return .success(value) }
        return .failure(ChildFailure("\(what): its process \(ending.description) without an answer"))
    }

    /// The child side: runs `body`, writes its answer, and makes the last resort write its
    /// report as the answer (the thread that runs the game is stuck then; stdout is free).
    static func answer<Value: Codable>(_ body: () throws -> Value) -> GameJobs.ChildExit {
        Sandbox.setLastResort(exitStatus: GameJobs.lastResortStatus) { report in
            // An answer with only `stopped`, whatever the job's value type.
            if let data = try? JSONEncoder().encode(["stopped": "\(report)"]) { writeLine(data) }
        }
        var answer = Answer<Value>(value: nil, error: nil, stopped: nil)
        do {
            answer.value = try body()
        } catch {
            answer.error = "\(error)"
        }
        guard let data = try? JSONEncoder().encode(answer) else { return .failed("its answer could not be encoded") }
        writeLine(data)
        return .answered
    }

    /// One JSON document and a newline on stdout, written at once (unbuffered): the parent reads
    /// what a child the last resort ended had written. A failed write is dropped (the parent is gone).
    static func writeLine(_ data: Data) {
        var bytes = [UInt8](data)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            offset += count
        }
    }
}

/// Why a child gave no answer: a whole message, naming the game.
struct ChildFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// How a child ended, and what it wrote.
struct ChildEnding: CustomStringConvertible {
    var status: Int32  // the exit status, or 128 + the signal that ended it
    var signaled: Bool
    var output: Data

    var description: String {
        signaled ? "was ended by signal \(status - 128)" : "exited with status \(status)"
    }
}

/// One child process and the pipe its stdout goes to.
private struct Child {
    typealias Ending = ChildEnding

    let pid: pid_t
    let output: Int32

    static func start(_ executable: String, _ arguments: [String]) -> Result<Child, ChildFailure> {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else {
            return .failure(ChildFailure("cannot start a process: \(String(cString: strerror(errno)))"))
        }
        // Only this thread starts processes: no other child can inherit the pipe meanwhile.
        for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)  // dup2 clears close-on-exec
        let spawned = spawnUnblocked(executable, [PathText.name(of: executable)] + arguments, actions: &actions)
        close(pipe[1])
        switch spawned {
        case .success(let pid):
            return .success(Child(pid: pid, output: pipe[0]))
        case .failure(let error):
            close(pipe[0])
            return .failure(ChildFailure("cannot start a process: \(error)"))
        }
    }

    /// Reads the child's stdout to its end (keeping at most ``GameProcess/maxAnswerBytes``),
    /// then reaps it.
    func finish() -> Ending {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = read(output, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            if data.count < GameProcess.maxAnswerBytes { data.append(contentsOf: chunk[..<count]) }
        }
        close(output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        if signal != 0 { return Ending(status: 128 + signal, signaled: true, output: data) }
        return Ending(status: (status >> 8) & 0xff, signaled: false, output: data)
    }
}
