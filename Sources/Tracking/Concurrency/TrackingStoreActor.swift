import Foundation

/// A ``TrackingStore`` for Swift concurrency: the store lives inside this actor, so every use
/// of it, its contexts and its activities is serialized on the actor, from any task.
///
/// A ``TrackingStore`` itself is used by one thread at a time (docs/tracking-model.md,
/// "Threads and tasks"): its SQLite connection is opened without SQLite's own mutex and nothing
/// in the model takes a lock. This actor is that "one at a time" for async code. Its contexts and
/// activities are not `Sendable` and never leave it: work on them inside ``perform(_:)``, and take
/// out `Sendable` snapshots (``ContextRecord``, ``RunRecord``).
///
/// It is also where ClassKit's completion handlers port to `await`:
///
/// ```swift
/// // ClassKit
/// CLSDataStore.shared.mainAppContext.descendant(matchingIdentifierPath: path) { context, error in
///     context?.becomeActive()
///     CLSDataStore.shared.save { error in … }
/// }
/// // EduJam
/// let store = try TrackingStoreActor(path: path, rootIdentifier: "org.example.app", rootTitle: "App")
/// try await store.perform { store in
///     try store.mainAppContext.descendant(matchingIdentifierPath: path)?.becomeActive()
/// }
/// try await store.save()
/// ```
public actor TrackingStoreActor {
    /// Confined to this actor; ``perform(_:)`` lends it out synchronously.
    private let store: TrackingStore

    /// Opens the store at `path` inside a new actor (``TrackingStore/init(path:rootIdentifier:rootTitle:clock:)``).
    /// - Parameters:
    ///   - path: A file path, or `":memory:"` for a private in-memory store.
    ///   - rootIdentifier: The collection's reverse-DNS id.
    ///   - rootTitle: The main context's title when the store is created.
    ///   - clock: The source of time; `@Sendable` because the actor may call it from any thread.
    /// - Throws: As ``TrackingStore/init(path:rootIdentifier:rootTitle:clock:)``.
    public init(
        path: String, rootIdentifier: String, rootTitle: String, clock: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        store = try TrackingStore(path: path, rootIdentifier: rootIdentifier, rootTitle: rootTitle, clock: clock)
    }

    /// Takes over a store opened elsewhere. `sending`: the caller gives it up, so the compiler
    /// refuses any later use of it (or of its contexts) outside this actor.
    /// - Parameter store: The store, with whatever it was set up with (a ``TrackingStore/delegate``).
    public init(_ store: sending TrackingStore) {
        self.store = store
    }

    /// Runs `body` with the store, on this actor. `body` is synchronous, so no other task can use
    /// the store between its first line and its last: a whole attempt's changes can be made and
    /// saved in one call.
    /// - Parameter body: The work; it may create, change and save, and returns a `Sendable` result.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw.
    public func perform<T: Sendable>(_ body: (TrackingStore) throws -> T) rethrows -> T {
        try body(store)
    }

    /// ``TrackingStore/save()`` (ClassKit's `save() async throws`).
    /// - Throws: As ``TrackingStore/save()``.
    public func save() throws {
        try store.save()
    }

    /// ClassKit's `save(completion:)`: saves on this actor, later, then calls `completion` with
    /// nil or the error, on whatever thread the actor runs on (as ClassKit's "arbitrary thread").
    /// - Parameter completion: Called once with the outcome.
    public nonisolated func save(completion: (@Sendable ((any Error)?) -> Void)?) {
        Task { await save(reportingTo: completion) }
    }

    private func save(reportingTo completion: (@Sendable ((any Error)?) -> Void)?) {
        let outcome = Result { try store.save() }
        completion?(outcome.error)
    }

    /// A snapshot of the context at `path` (``TrackingStore/context(at:)``), creating nothing.
    /// - Parameter path: Identifiers, with or without the root identifier first; `[]` is the root.
    /// - Returns: The context's record, or nil when one along the path is missing.
    /// - Throws: As ``TrackingStore/context(at:)``.
    public func context(at path: [String]) throws -> ContextRecord? {
        try store.context(at: path).map(ContextRecord.init)
    }

    /// ClassKit's `contexts(matchingIdentifierPath:) async`: snapshots of the contexts along
    /// `path`, the missing ones created by the store's ``TrackingStore/delegate``
    /// (``TrackingStore/contexts(matchingIdentifierPath:)``).
    /// - Parameter path: Identifiers, with or without the root identifier first.
    /// - Returns: The records, in the order ``TrackingStore/contexts(matchingIdentifierPath:)`` gives.
    /// - Throws: As ``TrackingStore/contexts(matchingIdentifierPath:)``.
    public func contexts(matchingIdentifierPath path: [String]) throws -> [ContextRecord] {
        try store.contexts(matchingIdentifierPath: path).map(ContextRecord.init)
    }

    /// ClassKit's `contexts(matching:) async`, with a ``ContextQuery``: snapshots of the matches.
    /// - Parameter query: The fields to match.
    /// - Returns: The records of ``TrackingStore/contexts(matching:)``.
    public func contexts(matching query: ContextQuery) -> [ContextRecord] {
        store.contexts(matching: query).map(ContextRecord.init)
    }

    /// ``TrackingStore/runs(student:)``: every saved attempt, newest first.
    /// - Parameter student: A student, or nil for everyone.
    /// - Throws: As ``TrackingStore/runs(student:)``.
    public func runs(student: String? = nil) throws -> [RunRecord] {
        try store.runs(student: student)
    }
}

/// Not `Sendable`: a store, its contexts and its activities are used by one thread at a time.
/// Marked unavailable so that no one declares them `Sendable` (even `@unchecked`) by mistake;
/// ``TrackingStoreActor`` is the way to share one between tasks.
@available(*, unavailable)
extension TrackingStore: Sendable {}

@available(*, unavailable)
extension Context: Sendable {}

@available(*, unavailable)
extension Activity: Sendable {}
