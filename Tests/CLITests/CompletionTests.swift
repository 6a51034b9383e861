import Foundation
import Testing

/// The shell completions and the man page the built program makes (`edujam __completions SHELL`,
/// `edujam __man`, what `make install` installs), tried in the real shells and groff.
@Suite struct CompletionTests {
    /// The program on PATH named `name`, or nil.
    static func program(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `program` with `arguments`; what it printed on stdout and stderr, and its status.
    static func shell(_ program: String, _ arguments: [String], in directory: URL = Edujam.root) throws -> Edujam.Result
    {
        try Edujam().run(arguments, directory: directory, program: URL(fileURLWithPath: program))
    }

    /// What bash's completion offers for `words`, the cursor at the end of the last one.
    func bashCompletes(_ words: [String], in directory: URL = Edujam.root) throws -> [String] {
        let script = try Edujam().run(["__completions", "bash"])
        #expect(script.status == 0, "\(script.error)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-completion-\(UUID()).bash")
        defer { try? FileManager.default.removeItem(at: file) }
        try script.output.write(to: file, atomically: true, encoding: .utf8)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let body = """
            source '\(file.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _edujam
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Self.shell("/bin/bash", ["-c", body], in: directory)
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        return result.output.split(separator: "\n").map(String.init).sorted()
    }

    @Test func bashCompletesCommandsActionsOptionsAndValues() throws {
        #expect(try bashCompletes(["edujam", "pl"]) == ["play"])
        #expect(try bashCompletes(["edujam", "c"]) == ["catalog", "check", "class"])
        #expect(try bashCompletes(["edujam", "class", "cr"]) == ["create"])
        #expect(try bashCompletes(["edujam", "store", ""]) == ["copy", "init", "migrate", "prune"])
        #expect(try bashCompletes(["edujam", "play", "--l"]) == ["--level"])
        #expect(try bashCompletes(["edujam", "report", "--c"]) == ["--class", "--csv"])
        #expect(try bashCompletes(["edujam", "class", "add", "3B", "ana", "--"]).contains("--create-logins"))
        #expect(try bashCompletes(["edujam", "class", "give", "3B", "--"]) == ["--games", "--store", "--to"])
        #expect(try bashCompletes(["edujam", "play", "--driver", ""]) == ["jsonl"])
        #expect(try bashCompletes(["edujam", "catalog", "--topic", "ma"]) == ["math"])
        #expect(try bashCompletes(["edujam", "catalog", "--topic", "=", "ma"]) == ["math"], "--topic=ma")
        // A value that is text offers nothing; a folder argument offers folders.
        #expect(try bashCompletes(["edujam", "play", "--level", ""]).isEmpty)
        #expect(try bashCompletes(["edujam", "play", "games/math"]) == ["games/math-jam"])
        #expect(try bashCompletes(["edujam", "check", "--games", "gam"]) == ["games"])
        #expect(try bashCompletes(["edujam", "unknown", ""]).isEmpty)
    }

    @Test func bashCompletesFileNames() throws {
        let folder = try Edujam.scratchFolder("completion")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("run one.play"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("runs"), withIntermediateDirectories: true)
        #expect(try bashCompletes(["edujam", "play", "g", "--record", "run"], in: folder) == ["run one.play", "runs"])
        #expect(try bashCompletes(["edujam", "fuzz", "run"], in: folder) == ["runs"])
    }

    @Test(.enabled(if: program("zsh") != nil, "zsh is not installed: its completion is not parsed"))
    func zshCompletionParses() throws {
        let script = try Edujam().run(["__completions", "zsh"])
        let result = try Self.shell(try #require(Self.program("zsh")), ["-n", "-c", script.output])
        #expect(result.status == 0, "\(result.error)")
    }

    @Test(.enabled(if: program("fish") != nil, "fish is not installed: its completion is not parsed"))
    func fishCompletionParses() throws {
        let script = try Edujam().run(["__completions", "fish"])
        let result = try Self.shell(try #require(Self.program("fish")), ["--no-execute", "-c", script.output])
        #expect(result.status == 0, "\(result.error)")
    }

    /// What fish's completion offers for `line` (fish's own `complete -C`), the names without descriptions.
    func fishCompletes(_ line: String, in directory: URL = Edujam.root) throws -> [String] {
        let script = try Edujam().run(["__completions", "fish"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-completion-\(UUID()).fish")
        defer { try? FileManager.default.removeItem(at: file) }
        try script.output.write(to: file, atomically: true, encoding: .utf8)
        let fish = try #require(Self.program("fish"))
        let result = try Self.shell(fish, ["-c", "source '\(file.path)'; complete -C '\(line)'"], in: directory)
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        return result.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted()
    }

    @Test(.enabled(if: program("fish") != nil, "fish is not installed: its completion is not tried"))
    func fishCompletesCommandsActionsOptionsAndValues() throws {
        #expect(try fishCompletes("edujam pl") == ["play"])
        #expect(try fishCompletes("edujam store ") == ["copy", "init", "migrate", "prune"])
        #expect(try fishCompletes("edujam report --c") == ["--class", "--csv"])
        // A value from a fixed list offers the list and no file names (the checkout has a Makefile).
        #expect(try fishCompletes("edujam catalog --topic ma") == ["math"])
        #expect(try fishCompletes("edujam play --level ").isEmpty)
    }

    @Test(.enabled(if: program("groff") != nil, "groff is not installed: the man page is not formatted"))
    func manPageFormatsWithoutWarnings() throws {
        let page = try Edujam().run(["__man"])
        #expect(page.status == 0 && page.output.hasPrefix(".\\\""))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-\(UUID()).1")
        defer { try? FileManager.default.removeItem(at: file) }
        try page.output.write(to: file, atomically: true, encoding: .utf8)
        let result = try Self.shell(try #require(Self.program("groff")), ["-man", "-Tutf8", "-ww", file.path])
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        #expect(result.output.contains("class import"))
    }

    @Test func hiddenCommandsRefuseWrongWordsAndHelpHidesThem() throws {
        let cli = Edujam()
        #expect(try cli.run(["__completions", "tcsh"]).status == 64)
        #expect(try cli.run(["__completions"]).status == 64)
        #expect(try cli.run(["__man", "x"]).status == 64)
        #expect(try !cli.run(["--help"]).output.contains("__"))
    }
}
