import Sandbox

/// How one run is played.
public struct PlayOptions {
    /// Who plays: the attempt is tracked under this name.
    public var student = "student"
    /// Seeds `random` and `math.random`, so the run replays.
    public var seed = 0
    /// The seeds transcripts, bots and the fuzzer accept: whole numbers from -2^53 to 2^53.
    ///
    /// Every one is exact as a Lua float too (`seeds = {1e15, 1e15 + 99}` in a bot means what
    /// it says), and a fuzz session's `seed + run` stays far from the integer limits.
    public static let seedRange: ClosedRange<Int> = -(1 << 53)...(1 << 53)
    /// The child context to launch, as a path below the game (`LEVEL-1`, or `A/B`);
    /// nil offers the game's children as a menu, or plays the game itself.
    public var level: String?
    /// The sandbox's limits.
    public var limits = SandboxLimits()
    /// When the attempt is written to the store.
    public var saving = SavePolicy.everyChange
    /// Called once in a run, the first time a save finds the store (a school server) unreachable:
    /// the run goes on and the attempt is kept (`RunSaver`); the front end says so in one line.
    public var whenStoreUnreachable: (@Sendable () -> Void)?
    /// Whether the run may change the contexts the store already has (titles, summaries, ...) to
    /// match the game's folder. A student's run may not: the catalog is the teacher's (`catalog
    /// --publish`), and a school server refuses a student's change to it; the run then finds the
    /// published contexts and adds only the ones missing. No run changes a context's display
    /// order, which only the whole catalog knows.
    public var mayChangeCatalog = true
    /// The version of the game that runs (its content hash, Tracking's `GameVersionRule`), which
    /// the attempt records when it is created; nil records none (a game played from a folder
    /// whose version nobody computed).
    public var gameVersion: String?

    public init() {}
}

/// When a run writes its attempt to the store.
public enum SavePolicy: Sendable {
    /// Every change, saved as the game goes: at launch, each time the game waits for the
    /// student (the changes since the last wait in one save, off the game's time limit),
    /// and at the end. A killed process loses at most what the game did since it last
    /// asked. For students.
    case everyChange
    /// Once, when the run ends.
    case atEnd
    /// Never: the report comes from the attempt in memory. For throwaway runs
    /// (playthrough tests, fuzzing), where writing thousands of attempts is waste.
    case never
}
