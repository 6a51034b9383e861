import Foundation

/// A stock `lua5.4` process running a driver script: `bench/stock-runner.lua` on
/// one workload, or `bench/playthrough-floor.lua` on a game.
///
/// The process stays up for the whole row, so each repetition is one line
/// sent and one line read: no process start inside the measurement, and
/// stock and sandbox repetitions can alternate. The driver prints one line
/// first (a checksum), then one number of seconds per line it reads.
final class StockLua {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending: [UInt8] = []

    /// The interpreter's process id.
    var processIdentifier: pid_t { process.processIdentifier }

    /// The driver's first line: what the warm-up `run(n)` returned, as `tostring`
    /// printed it, or the floor's answers.
    private(set) var checksum = ""

    /// Starts the interpreter on a workload and waits for its warm-up run.
    convenience init(context: Context, workload: URL, n: Int) throws {
        try self.init(context: context, driver: "bench/stock-runner.lua", arguments: [workload.path, String(n)])
    }

    /// Starts the interpreter on `driver` (a path under the repository) and waits for its first line.
    init(context: Context, driver: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["lua5.4", try context.file(driver).path] + arguments
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch { throw BenchError.stockLua("cannot start: \(error)") }
        // On the CPU the rounds run on, as EduJam's side (Affinity): same CPU, same speed.
        if let cpu = Affinity.benchCPU { Affinity.restrict(process.processIdentifier, to: Affinity.only(cpu)) }
        checksum = try readLine()
    }

    deinit {
        try? input.fileHandleForWriting.close()  // the runner's io.lines() ends: it exits
        process.waitUntilExit()
    }

    /// Seconds one `run(n)` took: CPU time by the interpreter's `os.clock`,
    /// and wall time as seen from here (which adds a pipe round trip, tens of µs).
    func repetition() throws -> (cpu: Double, wall: Double) {
        var line = ""
        let wall = try seconds {
            input.fileHandleForWriting.write(Data("go\n".utf8))
            line = try readLine()
        }
        guard let cpu = Double(line) else { throw BenchError.stockLua("unexpected output \(line)") }
        return (cpu, wall)
    }

    private func readLine() throws -> String {
        let fd = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { throw BenchError.stockLua("exited early (see its stderr above)") }
            pending += buffer[..<count]
        }
    }
}
