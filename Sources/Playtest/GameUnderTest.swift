import Foundation
import Runtime
import Sandbox
import Tracking

/// A game folder ready to be played in-process, as often as needed: virtual
/// clock, in-memory store, saved once at the end. Nothing touches the disk
/// but reading `game.lua`.
public struct GameUnderTest {
    /// The game's folder (holding `game.lua`).
    public var folder: String
    /// The collection the game belongs to, read once from the folder above.
    public var collection: GameCollection
    /// The game's declaration, for its levels.
    public var declaration: GameDeclaration
    /// The sandbox limits runs get: the student's defaults unless changed.
    public var limits = SandboxLimits()

    /// Loads the game's declaration and its collection.
    /// - Throws: `GameLoadError` when the game does not load.
    public init(folder: String) throws {
        self.folder = folder
        let parent = ((folder as NSString).standardizingPath as NSString).deletingLastPathComponent
        collection = try GameCollection.load(from: parent)
        declaration = try Catalog.declaration(ofGameIn: folder)
    }

    /// The folder's last component, for messages: `math-jam`.
    public var name: String { ((folder as NSString).standardizingPath as NSString).lastPathComponent }

    /// The level paths the game declares, as `LEVEL-1` or `A/B`.
    public var levels: [String] { declaration.childPaths.map { $0.joined(separator: "/") } }

    /// Plays once through `channel`.
    /// - Throws: `GameLoadError` (an unknown level, say) or a `TrackingError`; a
    ///   failing script is not thrown but reported in the result.
    public func play(channel: PlayChannel, seed: Int, student: String = "student", level: String?) throws -> RunReport {
        var options = PlayOptions()
        options.seed = seed
        options.student = student
        options.level = level
        options.limits = limits
        options.saving = .atEnd
        let clock = RunClock.virtual()
        let store = try TrackingStore.inMemory(rootIdentifier: collection.id, rootTitle: collection.title,
                                               clock: { clock.date() })
        return try GamePlayer.play(folder: folder, store: store, channel: channel, clock: clock, options: options)
    }
}
