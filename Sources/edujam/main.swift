import Classroom
import DeclaredCommands
import EdujamCommandLine
import Foundation
import Runtime
import Sandbox
import School
import Tracking

/// edujam: dispatches a command (``CommandRegistry``) and maps every outcome to an exit status, here and only here.
@MainActor func main() -> ExitStatus {
    Sandbox.setLastResort(exitStatus: ExitStatus.scriptDidNotStop.rawValue) { report in
        Output.error("edujam: \(report)")
    }
    let words = Array(CommandLine.arguments.dropFirst())
    guard let name = words.first, name != "--help", name != "-h", name != "help" else {
        Output.line(Help.overview(of: .edujam))
        return words.isEmpty ? .usage : .success
    }
    if name == "--version" {
        Output.line("edujam \(edujamVersion)")
        return .success
    }
    if name == GameJobs.command { return gameChild(Array(words.dropFirst())) }
    if let made = MadeFiles.run(name, Array(words.dropFirst())) { return made }
    guard let command = CommandRegistry.command(named: name) else {
        let names = Program.edujam.commands.map(\.name)
        Output.error(
            "edujam: unknown command '\(name)'\(Suggest.hint(for: name, among: names))\n\n\(Help.overview(of: .edujam))"
        )
        return .usage
    }
    let rest = Array(words.dropFirst())
    let usage = Help.command(command.declaration, of: .edujam)
    if rest.contains("--help") || rest.contains("-h") {
        Output.line(usage)
        return .success
    }
    do {
        return try command.run(rest)
    } catch let error as UsageError {
        Output.error("edujam \(name): \(error)\n\n\(usage)")
        return .usage
    } catch let error as StoreLocationError {  // where the store is, as the command line and environment said it
        Output.error("edujam \(name): \(error)\n\n\(usage)")
        return .usage
    } catch let error as GameWordError {  // the game named on the command line names none
        Output.error("edujam \(name): \(error)\n\n\(usage)")
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

/// `edujam __game JOB`: a child process's share of a command's work (``GameJobs``), its progress
/// line shown as `test`'s own.
@MainActor func gameChild(_ words: [String]) -> ExitStatus {
    let progress = Progress()
    let shown: (String?) -> Void = { text in
        if let text { progress.show(text) } else { progress.clear() }
    }
    switch GameJobs.child(words, progress: shown) {
    case .answered: return .success
    case .failed(let reason):
        Output.error("edujam: \(reason)")
        return .failure
    case .notAJob:
        Output.error("edujam: \(GameJobs.command) is not for people")
        return .usage
    }
}

exit(main().rawValue)
