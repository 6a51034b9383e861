/// The parts of an xAPI 1.0.3 statement EduJam writes. Encoded with sorted keys, so the same
/// statement is always the same bytes. Optional members are left out when nil.
public struct XAPIStatement: Codable, Equatable, Sendable {
    /// A language map with one entry, `en-US`.
    public typealias LanguageMap = [String: String]

    public struct Account: Codable, Equatable, Sendable {
        public var homePage: String
        public var name: String
    }

    public struct Actor: Codable, Equatable, Sendable {
        public var objectType = "Agent"
        public var name: String
        public var account: Account
    }

    public struct Verb: Codable, Equatable, Sendable {
        public var id: String
        public var display: LanguageMap
    }

    public struct Definition: Codable, Equatable, Sendable {
        public var type: String
        public var name: LanguageMap
    }

    public struct Activity: Codable, Equatable, Sendable {
        public var objectType = "Activity"
        public var id: String
        public var definition: Definition?
    }

    public struct Score: Codable, Equatable, Sendable {
        public var scaled: Double?
        public var raw: Double
        public var min: Double
        public var max: Double
    }

    public struct Result: Codable, Equatable, Sendable {
        public var score: Score?
        public var success: Bool?
        public var completion: Bool?
        public var duration: String?
        public var extensions: [String: Double]?
    }

    public struct ContextActivities: Codable, Equatable, Sendable {
        public var parent: [Activity]?
        public var grouping: [Activity]?
    }

    public struct Context: Codable, Equatable, Sendable {
        public var registration: String
        public var contextActivities: ContextActivities?
        public var platform: String
        /// The game's version (``StatementBuilder/gameVersionExtension``), when the attempt recorded one.
        public var extensions: [String: String]?
    }

    public var id: String
    public var actor: Actor
    public var verb: Verb
    public var object: Activity
    public var result: Result?
    public var context: Context
    public var timestamp: String
}

/// The verbs EduJam uses: ADL's, as cmi5 names them.
public enum XAPIVerb: String, CaseIterable, Sendable {
    case initialized, progressed, suspended, resumed, scored, passed, failed, completed, terminated

    /// `http://adlnet.gov/expapi/verbs/NAME`.
    public var iri: String { "http://adlnet.gov/expapi/verbs/\(rawValue)" }
}
