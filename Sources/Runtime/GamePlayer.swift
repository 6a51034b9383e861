import Foundation
import GameContent
import Sandbox
import Tracking

/// Plays a game from its folder and tracks the attempt.
///
/// ```swift
/// let report = try GamePlayer.play(folder: "games/math-jam", store: store,
///                                  channel: terminal, clock: .real(), options: options)
/// ```
public enum GamePlayer {
    /// Loads `game.lua` from `folder`, publishes its declaration (adding the contexts the store
    /// lacks; updating the others only when ``PlayOptions/mayChangeCatalog``, and never their
    /// display order), plays it once through `channel`, and records how the run ended.
    ///
    /// A failing script or a limit is not thrown: it ends the run, and the report
    /// says so (outcome `error` or `limit`, with ``RunReport/failure``).
    /// - Throws: ``GameLoadError`` when the game cannot be loaded or the level does
    ///   not exist; a `TrackingError` when the store cannot be written.
    public static func play(
        folder: String, store: TrackingStore, channel: PlayChannel,
        clock: RunClock, options: PlayOptions
    ) throws -> RunReport {
        try play(.folder(folder), store: store, channel: channel, clock: clock, options: options, replay: nil)
    }

    /// ``play(folder:store:channel:clock:options:)`` of `game`: a folder, or a published
    /// package run from memory (``PlayedGame``).
    public static func play(
        _ game: PlayedGame, store: TrackingStore, channel: PlayChannel, clock: RunClock, options: PlayOptions
    ) throws -> RunReport {
        try play(game, store: store, channel: channel, clock: clock, options: options, replay: nil)
    }

    /// ``play(_:store:channel:clock:options:)``, its outside inputs served by `replay` when given.
    static func play(
        _ played: PlayedGame, store: TrackingStore, channel: PlayChannel, clock: RunClock, options: PlayOptions,
        replay: ReplayCursor?
    ) throws -> RunReport {
        let file = (played.folder as NSString).appendingPathComponent(GamePackage.gameFile)
        let run = try GameRun(
            file: file, package: played.inMemory, channel: channel, clock: clock, store: store, options: options,
            replay: replay)
        let game = try GameLoadError.wrap { try LoadedGame.load(file: file, into: run) }
        let gameContext = try Publisher.publish(
            game.declaration, in: store, mode: options.mayChangeCatalog ? .run : .addMissing)
        guard let levelPath = try chooseLevel(of: game.declaration, options: options, run: run) else {
            return try run.end(on: gameContext, outcome: .quit, failure: nil)  // left at the menu
        }
        run.inputs.level = levelPath.isEmpty ? nil : levelPath
        var context = gameContext
        for id in levelPath { context = context.child(id) ?? context }
        run.activity = try context.createNewActivity(student: options.student, gameVersion: options.gameVersion)
        run.saveIfEveryChange()
        run.sandbox.onLastResort = { [unowned run] in run.recordStoppedFromOutside() }
        let level: LuaValue = levelPath.isEmpty ? .nil : .string(IdentifierPathText.text(levelPath))
        do {
            try run.sandbox.call(game.play, [level])
            return try run.end(
                on: context, outcome: run.activity?.outcome == .finished ? .finished : .quit, failure: nil)
        } catch let error as SandboxError {
            let outcome: RunOutcome = error.isLimit ? .limit : (run.leftAfterEnd ? .quit : .error)
            // A value play returned that cannot be copied has no line: say what it was all the same.
            let failure = error.failure ?? ScriptFailure(message: error.description)
            return try run.end(on: context, outcome: outcome, failure: outcome == .quit ? nil : failure)
        }
    }

    /// The level path to launch: the one asked for, the student's pick from a menu,
    /// or none for a game without children. Nil when the student left at the menu.
    private static func chooseLevel(of game: GameDeclaration, options: PlayOptions, run: GameRun) throws -> [String]? {
        if let level = options.level {
            let path = (try? IdentifierPathText.identifiers(in: level)) ?? []
            guard !path.isEmpty, game.child(at: path) != nil else {
                throw GameLoadError.unknownLevel(level, available: game.childPaths.map(IdentifierPathText.text))
            }
            return path
        }
        guard !game.contexts.isEmpty else { return [] }
        let titles = game.contexts.map { $0.title }
        while true {
            guard let reply = run.channel.handle(.choose(prompt: "Choose a level:", options: titles)) else {
                return nil
            }
            run.clock.advance(by: reply.thinking)
            if let n = Int(reply.text.trimmingCharacters(in: .whitespaces)), (1...titles.count).contains(n) {
                return [game.contexts[n - 1].id]
            }
            _ = run.channel.handle(.say("Please type a number from 1 to \(titles.count)."))
        }
    }
}
