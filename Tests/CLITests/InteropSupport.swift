import Foundation

/// Attempts made by playing the shipped games and the interop quiz through the binary, and the
/// statements `edujam export --xapi` tells of them.
enum Plays {
    enum Kind { case perfect, poor, quit }

    /// The interop quiz (score primary, pass/fail binary, "break" pauses) and its collection.
    static let quizGames = ["--games", "Tests/CLITests/Fixtures/interop"]
    static let quiz = ["play", "Tests/CLITests/Fixtures/interop/quiz"] + quizGames

    /// Math Jam: seed 42 on LEVEL-1 asks 2+3, 1+8, 7+2, 6+2, 3+6, 8+1, 2+5, 3+4, 1+7, 5+1
    /// (games/math-jam/tests/rounds.play); poor answers 0 to all ten; quit answers one and leaves.
    static func mathJam(_ cli: Edujam, student: String, _ kind: Kind, level: String = "LEVEL-1") throws {
        try shippedGame(
            cli, "math-jam", student: student, level: level,
            input: [
                .perfect: "5\n9\n9\n8\n9\n9\n7\n7\n8\n6\n", .poor: String(repeating: "0\n", count: 10), .quit: "0\n",
            ][kind]!, perfect: kind == .perfect)
    }

    /// Word Jam: seed 42 on LEVEL-1 shows box, bike, rain, kite, cake, pig, duck, pink
    /// (games/word-jam/tests/rounds.play); poor is wrong twice on each word; quit answers one.
    static func wordJam(_ cli: Edujam, student: String, _ kind: Kind, level: String = "LEVEL-1") throws {
        try shippedGame(
            cli, "word-jam", student: student, level: level,
            input: [
                .perfect: "box\nbike\nrain\nkite\ncake\npig\nduck\npink\n",
                .poor: String(repeating: "zzz\nzzz\n", count: 12),
                .quit: "zzz\n",
            ][kind]!, perfect: kind == .perfect)
    }

    private static func shippedGame(
        _ cli: Edujam, _ game: String, student: String, level: String, input: String,
        perfect: Bool
    ) throws {
        precondition(!perfect || level == "LEVEL-1", "the perfect answers are known for LEVEL-1, seed 42")
        try play(cli, ["play", "games/\(game)", "--level", level, "--seed", "42", "--student", student], input)
    }

    static func play(_ cli: Edujam, _ arguments: [String], _ input: String) throws {
        let result = try cli.run(arguments, input: input)
        guard result.status == 0 else { throw RalphLRS.Failure("\(arguments): exit \(result.status): \(result.error)") }
    }

    /// The statements of `edujam export --xapi`.
    static func exported(_ cli: Edujam, _ extra: [String] = []) throws -> [[String: Any]] {
        let result = try cli.run(["export", "--xapi"] + extra)
        guard result.status == 0,
            let statements = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]]
        else {
            throw RalphLRS.Failure("export failed: \(result.status) \(result.error)")
        }
        return statements
    }

    static func id(_ statement: [String: Any]) -> String { statement["id"] as? String ?? "" }
    static func registration(_ statement: [String: Any]) -> String {
        (statement["context"] as? [String: Any])?["registration"] as? String ?? ""
    }
    static func verb(_ statement: [String: Any]) -> String {
        ((statement["verb"] as? [String: Any])?["id"] as? String ?? "").split(separator: "/").last.map(String.init)
            ?? ""
    }
    /// Where a verb stands among statements of one moment: the end's are sent in this order.
    static func order(_ statement: [String: Any]) -> Int {
        ["scored", "passed", "failed", "completed", "terminated"].firstIndex(of: verb(statement)) ?? -1
    }
    static func objectID(_ statement: [String: Any]) -> String {
        (statement["object"] as? [String: Any])?["id"] as? String ?? ""
    }
}

/// The binary running in the background: input written bit by bit, signals, output read at the end.
final class LiveEdujam {
    let process = Process()
    private let input = Pipe()
    private let out: URL, err: URL

    init(_ cli: Edujam, _ arguments: [String], environment: [String: String] = [:]) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-live-\(UUID())")
        out = base.appendingPathExtension("out")
        err = base.appendingPathExtension("err")
        for file in [out, err] { FileManager.default.createFile(atPath: file.path, contents: nil) }
        process.executableURL = Edujam.binary
        process.arguments = arguments
        process.currentDirectoryURL = Edujam.root
        var env = ProcessInfo.processInfo.environment
        env["EDUJAM_STORE"] = cli.store
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for file in [out, err] { try? FileManager.default.removeItem(at: file) }
    }

    func write(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }
    func closeInput() { try? input.fileHandleForWriting.close() }
    func interrupt() { kill(process.processIdentifier, SIGINT) }

    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// What it printed, once it has ended.
    func readOutput() -> (output: String, error: String) {
        ((try? String(contentsOf: out, encoding: .utf8)) ?? "", (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// Polls `condition` for up to 30 s.
    func waitUntil(_ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.2)
        }
        throw RalphLRS.Failure("timed out waiting; output so far: \(readOutput())")
    }
}

/// An HTTPS server on 127.0.0.1 whose certificate is self-signed (made by openssl for the test):
/// a client that verifies certificates must refuse it.
final class SelfSignedServer {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-tls-\(UUID())")
    private let process = Process()
    private(set) var port = 0

    init() throws {
        guard let python = RalphLRS.python else { throw RalphLRS.Failure("no Python") }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let made = try RalphLRS.runTool(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                "-keyout", folder.appendingPathComponent("key.pem").path, "-out",
                folder.appendingPathComponent("cert.pem").path,
            ])
        guard made.status == 0 else { throw RalphLRS.Failure("openssl: \(made.output)") }
        let script = """
            import http.server, ssl, sys
            server = http.server.HTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain("cert.pem", "key.pem")
            server.socket = context.wrap_socket(server.socket, server_side=True)
            print("port", server.server_address[1], flush=True)
            server.serve_forever()
            """
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = String(decoding: out.fileHandleForReading.readLine(), as: UTF8.self)
        guard line.hasPrefix("port "), let bound = Int(line.dropFirst(5)) else {
            throw RalphLRS.Failure("TLS server: \(line)")
        }
        port = bound
    }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}
