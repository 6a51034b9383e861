/// The model's rules as the database's CHECK constraints: every kind, outcome, range, length and
/// count a reader needs, written from the same Swift values (``ItemKind``, ``RunOutcome``,
/// ``Limits``, ``ScoreRule``'s bounds), so the database refuses a row the program cannot read,
/// whoever writes it (a student through `psql`, an older EduJam, a hand-edited file).
///
/// These are today's rules. A shipped migration holds the text of the checks as it wrote them,
/// never a call to this type (it would change with the rules, in stores made from then on only):
/// when a rule, a limit or a kind list changes, a new migration writes the checks again from
/// here, and `TodaysRulesInTheSchemaTests` fails until one does.
///
/// SQL counts neither grapheme clusters nor Unicode whitespace, so text is checked by its UTF-8
/// bytes (each ``TextLimit``'s byte cap) and identifiers by bytes and controls; the readers ask
/// the full Swift rules (``RowDecoder``) and report what still fails. SQLite's migration
/// `014-row-checks` and PostgreSQL's `010-row-checks` added them; SQLite's `015-opaque-identifiers`
/// and PostgreSQL's `012-opaque-identifiers` replaced the identifier checks of stores made before
/// identifiers were opaque (which refused `/` and spaces).
package enum RowChecks {
    /// Which SQL the checks are written in.
    package enum Dialect: Sendable {
        case sqlite, postgresql
    }

    /// One named CHECK constraint: `CONSTRAINT name CHECK (expression)` on both engines, so a
    /// refusal names the rule (`CHECK constraint failed: activity_items_kind`).
    package struct Check: Sendable {
        package let name: String
        let expression: String

        /// The constraint's clause in a `CREATE TABLE` or `ALTER TABLE ... ADD`.
        var clause: String { "CONSTRAINT \(name) CHECK (\(expression))" }
    }

    /// The checks that apply ``IdentifierRule`` to a column, by name: the ones the migrations to
    /// opaque identifiers replace.
    static let identifierChecks: Set<String> = [
        "contexts_identifier", "activities_primary_item", "activity_items_identifier",
    ]

    /// ``Limits/itemsPerAttempt``, for the trigger that counts them.
    static let itemsPerAttempt = Limits.itemsPerAttempt

    /// The outcomes a row may store: every ``RunOutcome`` but `interrupted`, which only a reader
    /// reports (an attempt whose process is gone).
    static let storedOutcomes = RunOutcome.allCases.filter { $0 != .interrupted }

    /// ``IdentifierRule`` as a CHECK expression on another module's column (a published game's
    /// identifier in Classroom's `game_versions`): the rule's SQL is written once, here.
    package static func identifier(_ column: String, maxBytes: Int, _ dialect: Dialect) -> String {
        SQL(dialect).identifier(column, maxBytes: maxBytes)
    }

    /// Text of 1 to `maxBytes` UTF-8 bytes, as a CHECK expression on another module's column.
    package static func text(_ column: String, maxBytes: Int, _ dialect: Dialect) -> String {
        "\(column) <> '' AND \(SQL(dialect).bytes(column)) <= \(maxBytes)"
    }

    /// A finite number, as a CHECK expression on another module's column.
    package static func finite(_ column: String, _ dialect: Dialect) -> String { SQL(dialect).finite(column) }

    // MARK: - Tables

    /// `contexts`: identifier, path depth, title, type, topic, summary and keywords.
    package static func contexts(_ dialect: Dialect) -> [Check] {
        let sql = SQL(dialect)
        return [
            Check(
                name: "contexts_identifier",
                expression: sql.identifier("identifier", maxBytes: Limits.contextIdentifierBytes)),
            Check(name: "contexts_path", expression: sql.jsonArray("path", count: 1...Limits.depth, bytes: pathBytes)),
            Check(name: "contexts_title", expression: sql.text("title", Limits.title)),
            Check(name: "contexts_type", expression: sql.oneOf("type", ContextType.allCases.map { "\($0.rawValue)" })),
            Check(
                name: "contexts_topic",
                expression: sql.optional("topic", sql.oneOf("topic", Topic.allCases.map { sql.quoted($0.rawValue) }))),
            Check(name: "contexts_summary", expression: sql.optional("summary", sql.text("summary", Limits.summary))),
            Check(
                name: "contexts_keywords",
                expression: sql.jsonArray("keywords", count: 0...Limits.keywordCount, bytes: keywordsBytes)),
        ]
    }

    /// `activities`: outcome, done mark, progress, duration and the primary item's identifier.
    package static func activities(_ dialect: Dialect) -> [Check] {
        let sql = SQL(dialect)
        return [
            Check(name: "activities_student", expression: "student <> ''"),
            Check(
                name: "activities_outcome",
                expression: sql.oneOf("outcome", storedOutcomes.map { sql.quoted($0.rawValue) })),
            Check(
                name: "activities_done_by",
                expression: sql.optional(
                    "done_by", sql.oneOf("done_by", DoneMarker.allCases.map { sql.quoted($0.rawValue) }))),
            Check(name: "activities_progress", expression: "progress BETWEEN 0 AND 1"),
            Check(
                name: "activities_duration",
                expression: "duration BETWEEN 0 AND \(Int64(SafeNumbers.maximumDurationSeconds))"),
            Check(
                name: "activities_primary_item",
                expression: sql.optional(
                    "primary_item", sql.identifier("primary_item", maxBytes: Limits.itemIdentifierBytes))),
        ]
    }

    /// `activities.game_version`: nil, or ``GameVersionRule``'s digits. Apart from ``activities(_:)``,
    /// whose checks the migrations before the column add: SQLite's `016-attempt-game-version` and
    /// PostgreSQL's `013-attempt-game-version` add it with the column.
    package static func gameVersion(_ dialect: Dialect) -> Check {
        let digits =
            dialect == .sqlite
            ? "game_version NOT GLOB '*[^0-9a-f]*'" : "game_version ~ '^[0-9a-f]*$'"
        return Check(
            name: "activities_game_version",
            expression: "game_version IS NULL OR (length(game_version) = \(GameVersionRule.length) AND \(digits))")
    }

    /// `activities`' times, each a finite number: a student's own attempt that started at
    /// `Infinity` would sort before every real one (the attempt resumed, the report's order).
    /// PostgreSQL's `025-finite-attempt-times` adds it, the shared store's; a SQLite store is one
    /// person's file, whose readers clamp what they read (``ISO8601``). EduJam never writes a time
    /// it refuses: ``SafeNumbers/date(_:)`` bounds the store's clock.
    static func activityTimes(_ dialect: Dialect) -> Check {
        let sql = SQL(dialect)
        return Check(
            name: "activities_times",
            expression: "\(sql.finite("created_at")) AND \(sql.finite("started_at")) AND "
                + "(\(sql.optional("ended_at", sql.finite("ended_at")))) AND \(sql.finite("saved_at"))")
    }

    /// `activities`' texts that no other check bounds, by their UTF-8 bytes: the owner's host and
    /// start (``RunOwner/hostBytes``, ``RunOwner/startBytes``) and the progress ranges' JSON
    /// (``rangesBytes``). Every reader of a class's attempts reads the owner, so a student's own
    /// attempt holding megabytes there cost the teacher's report as much. PostgreSQL's
    /// `026-attempt-text-bounds` adds it, as ``activityTimes(_:)``.
    static func activityTexts(_ dialect: Dialect) -> Check {
        let sql = SQL(dialect)
        return Check(
            name: "activities_texts",
            expression: "(\(sql.optional("owner_host", "\(sql.bytes("owner_host")) <= \(RunOwner.hostBytes)"))) AND "
                + "(\(sql.optional("owner_start", "\(sql.bytes("owner_start")) <= \(RunOwner.startBytes)"))) AND "
                + "\(sql.bytes("ranges")) <= \(rangesBytes)")
    }

    /// The most bytes ``ProgressRanges/json`` writes: ``Limits/progressRanges`` ranges of two
    /// numbers of at most 24 characters each (a number in 0...1 is at most 17 digits, a point and
    /// an exponent of three: 23), in brackets, separated by commas.
    static let rangesBytes = 2 + Limits.progressRanges * (24 * 2 + 4)

    /// `attempt_events.at`: a finite number, as ``activityTimes(_:)`` (PostgreSQL's
    /// `025-finite-attempt-times`).
    static func eventTime(_ dialect: Dialect) -> Check {
        Check(name: "attempt_events_at", expression: SQL(dialect).finite("at"))
    }

    /// `activity_items`: identifier, title, kind, and each kind's value (``ScoreRule``: `maxScore > 0`,
    /// `0 <= score <= maxScore`; numbers finite; a binary item's value type).
    package static func activityItems(_ dialect: Dialect) -> [Check] {
        let sql = SQL(dialect)
        let flag = dialect == .sqlite ? "flag IN (0, 1)" : "flag IS NOT NULL"
        let valueType = sql.oneOf("value_type", BinaryValueType.allCases.map { sql.quoted($0.rawValue) })
        let values = ItemKind.allCases.map { kind -> String in
            switch kind {
            case .quantity: return "kind = 'quantity' AND \(sql.finite("quantity"))"
            case .binary: return "kind = 'binary' AND \(flag) AND \(valueType)"
            case .score:
                return
                    "kind = 'score' AND \(sql.finite("max_score")) AND max_score > 0 AND score BETWEEN 0 AND max_score"
            }
        }
        return [
            Check(
                name: "activity_items_identifier",
                expression: sql.identifier("identifier", maxBytes: Limits.itemIdentifierBytes)),
            Check(name: "activity_items_title", expression: sql.text("title", Limits.title)),
            Check(
                name: "activity_items_kind",
                expression: sql.oneOf("kind", ItemKind.allCases.map { sql.quoted($0.rawValue) })),
            Check(name: "activity_items_value", expression: values.map { "(\($0))" }.joined(separator: " OR ")),
        ]
    }

    /// `attempt_events.sequence` below ``Limits/eventsPerAttempt``, on PostgreSQL only
    /// (``PGMigrations/eventsPerAttempt``): what bounds how many events one attempt holds.
    static var eventSequence: Check {
        Check(name: "attempt_events_sequence_bound", expression: "sequence < \(Limits.eventsPerAttempt)")
    }

    /// `attempt_events`: kind, progress within 0...1, outcome. The time is ``eventTime(_:)``'s, on
    /// PostgreSQL only.
    package static func attemptEvents(_ dialect: Dialect) -> [Check] {
        let sql = SQL(dialect)
        return [
            Check(
                name: "attempt_events_kind",
                expression: sql.oneOf("kind", AttemptEvent.Kind.allCases.map { sql.quoted($0.rawValue) })),
            Check(name: "attempt_events_sequence", expression: "sequence >= 0"),
            Check(name: "attempt_events_progress", expression: "progress IS NULL OR progress BETWEEN 0 AND 1"),
            Check(
                name: "attempt_events_outcome",
                expression: sql.optional(
                    "outcome", sql.oneOf("outcome", storedOutcomes.map { sql.quoted($0.rawValue) }))),
        ]
    }

    /// The most bytes a context's keywords take as JSON: every keyword at its byte cap with each
    /// byte escaped (`\u0001`, 6 bytes), quoted, separated by commas, in brackets.
    static let keywordsBytes = Limits.keywordCount * (Limits.keyword.bytes * 6 + 3) + 2

    /// The most bytes a context's path takes as JSON: ``Limits/depth`` identifiers, each at its byte
    /// cap with each byte escaped.
    static let pathBytes = Limits.depth * (Limits.contextIdentifierBytes * 6 + 3) + 2

    /// The message a refused item count raises on both engines.
    static let itemCountMessage = "an attempt holds at most \(itemsPerAttempt) items"

    /// The expressions both dialects build from.
    private struct SQL {
        let dialect: Dialect

        init(_ dialect: Dialect) { self.dialect = dialect }

        /// The largest finite double: `BETWEEN -x AND x` is false for NaN and both infinities on
        /// both engines (and for text stored in a SQLite `REAL` column).
        static let largestDouble = "1.7976931348623157e308"

        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

        func bytes(_ column: String) -> String {
            dialect == .sqlite ? "length(CAST(\(column) AS BLOB))" : "octet_length(\(column))"
        }

        /// On PostgreSQL the bounds are typed `float8`: untyped, the literal reads as a 309-digit
        /// `numeric`, which every statement that checks the row converts to `float8` again, a
        /// `strtod` of 309 digits each (``PGMigrations/itemValuesAsFloat8``).
        func finite(_ column: String) -> String {
            let bound = dialect == .sqlite ? Self.largestDouble : "'\(Self.largestDouble)'::float8"
            return "\(column) BETWEEN -\(bound) AND \(bound)"
        }

        func oneOf(_ column: String, _ values: [String]) -> String {
            "\(column) IN (\(values.joined(separator: ", ")))"
        }

        func optional(_ column: String, _ check: String) -> String { "\(column) IS NULL OR \(check)" }

        /// Not empty and within the limit's bytes (its character cap is the reader's to check).
        func text(_ column: String, _ limit: TextLimit) -> String {
            "\(column) <> '' AND \(bytes(column)) <= \(limit.bytes)"
        }

        /// ``IdentifierRule`` in SQL: 1 to `maxBytes` bytes, no control character (C0, DEL).
        func identifier(_ column: String, maxBytes: Int) -> String {
            let forbidden: String
            switch dialect {
            case .sqlite:
                // A GLOB class of the controls ``IdentifierRule`` refuses (C0 and DEL), built with
                // char() so the schema's text holds no raw control character.
                let codes = (Array(0x01...0x1F) + [0x7F]).map(String.init).joined(separator: ", ")
                forbidden = "\(column) NOT GLOB ('*[' || char(\(codes)) || ']*')"
            case .postgresql:
                forbidden = "\(column) !~ '[\\x01-\\x1f\\x7f]'"
            }
            return "\(bytes(column)) BETWEEN 1 AND \(maxBytes) AND \(forbidden)"
        }

        /// A JSON array of `count` elements, within `bytes` when given.
        func jsonArray(_ column: String, count: ClosedRange<Int>, bytes limit: Int? = nil) -> String {
            let size = limit.map { " AND \(bytes(column)) <= \($0)" } ?? ""
            switch dialect {
            case .sqlite:
                return "json_valid(\(column)) AND json_type(\(column)) = 'array' AND json_array_length(\(column)) "
                    + "BETWEEN \(count.lowerBound) AND \(count.upperBound)\(size)"
            case .postgresql:
                // An invalid JSON text fails the cast: refused all the same.
                return "jsonb_typeof(\(column)::jsonb) = 'array' AND jsonb_array_length(\(column)::jsonb) "
                    + "BETWEEN \(count.lowerBound) AND \(count.upperBound)\(size)"
            }
        }
    }
}
