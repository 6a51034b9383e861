import Classroom
import Foundation
import Runtime
import Sandbox
import Tracking

/// edujam: dispatches a command and maps every outcome to an exit status, here and only here.
let commands: [String: (usage: String, run: ([String]) throws -> ExitStatus)] = [
    "play": (PlayCommand.usage, PlayCommand.run),
    "report": (ReportCommand.usage, ReportCommand.run),
    "catalog": (CatalogCommand.usage, CatalogCommand.run),
    "class": (ClassCommand.usage, ClassCommand.run),
    "assign": (AssignCommand.usage, AssignCommand.run),
    "inbox": (InboxCommand.usage, InboxCommand.run),
    "done": (DoneCommand.usage, DoneCommand.run),
    "test": (TestCommand.usage, TestCommand.run),
    "fuzz": (FuzzCommand.usage, FuzzCommand.run),
    "new": (NewCommand.usage, NewCommand.run),
    "check": (CheckCommand.usage, CheckCommand.run),
    "export": (ExportCommand.usage, ExportCommand.run),
    "push": (PushCommand.usage, PushCommand.run),
    "sync": (SyncCommand.usage, SyncCommand.run),
    "store": (StoreSchemaCommand.usage, StoreSchemaCommand.run),
]

let overview = """
    usage: edujam <command> [options]

    commands:
      play      play a game in the terminal       edujam play games/math-jam
      report    list attempts, or review a class  edujam report --class 3B
      catalog   list (and --publish) activities   edujam catalog --search addition
      class     create classes, add students      edujam class create 3B
      assign    assign activities to a class      edujam assign --class 3B --title Sums MATH-JAM/LEVEL-1
      inbox     a student's assignments           edujam inbox --student ana
      done      mark work done                    edujam done 1 --student ana
      test      run the games' transcripts, bots  edujam test
      fuzz      play a game with random input     edujam fuzz games/math-jam --runs 10000
      new       start a game that already plays   edujam new my-quiz --topic math
      check     find mistakes, with hints         edujam check games/my-quiz
      export    xAPI statements for an LRS        edujam export --xapi --since 2026-11-01
      push      send new statements to an LRS     edujam push --lrs https://lrs.example/xAPI/
      sync      send work kept while offline      edujam sync --store postgresql:///edujam
      store     create or migrate the schema      edujam store migrate --store postgresql:///edujam

    Run `edujam <command> --help` for a command's options, `edujam --version` for the version.
    Docs: README.md, docs/ (installed: PREFIX/share/doc/edujam).
    """

@MainActor func main() -> ExitStatus {
    Sandbox.setLastResort(exitStatus: ExitStatus.scriptDidNotStop.rawValue) { report in
        Output.error("edujam: \(report)")
    }
    let words = Array(CommandLine.arguments.dropFirst())
    guard let name = words.first, name != "--help", name != "-h", name != "help" else {
        Output.line(overview)
        return words.isEmpty ? .usage : .success
    }
    if name == "--version" {
        Output.line("edujam \(edujamVersion)")
        return .success
    }
    if name == GameProcess.command { return GameJobs.child(Array(words.dropFirst())) }
    guard let command = commands[name] else {
        Output.error(
            "edujam: unknown command '\(name)'\(Suggest.hint(for: name, among: Array(commands.keys)))\n\n\(overview)")
        return .usage
    }
    let rest = Array(words.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
        Output.line(command.usage)
        return .success
    }
    do {
        return try command.run(rest)
    } catch let error as UsageError {
        Output.error("edujam \(name): \(error)\n\n\(command.usage)")
        return .usage
    } catch let error as TrackingError {
        Output.error("edujam \(name): \(error.forPeople)")
        return .failure
    } catch let error as ClassroomError {
        Output.error("edujam \(name): \(error.forPeople)")
        return .failure
    } catch let kept as RefusedAttemptKept {
        Output.error("edujam \(name): \(kept.saying(kept.reason.forPeople))")
        return .failure
    } catch {
        Output.error("edujam \(name): \(error)")
        return .failure
    }
}

extension TrackingError {
    /// The store's own messages leave student names out (they may end up in logs);
    /// the person at the terminal typed the name, so it is shown back to them. A school
    /// server's refusal is said without the statement's text: SQL is the developer's (the
    /// server's log has it), and a student at a terminal gets what was refused and why.
    var forPeople: String {
        switch self {
        case .postgresql(let state, let message, _):
            return "the school's PostgreSQL server refused it: \(message) (SQLSTATE \(state))"
        case .partialFailure(let refused):
            let count = refused.count == 1 ? "1 change" : "\(refused.count) changes"
            return "save refused \(count) (every other change was saved): "
                + refused.map { "\($0.object): \($0.reason.forPeople)" }.joined(separator: "; ")
        default: return description
        }
    }
}

extension ClassroomError {
    /// As ``TrackingError/forPeople``: the person at the terminal typed the student's name, so
    /// it is shown back to them.
    var forPeople: String {
        switch self {
        case .unknownStudent(let student, let className?):
            return "unknown student '\(student)': not in class '\(className)'"
        case .unknownStudent(let student, nil): return "unknown student '\(student)'"
        default: return description
        }
    }
}

exit(main().rawValue)
