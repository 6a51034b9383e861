import Foundation

@testable import Playtest

/// Paths into `Fixtures/games`, copied beside the test bundle.
enum FixtureGames {
    static var folder: String {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("games").path
    }

    static func game(_ name: String) throws -> GameUnderTest {
        try GameUnderTest(folder: (folder as NSString).appendingPathComponent(name))
    }

    static func test(_ game: String, _ file: String) -> String {
        "\(folder)/\(game)/tests/\(file)"
    }
}
