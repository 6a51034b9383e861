import Foundation

/// The student processes of row `store/players`: started, held at a start barrier until every one
/// has connected, released together, waited for with a deadline, their reports read.
///
/// Each is this binary in ``SchoolPlayer`` mode, started with `posix_spawn`: stdin `/dev/null`,
/// stdout and stderr to files of its own in the scratch folder (300 pipes to drain would need a
/// reader each), descriptor 3 the write end of the "ready" pipe (one byte once connected),
/// descriptor 4 the read end of the "start" pipe, which the row closes to start them all at once.
struct PlayerProcesses {
    /// What every player reported, for those that finished with a report.
    var reports: [PlayerReport] = []
    /// Every player that failed, hung or reported an error, in words.
    var problems: [String] = []
    /// From the first start until the last player connected (or the deadline).
    var connectSeconds = 0.0
    /// From the release until the last player ended (or the deadline).
    var playSeconds = 0.0
    /// The CPU seconds (user and system) every player used, start-up and connecting included.
    var cpuSeconds = 0.0

    static func run(_ plan: PlayersPlan, school: PlayersSchool, scratch: String) throws -> PlayerProcesses {
        let ready = try Pipe()
        let start = try Pipe()
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var players: [(pid: pid_t, student: String, output: String, errors: String)] = []
        var result = PlayerProcesses()
        defer {
            for player in players where kill(player.pid, 0) == 0 {
                kill(player.pid, SIGKILL)
                waitpid(player.pid, nil, 0)
            }
        }
        result.connectSeconds = try seconds {
            for (index, student) in school.students.enumerated() {
                let arguments = SchoolPlayer.Arguments(
                    game: school.games + "/math-jam", conninfo: school.conninfo(login: student), runs: plan.runs,
                    seed: index * 1000 + 1, thinking: plan.thinking, outbox: "\(scratch)/outbox-\(student).sqlite")
                let (output, errors) = ("\(scratch)/\(student).json", "\(scratch)/\(student).err")
                let pid = try spawn(
                    executable, arguments.words, output: output, errors: errors, ready: ready.write, start: start.read)
                players.append((pid, student, output, errors))
            }
            ready.closeWrite()  // only the players hold it now: its end means every one said ready or died
            start.closeRead()
            let connected = ready.readBytes(upTo: players.count, deadline: plan.connectDeadline)
            if connected < players.count {
                result.problems.append(
                    "\(players.count - connected) of \(players.count) players did not connect within \(Int(plan.connectDeadline)) s"
                )
            }
        }
        var statuses: [pid_t: Int32] = [:]
        let cpuBefore = childrenCPUSeconds()
        result.playSeconds = seconds {
            start.closeWrite()  // the barrier: every connected player starts now
            statuses = waitForAll(players.map(\.pid), deadline: plan.playDeadline)
        }
        result.cpuSeconds = childrenCPUSeconds() - cpuBefore
        for player in players {
            guard let status = statuses[player.pid] else {
                result.problems.append(
                    "\(player.student) still ran after \(Int(plan.playDeadline)) s (a deadlock or a hang): killed")
                continue
            }
            let errors = (try? String(contentsOfFile: player.errors, encoding: .utf8)) ?? ""
            guard let data = FileManager.default.contents(atPath: player.output), !data.isEmpty,
                let report = try? JSONDecoder().decode(PlayerReport.self, from: data)
            else {
                result.problems.append("\(player.student) ended (\(describe(status))) with no report: \(errors)")
                continue
            }
            result.reports.append(report)
            result.problems += report.errors.prefix(3).map { "\(player.student): \($0)" }
            if report.kept > 0 {
                result.problems.append("\(player.student) kept \(report.kept) attempt(s) in its outbox")
            }
        }
        return result
    }

    /// Starts `executable` with `arguments` as ``SchoolPlayer`` expects its descriptors.
    private static func spawn(
        _ executable: String, _ arguments: [String], output: String, errors: String, ready: Int32, start: Int32
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, ready, SchoolPlayer.readyDescriptor)
        posix_spawn_file_actions_adddup2(&actions, start, SchoolPlayer.startDescriptor)
        _ = addCloseFrom(&actions, SchoolPlayer.startDescriptor + 1)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard status == 0 else {
            throw BenchError.mismatch("cannot start a player: \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Reaps every process, polling, until all have ended or `deadline` seconds have passed.
    /// - Returns: The wait status of each process that ended; the others are still running.
    private static func waitForAll(_ pids: [pid_t], deadline: Double) -> [pid_t: Int32] {
        let end = ContinuousClock.now + .milliseconds(Int(deadline * 1000))
        var statuses: [pid_t: Int32] = [:]
        var running = Set(pids)
        while !running.isEmpty, ContinuousClock.now < end {
            for pid in running {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    statuses[pid] = status
                    running.remove(pid)
                }
            }
            usleep(20_000)
        }
        return statuses
    }

    /// The CPU seconds of every child this process has reaped so far.
    private static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// A wait status in words: `exit 1`, `signal 9`.
    private static func describe(_ status: Int32) -> String {
        status & 0x7f == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
    }

    /// A pipe whose two ends are close-on-exec (no other child inherits them) and numbered above
    /// the descriptors a player's are moved to, so that moving one never overwrites the other.
    private final class Pipe {
        private(set) var read: Int32
        private(set) var write: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw BenchError.mismatch("pipe: \(errno)") }
            read = fcntl(ends[0], F_DUPFD_CLOEXEC, 10)
            write = fcntl(ends[1], F_DUPFD_CLOEXEC, 10)
            close(ends[0])
            close(ends[1])
            guard read >= 0, write >= 0 else { throw BenchError.mismatch("pipe: \(errno)") }
        }

        deinit {
            closeRead()
            closeWrite()
        }

        func closeRead() {
            if read >= 0 { close(read) }
            read = -1
        }

        func closeWrite() {
            if write >= 0 { close(write) }
            write = -1
        }

        /// Reads until `count` bytes came, the pipe ended, or `deadline` seconds passed.
        /// - Returns: The bytes read.
        func readBytes(upTo count: Int, deadline: Double) -> Int {
            let end = ContinuousClock.now + .milliseconds(Int(deadline * 1000))
            var total = 0
            var buffer = [UInt8](repeating: 0, count: 512)
            while total < count, ContinuousClock.now < end {
                var poller = pollfd(fd: read, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                let got = Glibc.read(read, &buffer, buffer.count)
                if got == 0 || (got < 0 && errno != EINTR) { break }
                total += max(0, got)
            }
            return total
        }
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module
/// leaves out (a GNU extension): the child closes every descriptor from `low` up.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ low: Int32) -> Int32
