/// What a context represents; shown to teachers, no effect on behaviour (ClassKit's `CLSContextType`).
///
/// Raw values match ClassKit's. `.app` is reserved for the main context.
public enum ContextType: Int, CaseIterable, Codable, Sendable {
    /// No particular kind.
    case none = 0
    /// The main context only (reserved).
    case app
    /// A chapter.
    case chapter
    /// A section.
    case section
    /// A level.
    case level
    /// A page.
    case page
    /// A task.
    case task
    /// A challenge.
    case challenge
    /// A quiz.
    case quiz
    /// A exercise.
    case exercise
    /// A lesson.
    case lesson
    /// A book.
    case book
    /// A game.
    case game
    /// A document.
    case document
    /// A audio.
    case audio
    /// A video.
    case video
    /// A course.
    case course
    /// Named by `customTypeName`.
    case custom

    /// The lowercase name used in JSON and by the ClassKit Catalog API, for example `"game"`.
    public var name: String { Self.names[rawValue] }

    /// Looks up a type by its ``name``.
    /// - Parameter name: For example `"quiz"`.
    /// - Returns: The type, or nil for an unknown name.
    public init?(name: String) {
        guard let index = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: index)
    }

    /// Names by raw value, worked out once: `String(describing:)` reflects on every call,
    /// and games declare their types on every run.
    private static let names: [String] = allCases.map { String(describing: $0) }
}

/// The subject of a context (ClassKit's `CLSContextTopic`); inherited by descendants that set none.
public enum Topic: String, CaseIterable, Codable, Sendable {
    /// Mathematics.
    case math
    /// Science.
    case science
    /// Literacy and writing.
    case literacyAndWriting
    /// World languages.
    case worldLanguage
    /// Social science.
    case socialScience
    /// Computer science and engineering.
    case computerScienceAndEngineering
    /// Arts and music.
    case artsAndMusic
    /// Health and fitness.
    case healthAndFitness

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
