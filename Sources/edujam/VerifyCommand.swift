import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import Playtest
import ReportText
import Runtime
import School
import Tracking

/// `edujam verify`: ended attempts played again from their replay records and the stored game
/// versions, what the replays report compared with what was saved (its options: ``declaration``;
/// the work: ``AttemptVerifier``).
enum VerifyCommand: Command {
    static let declaration = VerifyOptions.declaration

    /// The JSON document: `{"checks": [AttemptCheck]}`, in the order the lines are printed.
    struct Document: Encodable {
        let checks: [AttemptCheck]
    }

    static func run(_ words: [String]) throws -> ExitStatus {
        let options = try VerifyOptions(words)
        let context = try StoreContext(options.common, reading: true)
        defer { Output.unreadable(context.store.unreadableRows) }
        return try context.suggestingNames { try verify(options, context) }
    }

    private static func verify(_ options: VerifyOptions, _ context: StoreContext) throws -> ExitStatus {
        let store = context.store
        let identity = try store.identity()
        let (scope, stores) = try VerifyScope.of(
            identity, className: options.className, assignment: options.assignment, student: options.student)
        if let student = scope.student { try store.checkStudentName(student) }
        let runs = try scope.attempts(in: store)
        let results = try AttemptVerifier(store: store, jobs: options.jobs).check(runs)
        if stores, !results.isEmpty {
            // The replays read at the read address (a standby, maybe); the checks are written to the store.
            let writer = context.atReadAddress ? try StoreContext(options.common).store : store
            let unstored = try writer.recordChecks(results, by: Identity.publisher(identity: identity)).count
            if unstored > 0 {
                Output.error(
                    "edujam verify: \(unstored) check\(unstored == 1 ? "" : "s") not stored: the attempt\(unstored == 1 ? " counts" : "s count") for no assignment of a class of yours (docs/classroom.md, \"Who can see what\")"
                )
            }
        }
        let now = ISO8601DateFormatter().string(from: Date())
        let checks = results.map { run, result in
            AttemptCheck(
                id: run.id, uuid: run.uuid, student: run.student, identifierPath: run.identifierPath,
                state: result.state, difference: result.difference, checkedAt: now)
        }
        if options.json {
            try Output.json(Document(checks: checks))
        } else {
            if !checks.isEmpty { Output.line(CheckTable.render(checks, width: Format.columns)) }
            Output.line("verify: " + (CheckState.counts(checks.map(\.state)) ?? "no ended attempts to check"))
        }
        return checks.contains { $0.state == .mismatch } ? .failure : .success
    }
}
