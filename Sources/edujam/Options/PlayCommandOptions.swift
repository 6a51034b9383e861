import DeclaredCommands
import Foundation
import School

/// `edujam play`, parsed once from the options ``PlayCommand/declaration`` declares. (Runtime's
/// `PlayOptions` is what the run gets; this is what was typed.)
struct PlayCommandOptions {
    /// How the student's answers arrive and the events leave.
    enum Driver: String {
        /// One JSON object per event on stdout, answers on stdin, on a virtual clock.
        case jsonl
    }

    var common: CommonOptions
    /// A game folder or identifier path, as typed (``GameTarget/resolve(_:gamesFolder:)``).
    var game: String
    var level: String?
    /// `--student` as typed; checked against the store's name rule before play.
    var student: String?
    var seed: Int?
    /// The `.play` file to record the session in.
    var record: String?
    /// Nil for a person at a terminal or a pipe.
    var driver: Driver?
    var watch: Bool

    /// - Throws: ``UsageError`` for no game or several, a seed that is not a whole number, an unknown driver.
    init(_ words: [String]) throws {
        let arguments = try Arguments(words, declared: PlayCommand.declaration.options)
        game = try arguments.onlyPositional("play takes one game folder or identifier path")
        common = CommonOptions(arguments)
        watch = arguments.flag("--watch")
        level = arguments.value("--level")
        student = arguments.value("--student")
        seed = try arguments.integer("--seed")
        record = arguments.value("--record")
        if let name = arguments.value("--driver") {
            guard let driver = Driver(rawValue: name) else { throw UsageError("--driver takes jsonl, got '\(name)'") }
            self.driver = driver
        }
    }

    /// What School's ``GameLaunch`` is asked: the game, the student, and where the store and the
    /// games folder are.
    var request: GameLaunch.Request {
        GameLaunch.Request(
            word: game, student: student, user: ProcessInfo.processInfo.environment["USER"] ?? "student",
            location: StoreLocation(common), namedGames: { [common] in try Installation.namedGames(common) },
            gamesToRead: { [common] in try Installation.gamesToRead(common) })
    }
}
