import Foundation
import Testing

/// docs/interop.md's "Try it with Ralph" runs as printed, on a machine that has only the installed
/// program: its command lines (after `$ `, with their continuation lines) go to `bash` in an empty
/// folder, with the staged install of `make install-files` (PREFIX /usr) first on the PATH and its
/// `/usr/share/edujam` in place of the real one. The `pip install` fetches Ralph from PyPI, so the
/// test runs where Ralph could be installed for the other LRS tests (``RalphLRS``), and is skipped
/// with their reason elsewhere.
@Suite struct LRSRecipeTests {
    /// The recipe's command lines, in order.
    static func recipe() throws -> [String] {
        let page = try String(contentsOf: Edujam.root.appendingPathComponent("docs/interop.md"), encoding: .utf8)
        guard let start = page.range(of: "### Try it with Ralph"),
            let end = page.range(of: "### Testing against a real LRS", range: start.upperBound..<page.endIndex)
        else { return [] }
        var commands: [String] = []
        var inBlock = false
        var continued = false
        for line in page[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            guard inBlock else { continue }
            if continued, let last = commands.popLast() {
                commands.append(last + "\n" + line)
            } else if line.hasPrefix("$ ") {
                commands.append(String(line.dropFirst(2)))
            } else {
                continue  // what the command printed
            }
            continued = line.hasSuffix("\\")
        }
        return commands
    }

    @Test func theRecipeHasTheStepsItNeeds() throws {
        let recipe = try Self.recipe().joined(separator: "\n")
        #expect(recipe.contains("pip install 'ralph-malph[cli,lrs]' requests"))
        #expect(recipe.contains("RALPH_RUNSERVER_BACKEND=fs ralph/bin/ralph auth"))
        #expect(recipe.contains("/usr/share/edujam/ralph_launcher.py"))
        #expect(recipe.contains("edujam push --lrs http://127.0.0.1:8100/xAPI/"))
    }

    @Test(.enabled(if: RalphLRS.isAvailable, RalphLRS.skipReason)) func theRecipeRunsAsPrinted() throws {
        let folder = try Edujam.scratchFolder("lrs-recipe")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stage = folder.appendingPathComponent("stage")
        let make = try Edujam().run(
            [
                "-s", "-C", Edujam.root.path, "install-files", "DESTDIR=\(stage.path)", "PREFIX=/usr",
                "EDUJAM_BINARY=\(Edujam.binary.path)",
            ], program: URL(fileURLWithPath: "/usr/bin/make"))
        #expect(make.status == 0, "\(make.error)")
        let installed = stage.appendingPathComponent("usr/bin")
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let environment = [
            "HOME": folder.path, "PATH": installed.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
        ]
        let unset: Set<String> = [
            "EDUJAM_STORE", "EDUJAM_GAMES", "XDG_DATA_HOME", "EDUJAM_LRS_USER", "EDUJAM_LRS_PASSWORD",
        ]
        let played = try Edujam().run(
            ["play", "MATH-JAM", "--level", "LEVEL-1", "--seed", "1"], input: String(repeating: "0\n", count: 40),
            environment: environment, unset: unset, directory: work, program: installed.appendingPathComponent("edujam")
        )
        #expect(played.status == 0, "\(played.error)")

        let commands = try Self.recipe().map {
            $0.replacingOccurrences(of: "/usr/share/edujam/", with: stage.path + "/usr/share/edujam/")
        }
        let script = (["set -e", "trap 'kill $(jobs -p) 2>/dev/null' EXIT"] + commands).joined(separator: "\n")
        let ran = try Edujam().run(
            ["-c", script], environment: environment, unset: unset, directory: work,
            program: URL(fileURLWithPath: "/bin/bash"))
        #expect(ran.status == 0, "\(ran.output)\(ran.error)")
        #expect(
            ran.output.range(
                of: #"pushed to http://127.0.0.1:8100/xAPI: (\d+) of \1 new statements accepted"#,
                options: .regularExpression) != nil, "\(ran.output)\(ran.error)")
        let statements = try String(contentsOf: work.appendingPathComponent("lrs/data/fs_lrs.jsonl"), encoding: .utf8)
        #expect(statements.split(separator: "\n").count > 1)
    }
}
