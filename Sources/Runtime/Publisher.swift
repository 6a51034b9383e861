import Tracking

/// Writes a game's declaration into the store as contexts, as ClassKit apps
/// publish their activity tree: created when missing, updated when changed.
enum Publisher {
    /// The game's context, with its children in place.
    @discardableResult
    static func publish(_ declaration: GameDeclaration, in store: TrackingStore, order: Int = 0) throws -> Context {
        try publish(declaration, under: store.mainContext, order: order)
    }

    @discardableResult
    private static func publish(_ declaration: GameDeclaration, under parent: Context, order: Int) throws -> Context {
        let context =
            try parent.child(declaration.id)
            ?? parent.addChild(identifier: declaration.id, title: declaration.title, type: declaration.type)
        update(context, from: declaration, order: order)
        for (index, child) in declaration.contexts.enumerated() {
            try publish(child, under: context, order: index)
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
