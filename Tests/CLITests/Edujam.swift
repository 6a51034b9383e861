import Foundation

/// Runs the built `edujam` binary as a person or a script would: arguments,
/// piped input, environment; returns what it printed and its exit status.
struct Edujam {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// The repository root: the tests run from the package, with `games/` beside them.
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// The binary `swift build` left beside the test bundle.
    static let binary: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [bundle.appendingPathComponent("edujam"), root.appendingPathComponent(".build/debug/edujam")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    let store: String

    /// A fresh empty folder under the temporary folder; the caller removes it.
    static func scratchFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `YYYY-MM-DD` of the day `days` after today, in UTC, as `store prune` takes a day (tomorrow,
    /// the latest it takes, removes everything started so far).
    static func day(after days: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents(
            [.year, .month, .day], from: Date().addingTimeInterval(Double(days) * 86_400))
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// A fresh store file in a temporary folder.
    init() {
        store = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-cli-\(UUID()).sqlite").path
    }

    /// Runs `program` (by default the built binary) with `arguments` in `directory`.
    /// - Parameters:
    ///   - environment: Added to this process's, with `EDUJAM_STORE` set to ``store`` and no config file
    ///     (`EDUJAM_CONFIG` empty).
    ///   - unset: Variables to leave out, such as `EDUJAM_STORE` to use the default store.
    ///   - launcher: A command that runs the program, such as `setpriv` to run it as another user.
    func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:], unset: Set<String> = [],
        directory: URL = Self.root, program: URL = Self.binary, launcher: [String] = []
    ) throws -> Result {
        let process = Process()
        process.executableURL = launcher.first.map(URL.init(fileURLWithPath:)) ?? program
        process.arguments = launcher.dropFirst() + (launcher.isEmpty ? [] : [program.path]) + arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["EDUJAM_STORE"] = store
        env["EDUJAM_CONFIG"] = ""  // this machine's /etc/edujam/edujam.conf is no test's
        env["NO_COLOR"] = "1"
        env["COLUMNS"] = nil  // tables as wide as output to no terminal, whatever the shell running the tests
        for (key, value) in environment { env[key] = value }
        for key in unset { env[key] = nil }
        process.environment = env
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            error: String(decoding: err, as: UTF8.self))
    }

    /// The runs in the store, from `edujam report --json`.
    func runs() throws -> [[String: Any]] {
        let result = try run(["report", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        return object?["runs"] as? [[String: Any]] ?? []
    }

    func remove() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
    }
}

extension [String: Any] {
    /// The item with this identifier in a run's `items`.
    func item(_ id: String) -> [String: Any]? {
        (self["items"] as? [[String: Any]])?.first { $0["identifier"] as? String == id }
    }
}
