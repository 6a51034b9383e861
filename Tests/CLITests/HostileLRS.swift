import Foundation

/// A hostile LRS on 127.0.0.1 (`Fixtures/lrs/hostile_lrs.py`, plain `python3`): it trickles its
/// answer a byte a second, sends 64 MiB, or answers as a captive portal's login page. Killed
/// when the test lets go of it.
final class HostileLRS {
    enum Mode: String { case trickle, huge, portal }

    private let process = Process()
    private let log: URL
    let port: Int

    /// The xAPI endpoint, as given to `edujam push --lrs`.
    var endpoint: String { "http://127.0.0.1:\(port)/xAPI" }

    /// Starts the server and waits for its port.
    init(_ mode: Mode) throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-hostile-lrs-\(UUID()).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", RalphLRS.fixtures.appendingPathComponent("hostile_lrs.py").path, mode.rawValue,
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        let first = String(decoding: out.fileHandleForReading.readLine(), as: UTF8.self)
        guard first.hasPrefix("port "), let bound = Int(first.dropFirst(5)) else {
            throw RalphLRS.Failure("the hostile LRS did not start: \(first)")
        }
        port = bound
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: log)
    }

    /// How many whole requests it has read.
    var requests: Int {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasPrefix("request ") }.count
    }
}
