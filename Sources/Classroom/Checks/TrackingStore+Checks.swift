import Foundation
import Tracking

extension TrackingStore {
    /// Stores what `verify` found for each attempt (replacing an earlier check of it), with the
    /// fingerprint of the saved results it checked, in one transaction.
    ///
    /// On a school server only the owner and, for an attempt that counts for an assignment of a
    /// class of theirs, that class's teacher may (``GameOwners``); a student's login is refused by
    /// the database (``CheckTables``). A teacher's checks of other attempts are not stored.
    /// - Parameters:
    ///   - checks: Each checked attempt, as read, with what checking it found.
    ///   - checker: Who checked (the login, or the Unix user on a store file).
    /// - Returns: The attempts whose checks were not stored: they count for no class of the teacher's.
    /// - Throws: An engine error; then nothing is stored.
    @discardableResult
    public func recordChecks(_ checks: [(run: RunRecord, result: CheckResult)], by checker: String) throws -> [Int64] {
        let engine = classroom
        let allowed = try engine.checkable(checks.map(\.run.id))
        let rows = checks.filter { allowed?.contains($0.run.id) ?? true }.map { check in
            var result = check.result
            result.difference = result.difference.map { Self.bounded($0, bytes: CheckTables.maxDifferenceBytes) }
            return (attempt: check.run.id, result: result, fingerprint: AttemptComparison.fingerprint(check.run))
        }
        let now = clock().timeIntervalSince1970
        if !rows.isEmpty { try engine.transaction { try engine.writeChecks(rows, by: checker, at: now) } }
        return checks.map(\.run.id).filter { !(allowed?.contains($0) ?? true) }
    }

    /// The stored checks of `runs` (as read now), in their order, leaving out the unchecked: a
    /// check whose fingerprint is not that of the run's saved results has ``CheckState/changed``.
    /// - Throws: An engine error.
    public func checks(of runs: [RunRecord]) throws -> [AttemptCheck] {
        let engine = classroom
        let stored = try engine.transaction(readOnly: true) { try engine.checks(of: runs.map(\.id)) }
        return runs.compactMap { run in
            guard let check = stored[run.id] else { return nil }
            let same = check.fingerprint == AttemptComparison.fingerprint(run)
            return AttemptCheck(
                id: run.id, uuid: run.uuid, student: run.student, identifierPath: run.identifierPath,
                state: same ? check.state : .changed, difference: same ? check.difference : nil,
                checkedAt: ISO8601.string(fromEpoch: check.checkedAt), checkedBy: check.checkedBy)
        }
    }

    /// `text` cut to at most `bytes` UTF-8 bytes on a character boundary, an ellipsis marking the cut.
    static func bounded(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var cut = ""
        for character in text {
            guard cut.utf8.count + character.utf8.count + 3 <= bytes else { break }
            cut.append(character)
        }
        return cut + "…"
    }
}
