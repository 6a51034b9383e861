import GameContent
import Sandbox
import Tracking

/// One run of a game: the sandbox, the attempt, and the state the API calls share.
///
/// The Lua API (`activity.*`, `say`, `ask`, ...) is bound to this object; see
/// `GameRun+Activity.swift` and `GameRun+Student.swift`.
final class GameRun {
    let sandbox: Sandbox
    let file: String
    /// The folder of ``file``: what the game and its modules are confined to.
    let folder: String
    /// The files of a published game held in memory (``PlayedGame/package(_:label:)``): the game
    /// and its modules are read from here, never from ``folder``.
    let package: GamePackage?
    let channel: PlayChannel
    let clock: RunClock
    /// Nil when the game is only loaded (the catalog), not played.
    let store: TrackingStore?
    let options: PlayOptions
    /// Unchecked exclusivity, as ``activity``: `random()` host calls advance it.
    @exclusivity(unchecked) var random: SeededRandom

    /// The attempt, once play has begun. Whether the game started or finished it is the
    /// attempt's own state (`hasStarted`, `outcome`), never a copy kept here.
    /// Unchecked exclusivity: a run is used from one thread
    /// and every host call reads this, where the runtime check cost 1% of a playthrough.
    @exclusivity(unchecked) var activity: Activity?
    /// Input has ended: the next `ask` raises, so a game that ignores nil cannot spin.
    var inputEnded = false
    /// What the game observed from outside so far (replies, clock readings), handed to the
    /// attempt at each save: an append per event, nothing more (`GameRun+Inputs.swift`).
    /// Unchecked exclusivity, as ``activity``: every `clock()` appends to it (the runtime
    /// check was 40 a run of the bench's playthrough, about 0.3% of it).
    @exclusivity(unchecked) var inputs: AttemptInputs
    /// The record a replay serves instead of a student and a clock; nil for a run that is played.
    let replay: ReplayCursor?
    var leftAfterEnd = false
    /// Saves the attempt, backing off and keeping it in the store's outbox while the store
    /// cannot be reached (`RunSaver`).
    lazy var saver: RunSaver? = store.map { store in
        let saver = RunSaver(store: store)
        saver.onFirstUnreachable = options.whenStoreUnreachable
        return saver
    }

    init(
        file: String, package: GamePackage? = nil, channel: PlayChannel, clock: RunClock, store: TrackingStore?,
        options: PlayOptions, replay: ReplayCursor? = nil
    ) throws {
        self.file = file
        self.folder = parentFolder(of: file)
        self.package = package
        self.channel = channel
        self.clock = clock
        self.store = store
        self.options = options
        self.random = SeededRandom(seed: options.seed)
        self.replay = replay
        self.inputs = AttemptInputs(seed: options.seed, level: nil, start: replay?.inputs.start ?? clock.startSeconds)
        let box = OutputBox()
        self.sandbox = try Sandbox(limits: options.limits, seed: options.seed, output: { box.run?.printed($0) })
        sandbox.label = file  // what a last-resort report names, rather than the first chunk it loads
        box.run = self
        sandbox.setClock { box.run?.osClock() ?? (0, 0) }  // os.time, os.date, os.clock
        registerStudentAPI()
        registerActivityAPI()
        installRequire()  // GameRun+Require.swift
    }

    /// Saves now if the policy says every change is saved (``SavePolicy/everyChange``): at launch,
    /// and each time the game waits for the student (`reply(to:)`), with the sandbox's clock
    /// paused. The changes a game makes between two waits (an answer's score, count and progress)
    /// go in one save, and the time a save takes is the host's, never the game's: a school server
    /// slowed by a whole school playing at once (bench row `store/players`) cannot make a game
    /// hit its time limit. A script cannot make saves without waiting for an answer each time,
    /// so it cannot flood the server either. The end of the run saves too (``end(on:outcome:failure:)``).
    ///
    /// A failed save is not kept here: the store keeps the unsaved changes pending (a failed
    /// save writes nothing and clears no mark), the next save retries them, and the save at the
    /// end of the run throws, so a store that stays unwritable
    /// reaches the student as the command's error instead of a report of unsaved work. A store
    /// that cannot be reached (a school server) is retried with backoff, and the attempt is kept
    /// in its outbox meanwhile (`RunSaver`).
    func saveIfEveryChange() {
        guard options.saving == .everyChange else { return }
        activity?.keepInputs(inputs)
        saver?.saveDuringRun(activity)
    }

    fileprivate func printed(_ line: String) {
        _ = channel.handle(.say(line))  // the sandbox hands over the line without its newline
    }
}

/// The folder part of a file path, as `NSString.deletingLastPathComponent` gives it for the
/// paths the runtime builds (`folder/game.lua`), by bytes: bridging to NSString cost 3.5% of a
/// playthrough (bench/README.md). Only ever used to confine reads, which resolve it with
/// `realpath`, so a folder spelled with a trailing or doubled slash confines the same.
func parentFolder(of file: String) -> String {
    let bytes = file.utf8
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    if slash == bytes.startIndex { return "/" }
    return String(Substring(bytes[..<slash]))
}

/// Lets the sandbox's output closure reach the run that owns the sandbox, without a cycle.
/// Unowned, not weak: the run owns the sandbox, whose output cannot outlive it (a closing state
/// prints nothing: scripts get no finalizers), and a weak reference gave every run a side table
/// and slower reference counting for its whole life.
private final class OutputBox {
    @exclusivity(unchecked) unowned var run: GameRun?  // read for every line printed (see `activity`)
}
