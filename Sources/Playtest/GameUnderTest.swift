import Foundation
import Runtime
import Sandbox
import Tracking

/// A game folder ready to be played in-process, as often as needed: virtual
/// clock, in-memory store, saved once at the end. Nothing touches the disk
/// but reading `game.lua`.
public struct GameUnderTest {
    /// The game's folder (holding `game.lua`).
    var folder: String
    /// The collection the game belongs to, read once from the folder above.
    var collection: GameCollection
    /// The game's declaration, for its levels.
    var declaration: GameDeclaration
    /// The sandbox limits runs get: the student's, but one second of Lua time per run
    /// rather than five. The student's thinking is paused out of it, so a whole
    /// playthrough uses microseconds; a game that hangs fails fast, which matters
    /// when the fuzzer's shrinker replays it hundreds of times.
    var limits: SandboxLimits = {
        var limits = SandboxLimits()
        limits.time = .seconds(1)
        return limits
    }()
    /// Opening an in-memory store (SQLite and its migrations) costs about as much
    /// as a whole short run, so runs share one and it is replaced now and then.
    private let stores = StorePool()

    /// Loads the game's declaration and its collection.
    /// - Throws: `GameLoadError` when the game does not load.
    public init(folder: String) throws {
        self.folder = folder
        let parent = PathText.parent(of: folder)
        collection = try GameCollection.load(from: parent)
        declaration = try Catalog.declaration(ofGameIn: folder)
    }

    /// The game as loaded, without its store: what another thread needs to play it too.
    /// A store belongs to one thread, so each thread makes its own `GameUnderTest` from this.
    struct Blueprint: Sendable {
        var folder: String
        var collection: GameCollection
        var declaration: GameDeclaration
        var limits: SandboxLimits

        /// The folder's last component, for messages: `math-jam`.
        var name: String { PathText.name(of: folder) }
    }

    /// This game, for another thread (``OrderedWork``).
    var blueprint: Blueprint {
        Blueprint(folder: folder, collection: collection, declaration: declaration, limits: limits)
    }

    /// The same game with a store pool of its own, loaded from nothing but `blueprint`.
    init(_ blueprint: Blueprint) {
        folder = blueprint.folder
        collection = blueprint.collection
        declaration = blueprint.declaration
        limits = blueprint.limits
    }

    /// The folder's last component, for messages: `math-jam`.
    public var name: String { blueprint.name }

    /// The level paths the game declares, as `LEVEL-1` or `A/B`.
    var levels: [String] { declaration.childPaths.map(IdentifierPathText.text) }

    /// Plays once through `channel`.
    /// - Throws: `GameLoadError` (an unknown level, say) or a `TrackingError`; a
    ///   failing script is not thrown but reported in the result.
    func play(channel: PlayChannel, seed: Int, student: String = "student", level: String?) throws -> RunReport {
        var options = PlayOptions()
        options.seed = seed
        options.student = student
        options.level = level
        options.limits = limits
        options.saving = .never  // the report comes from memory; the pooled store is thrown away
        let clock = RunClock.virtual()
        let store = try stores.store(for: collection, clock: clock)
        return try GamePlayer.play(folder: folder, store: store, channel: channel, clock: clock, options: options)
    }
}

/// One in-memory store shared by a game's runs, each run's clock plugged in as it starts.
final class StorePool {
    /// Runs per store before a fresh one, so a long fuzz session does not grow without bound.
    static let runsPerStore = 500

    private var store: TrackingStore?
    private var runs = 0
    private var clock = RunClock.virtual()

    func store(for collection: GameCollection, clock: RunClock) throws -> TrackingStore {
        self.clock = clock
        runs += 1
        if let store, runs <= Self.runsPerStore { return store }
        runs = 1
        let fresh = try TrackingStore.inMemory(
            rootIdentifier: collection.id, rootTitle: collection.title,
            clock: { [unowned self] in self.clock.date() })
        store = fresh
        return fresh
    }
}
