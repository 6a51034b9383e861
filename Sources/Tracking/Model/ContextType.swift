/// What a context represents; shown to teachers, no effect on behaviour (ClassKit's `CLSContextType`).
///
/// Raw values match ClassKit's. `.app` is reserved for the main context.
public enum ContextType: Int, CaseIterable, Codable, Sendable {
    case none = 0, app, chapter, section, level, page, task, challenge, quiz, exercise, lesson, book
    case game, document, audio, video, course, custom

    /// The lowercase name used in JSON and by the ClassKit Catalog API, for example `"game"`.
    public var name: String { String(describing: self) }

    /// Looks up a type by its ``name``.
    /// - Parameter name: For example `"quiz"`.
    /// - Returns: The type, or nil for an unknown name.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }
}

/// The subject of a context (ClassKit's `CLSContextTopic`); inherited by descendants that set none.
public enum Topic: String, CaseIterable, Codable, Sendable {
    case math, science, literacyAndWriting, worldLanguage, socialScience
    case computerScienceAndEngineering, artsAndMusic, healthAndFitness

    /// Parses a topic name, as ClassKit's setter does, but throws instead of ignoring bad input.
    /// - Parameter name: A topic's raw value; an empty string means no topic.
    /// - Returns: The topic, or nil for an empty name.
    /// - Throws: ``TrackingError/unknownTopic(_:)`` for any other string.
    public static func named(_ name: String) throws -> Topic? {
        if name.isEmpty { return nil }
        guard let topic = Topic(rawValue: name) else { throw TrackingError.unknownTopic(name) }
        return topic
    }
}
