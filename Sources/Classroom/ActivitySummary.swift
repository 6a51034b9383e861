import Tracking

/// Class aggregates for one activity of an assignment, as Schoolwork shows them (§5 "Review").
///
/// JSON keys: `identifierPath`, `title`, `students`, `notStarted`, `inProgress`, `done`, `late`,
/// `attempts`, `averageProgress`, `averageDurationSeconds`, `averageScore` (null when no latest
/// attempt has a score primary item), `averageQuantity` (null likewise), `binaryTrue`, `binaryCount`.
public struct ActivitySummary: Codable, Equatable, Sendable {
    /// Root first.
    public var identifierPath: [String]
    /// The context's title.
    public var title: String
    /// How many students it is assigned to.
    public var students: Int
    /// Students per status.
    public var notStarted: Int, inProgress: Int, done: Int
    /// Students who are late.
    public var late: Int
    /// Attempts over all students.
    public var attempts: Int
    /// The mean of each student's progress over every assigned student (0 for those not started).
    public var averageProgress: Double
    /// The mean time spent over every assigned student.
    public var averageDurationSeconds: Double
    /// The mean of `score / maxScore` (0...1) over students whose latest attempt's primary item is a score.
    @ExplicitNull public var averageScore: Double?
    /// The mean quantity over students whose latest attempt's primary item is a quantity.
    @ExplicitNull public var averageQuantity: Double?
    /// Students whose latest binary primary item is true, out of ``binaryCount``.
    public var binaryTrue: Int, binaryCount: Int

    /// Aggregates the cells of one activity column. The means cannot overflow (``SafeNumbers``).
    /// - Parameters:
    ///   - activity: The assigned activity.
    ///   - cells: Each assignee's ``ActivityProgress`` for it.
    public init(_ activity: AssignedActivity, cells: [ActivityProgress]) {
        identifierPath = activity.identifierPath
        title = activity.title
        students = cells.count
        notStarted = cells.count { $0.status == .notStarted }
        inProgress = cells.count { $0.status == .inProgress }
        done = cells.count { $0.status == .done }
        late = cells.count(where: \.late)
        attempts = cells.reduce(0) { $0 + $1.attempts }
        averageProgress = SafeNumbers.mean(cells.map(\.progress)) ?? 0
        averageDurationSeconds = SafeNumbers.mean(cells.map(\.durationSeconds)) ?? 0
        let items = cells.compactMap(\.primaryItem)  // Schoolwork: score, count and binary from the latest attempt
        averageScore = SafeNumbers.mean(
            items.compactMap { item in if case .score(let s, let m) = item.item.value { s / m } else { nil } })
        averageQuantity = SafeNumbers.mean(
            items.compactMap { item in if case .quantity(let n) = item.item.value { n } else { nil } })
        let flags = items.compactMap { item in if case .binary(let b, _) = item.item.value { b } else { nil } }
        binaryTrue = flags.count { $0 }
        binaryCount = flags.count
    }
}
