import Foundation
import Testing

/// `edujam check` without luacheck: nothing said on every run, the help says what it would add.
@Suite struct CheckNoticeTests {
    /// A PATH with the tools `check` runs (luac5.4) but no luacheck, whatever this machine has.
    private func pathWithoutLuacheck() throws -> URL {
        let folder = try Edujam.scratchFolder("no-luacheck")
        if let luac = ["/usr/bin/luac5.4", "/usr/local/bin/luac5.4"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("luac5.4").path, withDestinationPath: luac)
        }
        return folder
    }

    @Test func aMissingLuacheckIsNotAnnouncedOnEveryRun() throws {
        let path = try pathWithoutLuacheck()
        defer { try? FileManager.default.removeItem(at: path) }
        let result = try Edujam().run(
            ["check", "games/math-jam", "--fuzz-runs", "0"], environment: ["PATH": path.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("luacheck"), "\(result.error)")
        #expect(!result.output.contains("luacheck"), "\(result.output)")
    }

    @Test func checkHelpSaysWhatLuacheckAdds() throws {
        let help = try Edujam().run(["check", "--help"])
        #expect(help.output.contains("lua-check"), "\(help.output)\(help.error)")
    }
}
