import Foundation
import Testing

/// edujam as installed and used outside the project: where it finds games and the store, what
/// it says when the store is not usable, `--version`, and terminals that cannot show styling.
@Suite struct EnvironmentTests {
    /// As root (CI), permissions do not bind: run as `nobody` so they do, owning `folders`.
    private func otherUser(owning folders: [URL]) throws -> [String] {
        guard getuid() == 0 else { return [] }
        for folder in folders {
            try FileManager.default.setAttributes([.ownerAccountID: 65534], ofItemAtPath: folder.path)
        }
        return ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    }

    private let play = ["play", "MATH-JAM/LEVEL-1", "--seed", "3", "--student", "eve"]
    private let elsewhere: Set<String> = ["EDUJAM_STORE", "EDUJAM_GAMES", "XDG_DATA_HOME"]

    @Test func versionIsPrinted() throws {
        let result = try Edujam().run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.wholeMatch(of: /edujam \d+\.\d+\.\d+\n/) != nil, "\(result.output)")
    }

    @Test func edujamGamesNamesTheGamesFolderFromAnyFolder() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let folder = try Edujam.scratchFolder("anywhere")
        defer { try? FileManager.default.removeItem(at: folder) }
        let played = try cli.run(
            play, input: "1\n", environment: ["EDUJAM_GAMES": Edujam.root.path + "/games"],
            directory: folder)
        #expect(played.status == 0, "\(played.error)")
        #expect(played.output.contains("Question 1 of 10"))
        let lost = try cli.run(play, unset: ["EDUJAM_GAMES"], directory: folder)
        #expect(lost.status == 1)
        #expect(lost.error.contains("no games folder here: looked in ./games and"), "\(lost.error)")
        #expect(lost.error.contains("EDUJAM_GAMES"))
    }

    /// `make install-files` is the copying half of `make install` (which adds a release build).
    @Test func installedEdujamPlaysFromAnyFolderForAnyUser() throws {
        let root = try Edujam.scratchFolder("install")
        defer { try? FileManager.default.removeItem(at: root) }
        let prefix = root.appendingPathComponent("prefix")
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        make.arguments = [
            "-s", "-C", Edujam.root.path, "install-files", "PREFIX=\(prefix.path)",
            "EDUJAM_BINARY=\(Edujam.binary.path)",
        ]
        try make.run()
        make.waitUntilExit()
        #expect(make.terminationStatus == 0)
        for file in [
            "bin/edujam", "share/edujam/games/collection.lua", "share/edujam/games/math-jam/game.lua",
            "share/doc/edujam/README.md", "share/doc/edujam/cli.md",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }

        let home = root.appendingPathComponent("home")
        let folder = root.appendingPathComponent("work")
        for made in [home, folder] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        let user = try otherUser(owning: [home, folder])
        let cli = Edujam()
        let program = prefix.appendingPathComponent("bin/edujam")
        let played = try cli.run(
            play, input: "1\n", environment: ["HOME": home.path], unset: elsewhere,
            directory: folder, program: program, launcher: user)
        #expect(played.status == 0, "\(played.error)")
        #expect(played.output.contains("Question 1 of 10"))
        #expect(
            FileManager.default.fileExists(atPath: home.path + "/.local/share/edujam/edujam.sqlite"),
            "the store is in HOME")
        let report = try cli.run(
            ["report", "--json"], environment: ["HOME": home.path], unset: elsewhere,
            directory: folder, program: program, launcher: user)
        #expect(report.output.contains("LEVEL-1"), "\(report.output)\(report.error)")
    }

    @Test func theDefaultStoreFollowsHomeAndXDGDataHome() throws {
        let root = try Edujam.scratchFolder("home")
        defer { try? FileManager.default.removeItem(at: root) }
        let cli = Edujam()
        let cases: [([String: String], String)] = [
            (["HOME": root.path + "/one"], "/one/.local/share/edujam/edujam.sqlite"),
            (["HOME": root.path + "/two", "XDG_DATA_HOME": root.path + "/data"], "/data/edujam/edujam.sqlite"),
            (
                ["HOME": root.path + "/three", "XDG_DATA_HOME": "relative/data"],
                "/three/.local/share/edujam/edujam.sqlite"
            ),
        ]
        for (environment, expected) in cases {
            let result = try cli.run(
                ["report"], environment: environment, unset: elsewhere.subtracting(environment.keys))
            #expect(result.status == 0, "\(result.error)")
            #expect(FileManager.default.fileExists(atPath: root.path + expected), "\(environment)")
        }
    }

    @Test func aStoreThatCannotBeUsedIsNamedWithWhatToDo() throws {
        let root = try Edujam.scratchFolder("stores")
        defer { try? FileManager.default.removeItem(at: root) }
        let cli = Edujam()
        let text = root.appendingPathComponent("notes.txt").path
        try String(repeating: "not a database\n", count: 100).write(toFile: text, atomically: true, encoding: .utf8)
        let notAStore = try cli.run(["report", "--store", text])
        #expect(notAStore.status == 1)
        #expect(notAStore.error.contains("not an EduJam store: \(text)"), "\(notAStore.error)")
        #expect(!notAStore.error.lowercased().contains("sqlite"), "no SQLite internals: \(notAStore.error)")
        #expect(try String(contentsOfFile: text, encoding: .utf8).hasPrefix("not a database"), "the file is left alone")

        let folder = root.appendingPathComponent("a-folder").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let directory = try cli.run(["report", "--store", folder])
        #expect(directory.status == 1)
        #expect(
            directory.error.contains("the store \(folder) is a folder: name the store's file in it"),
            "\(directory.error)")

        // A store someone else owns: readable but not writable, then not even readable.
        let shared = root.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let store = shared.appendingPathComponent("edujam.sqlite").path
        #expect(try cli.run(["report", "--store", store]).status == 0)
        let user = try otherUser(owning: [])
        if user.isEmpty { try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: shared.path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store)
        let readOnly = try cli.run(["report", "--store", store], launcher: user)
        #expect(readOnly.status == 1)
        #expect(readOnly.error.contains("the store \(store) is read-only for you: ask"), "\(readOnly.error)")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: store)
        let unreadable = try cli.run(["report", "--store", store], launcher: user)
        #expect(unreadable.status == 1)
        #expect(unreadable.error.contains("cannot open the store \(store): check"), "\(unreadable.error)")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shared.path)
    }

    /// Bold prompts on a terminal, unless it is a dumb one or NO_COLOR (set, not empty) says no.
    @Test(arguments: [("xterm", nil, true), ("dumb", nil, false), ("xterm", "1", false), ("xterm", "", true)])
    func stylingOnlyWhereTheTerminalShowsIt(term: String, noColor: String?, styled: Bool) throws {
        let cli = Edujam()
        defer { cli.remove() }
        var environment = ["EDUJAM_STORE": cli.store, "TERM": term]
        environment["NO_COLOR"] = noColor
        let terminal = try TerminalSession(
            ["play", "games/math-jam", "--level", "LEVEL-1", "--seed", "5"],
            environment: environment, unset: noColor == nil ? ["NO_COLOR"] : [])
        #expect(terminal.expect("Question 1 of 10"))
        terminal.type("\u{4}")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.output.contains("\u{1B}[") == styled, "TERM=\(term) NO_COLOR=\(noColor ?? "(unset)")")
    }
}
