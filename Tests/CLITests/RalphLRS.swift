import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real LRS for the tests: Ralph (PyPI `ralph-malph`) on 127.0.0.1, with its own temporary data
/// folder and credentials made by `ralph auth`, started through `Fixtures/lrs/ralph_launcher.py`.
///
/// Ralph is found in the virtual environment `EDUJAM_RALPH_VENV`, else `/opt/ralph-venv`
/// (`.ci/run` and `make ralph` make one). Without it the tests that need it are skipped, and say so.
final class RalphLRS {
    static let user = "teacher"
    static let password = "s3cret pass"

    /// The virtual environment's Python, if it can run Ralph's server and models.
    static let python: String? = {
        let venv =
            ProcessInfo.processInfo.environment["EDUJAM_RALPH_VENV"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "/opt/ralph-venv"
        let python = venv + "/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python),
            let check = try? runTool(
                python,
                ["-c", "import ralph.cli, ralph.backends.lrs.fs, ralph.models.xapi.base.statements, uvicorn, requests"]),
            check.status == 0
        else { return nil }
        return python
    }()

    static var isAvailable: Bool { python != nil }
    static let skipReason: Comment = """
        Ralph LRS not found: set EDUJAM_RALPH_VENV to a virtual environment with \
        `pip install 'ralph-malph[cli,lrs]' requests` (or run `make ralph`)
        """

    static let fixtures = Edujam.root.appendingPathComponent("Tests/CLITests/Fixtures/lrs")

    let folder: URL
    private(set) var port = 0
    private var process: Process?

    /// The xAPI endpoint, as given to `edujam push --lrs`.
    var endpoint: String { "http://127.0.0.1:\(port)/xAPI" }
    /// The file the filesystem backend appends statements to.
    var dataFile: URL { folder.appendingPathComponent("data/fs_lrs.jsonl") }
    /// The environment `edujam push` needs for this LRS's credentials.
    var credentials: [String: String] { ["EDUJAM_LRS_USER": Self.user, "EDUJAM_LRS_PASSWORD": Self.password] }

    /// Makes the credentials and starts the server on a free port.
    /// - Parameter environment: The launcher's switches (see the launcher), for this first start.
    init(environment: [String: String] = [:]) throws {
        guard let python = Self.python else { throw Failure("Ralph is not installed") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-ralph-\(UUID())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        let ralph = URL(fileURLWithPath: python).deletingLastPathComponent().appendingPathComponent("ralph").path
        let auth = try Self.runTool(
            ralph,
            [
                "auth", "-u", Self.user, "-p", Self.password, "-s", "all",
                "-M", "mailto:teacher@school.example", "-N", "Teacher", "-w",
            ],
            environment: ["RALPH_APP_DIR": folder.path, "RALPH_RUNSERVER_BACKEND": "fs"])
        guard auth.status == 0 else { throw Failure("ralph auth failed: \(auth.output)") }
        try start(environment: environment)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Starts the server (again, on the same port and data when it ran before) and waits until it answers.
    func start(environment: [String: String] = [:]) throws {
        let launcher = Process()
        launcher.executableURL = URL(fileURLWithPath: Self.python!)
        launcher.arguments = [
            Self.fixtures.appendingPathComponent("ralph_launcher.py").path, String(port),
            folder.appendingPathComponent("data").path,
        ]
        var env = ProcessInfo.processInfo.environment
        env["RALPH_AUTH_FILE"] = folder.appendingPathComponent("auth.json").path
        for (key, value) in environment { env[key] = value }
        launcher.environment = env
        let out = Pipe()
        launcher.standardOutput = out
        launcher.standardError = try FileHandle(forWritingTo: logFile())
        try launcher.run()
        process = launcher
        let first = String(decoding: out.fileHandleForReading.readLine(), as: UTF8.self)
        guard first.hasPrefix("port "), let bound = Int(first.dropFirst(5)) else {
            throw Failure("the launcher did not start: \(first) \(log())")
        }
        port = bound
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let answer = try? request("GET", "/__heartbeat__"), answer.status == 200 { return }
            guard launcher.isRunning else { throw Failure("Ralph stopped while starting: \(log())") }
            Thread.sleep(forTimeInterval: 0.2)
        }
        throw Failure("Ralph did not answer within 60 s: \(log())")
    }

    /// Kills the server (SIGKILL: nothing to save, and no graceful wait on open connections).
    func stop() {
        guard let process else { return }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        self.process = nil
    }

    /// Waits until the server process has ended by itself (the launcher's exit switch).
    func waitUntilGone() {
        process?.waitUntilExit()
        process = nil
    }

    /// The server's own log (stderr).
    func log() -> String {
        (try? String(contentsOf: folder.appendingPathComponent("ralph.log"), encoding: .utf8)) ?? ""
    }

    private func logFile() throws -> URL {
        let url = folder.appendingPathComponent("ralph.log")
        if !FileManager.default.fileExists(atPath: url.path) {
            FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        return url
    }

    /// Every statement stored, through GET `statements` (following `more`), with `registration` if given.
    func statements(registration: String? = nil) throws -> [[String: Any]] {
        var path = "/xAPI/statements?limit=500" + (registration.map { "&registration=\($0)" } ?? "")
        var all: [[String: Any]] = []
        while true {
            let answer = try request("GET", path)
            guard answer.status == 200, let page = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
            else {
                throw Failure("GET \(path): \(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
            }
            all += page["statements"] as? [[String: Any]] ?? []
            guard let more = page["more"] as? String, !more.isEmpty else { return all }
            path = more.hasPrefix("/") ? more : "/" + more
        }
    }

    /// POSTs `body` to `statements` as the test's own client (to plant a conflicting statement).
    func post(_ body: Data) throws -> (status: Int, body: Data) {
        try request("POST", "/xAPI/statements", body: body)
    }

    /// One HTTP request with the credentials and the xAPI version header.
    func request(_ method: String, _ path: String, body: Data? = nil) throws -> (status: Int, body: Data) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!, timeoutInterval: 10)
        request.httpMethod = method
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("1.0.3", forHTTPHeaderField: "X-Experience-API-Version")
        request.setValue(
            "Basic " + Data("\(Self.user):\(Self.password)".utf8).base64EncodedString(),
            forHTTPHeaderField: "Authorization")
        let result = Result()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            result.set((response as? HTTPURLResponse)?.statusCode ?? -1, data ?? Data(), error)
            done.signal()
        }.resume()
        done.wait()
        return try result.get()
    }

    /// Runs a tool to its end: its status and what it printed (stdout and stderr together).
    static func runTool(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The answer, handed from URLSession's queue to the waiting test.
    private final class Result: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (Int, Data, (any Error)?) = (-1, Data(), nil)
        func set(_ status: Int, _ body: Data, _ error: (any Error)?) { lock.withLock { value = (status, body, error) } }
        func get() throws -> (status: Int, body: Data) {
            try lock.withLock {
                if let error = value.2 { throw error }
                return (value.0, value.1)
            }
        }
    }
}

extension FileHandle {
    /// Bytes up to (not including) the next newline, or to the end.
    func readLine() -> Data {
        var line = Data()
        while true {
            let byte = readData(ofLength: 1)
            guard let first = byte.first, first != UInt8(ascii: "\n") else { return line }
            line.append(first)
        }
    }
}
