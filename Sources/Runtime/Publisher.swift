import Tracking

/// Writes a game's declaration into the store as contexts, as ClassKit apps
/// publish their activity tree: created when missing, updated when changed.
enum Publisher {
    /// What a publish does to contexts the store already has.
    enum Mode {
        /// `catalog --publish`: every field follows the declaration, the display order included.
        case catalog
        /// A run that may change the catalog (an author, a teacher): the fields follow the game as
        /// played, but the display order stays as published, since one game cannot know its place
        /// among the others.
        case run
        /// A student's run (``PlayOptions/mayChangeCatalog`` false): what the store has stays as
        /// published (a student may not change it: on a school server, row-level security refuses);
        /// only contexts the store lacks are added.
        case addMissing
    }

    /// The game's context, with its children in place.
    /// - Parameter order: The game's place among the games, for a context made here or for `.catalog`.
    @discardableResult
    static func publish(
        _ declaration: GameDeclaration, in store: TrackingStore, order: Int = 0, mode: Mode = .catalog
    ) throws -> Context {
        try publish(declaration, under: store.mainContext, order: order, mode: mode)
    }

    @discardableResult
    private static func publish(
        _ declaration: GameDeclaration, under parent: Context, order: Int, mode: Mode
    ) throws -> Context {
        let found = parent.child(declaration.id)
        let context =
            try found ?? parent.addChild(identifier: declaration.id, title: declaration.title, type: declaration.type)
        switch (found, mode) {
        case (nil, _), (_, .catalog): update(context, from: declaration, order: order)
        case (_, .run): update(context, from: declaration, order: context.displayOrder)
        case (_, .addMissing): break
        }
        for (index, child) in declaration.contexts.enumerated() {
            try publish(child, under: context, order: index, mode: mode)
        }
        return context
    }

    /// Assigns only what changed, so an unchanged game writes nothing.
    private static func update(_ context: Context, from d: GameDeclaration, order: Int) {
        if context.title != d.title { context.title = d.title }
        if context.type != d.type { context.type = d.type }
        if context.topic != d.topic { context.topic = d.topic }
        if context.summary != d.summary { context.summary = d.summary }
        if context.keywords != d.keywords { context.keywords = d.keywords }
        if context.displayOrder != order { context.displayOrder = order }
        if context.isAssignable != d.isAssignable { context.isAssignable = d.isAssignable }
        if context.suggestedAge != d.age { context.suggestedAge = d.age }
        if context.suggestedCompletionMinutes != d.minutes { context.suggestedCompletionMinutes = d.minutes }
    }
}
