import Foundation
import Testing

/// Every statement `edujam export --xapi` writes passes Ralph's strict xAPI model
/// (`BaseXapiStatement.model_validate`, through `Fixtures/lrs/validate_statements.py`): the LRS's
/// HTTP endpoint is too lax to tell.
@Suite(.enabled(if: RalphLRS.isAvailable, RalphLRS.skipReason))
struct XAPIValidationTests {
    @Test func theShippedGamesStatementsAreValidXAPI() throws {
        let cli = Edujam()
        defer { cli.remove() }
        try Plays.mathJam(cli, student: "ana", .perfect)
        try Plays.mathJam(cli, student: "ana", .poor, level: "LEVEL-2")
        try Plays.mathJam(cli, student: "ben", .quit, level: "LEVEL-3")
        try Plays.wordJam(cli, student: "ana", .perfect)
        try Plays.wordJam(cli, student: "ben", .poor, level: "LEVEL-2")
        try Plays.wordJam(cli, student: "cy", .quit, level: "LEVEL-3")
        // An attempt that recorded the version of the game it ran carries it as a context
        // extension; one from before versions were recorded (ben's, cy's) carries none.
        let version = "3f2a9c01d2e4" + String(repeating: "0", count: 52)
        try OldStore.execute(
            cli.store, "UPDATE activities SET game_version = CASE WHEN student = 'ana' THEN ? END", [version])
        let statements = try Plays.exported(cli)
        #expect(
            Set(statements.map(Plays.verb)).isSuperset(of: [
                "initialized", "progressed", "passed", "failed", "completed", "terminated",
            ]))
        for statement in statements {
            let student = (statement["actor"] as? [String: Any])?["name"] as? String
            let extensions = (statement["context"] as? [String: Any])?["extensions"] as? [String: String]
            #expect(extensions == (student == "ana" ? ["urn:edujam:extension:game-version": version] : nil))
        }
        try expectValid(statements)
    }

    @Test func theQuizStatementsAreValidXAPI() throws {
        let cli = Edujam()
        defer { cli.remove() }
        // a pause, then all right
        try Plays.play(cli, Plays.quiz + ["--student", "ana"], "paris\nbreak\n\nrome\nmadrid\n")
        // wrong twice, leaves on a break
        try Plays.play(cli, Plays.quiz + ["--student", "ben"], "lyon\nmilan\nbreak\n")
        try Plays.play(cli, Plays.quiz + ["--student", "cy"], "lyon\nmilan\nsevilla\n")  // all wrong: failed
        try Plays.play(cli, Plays.quiz + ["--student", "dee"], "paris\n")  // leaves mid-quiz
        let statements = try Plays.exported(cli, Plays.quizGames)
        #expect(
            Set(statements.map(Plays.verb)) == [
                "initialized", "progressed", "suspended", "resumed", "scored", "passed", "failed", "completed",
                "terminated",
            ])
        try expectValid(statements)
    }

    /// The validator is not a rubber stamp: the faults Ralph's HTTP endpoint lets through are caught.
    @Test func theValidatorRefusesWhatTheStandardForbids() throws {
        let cli = Edujam()
        defer { cli.remove() }
        try Plays.play(cli, Plays.quiz + ["--student", "ana"], "paris\nrome\nmadrid\n")
        var statements = try Plays.exported(cli, Plays.quizGames)
        let scored = try #require(statements.firstIndex { Plays.verb($0) == "scored" })
        statements[scored]["result"] = ["score": ["scaled": 1.5, "raw": 3, "min": 0, "max": 3]]
        var context = try #require(statements[0]["context"] as? [String: Any])
        context["registration"] = "attempt-1"
        statements[0]["context"] = context
        let result = try validate(statements)
        #expect(result.status == 1)
        #expect(result.output.contains("result.score.scaled: Input should be less than or equal to 1"))
        #expect(result.output.contains("context.registration: Input should be a valid UUID"))
        #expect(result.output.hasSuffix("2 of \(statements.count) statements invalid\n"))
    }

    func expectValid(_ statements: [[String: Any]], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try validate(statements)
        #expect(result.status == 0, "\(result.output)", sourceLocation: sourceLocation)
        #expect(result.output == "\(statements.count) statements valid\n", sourceLocation: sourceLocation)
    }

    func validate(_ statements: [[String: Any]]) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-statements-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try JSONSerialization.data(withJSONObject: statements).write(to: file)
        return try RalphLRS.runTool(
            RalphLRS.python!, [RalphLRS.fixtures.appendingPathComponent("validate_statements.py").path, file.path])
    }
}
