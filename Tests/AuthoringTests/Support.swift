import Foundation

@testable import Authoring

/// A fixture game's folder.
func fixture(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/games/\(name)", withExtension: nil)!.path
}

/// `edujam check` on a fixture, without fuzzing or luacheck unless asked.
func check(_ name: String, fuzzRuns: Int = 0, luacheck: Bool = false) -> GameChecker.Result {
    var settings = GameChecker.Settings()
    settings.fuzzRuns = fuzzRuns
    settings.useLuacheck = luacheck
    return GameChecker.check(folder: fixture(name), settings: settings)
}

extension GameChecker.Result {
    var errors: [Finding] { findings.filter { $0.severity == .error } }
    var warnings: [Finding] { findings.filter { $0.severity == .warning } }

    /// The one finding whose message contains `text`, if exactly one does.
    func finding(_ text: String) -> Finding? {
        let matches = findings.filter { $0.message.contains(text) }
        return matches.count == 1 ? matches[0] : nil
    }
}
