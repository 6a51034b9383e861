import Foundation
import Glibc
import Testing

/// A hostile game cannot make the host copy or print without bound: checked on the real
/// binary, by its peak resident memory and by what reaches the terminal.
@Suite struct HostMemoryTests {
    /// Each game holds 300 references to one 4 MiB string where the host takes a value:
    /// `choose`'s options, an `ask` prompt, play's returned values, the declaration's keywords.
    @Test(arguments: ["copies-options", "copies-prompt", "copies-result", "copies-keywords"])
    func aSharedStringIsNotCopiedPerReference(_ game: String) throws {
        let cli = Edujam()
        defer { cli.remove() }
        let folder = Edujam.root.appendingPathComponent("Tests/CLITests/Fixtures/hostile/\(game)").path
        let run = try Self.peakMemory(of: ["play", folder, "--student", "ana"], store: cli.store)
        #expect(run.status == 1, "the run fails, saying what was too large")
        // The Lua state may hold 32 MiB; the refused copy at most 8 MiB more. Unbudgeted, this was 1.2 to 3.7 GB.
        // Linux starts a posix_spawn'd child's peak at its parent's (the exec replaces the parent's
        // shared memory map and keeps its high-water mark), so the bound allows for this test
        // process's own peak: a copy per reference (gigabytes) is far above either.
        #expect(run.peakKiB < max(256 << 10, Self.ownPeakKiB() + (32 << 10)), "peak resident memory \(run.peakKiB) KiB")
        let result = try cli.run(["play", folder, "--student", "ana"])
        #expect(result.error.contains("value too large: "), "\(result.error.prefix(500))")
    }

    @Test func aPromptFloodStopsAtTheOutputBudget() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let result = try cli.run(
            ["play", "Tests/CLITests/Fixtures/hostile/prompt-flood", "--student", "ana"],
            input: String(repeating: "1\n", count: 2000))
        #expect(result.status == 1)
        #expect(result.error.contains("output limit exceeded (1048576 bytes)"), "\(result.error.prefix(500))")
        #expect(result.output.utf8.count <= (1 << 20) + (4 << 10), "\(result.output.utf8.count) bytes printed")
    }

    /// This process's own peak resident memory, KiB.
    static func ownPeakKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }

    /// Runs the built binary with every standard stream on /dev/null, and returns its exit status
    /// and its own peak resident memory (`ru_maxrss` from `wait4`, which reports that child alone).
    static func peakMemory(of arguments: [String], store: String) throws -> (status: Int32, peakKiB: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var environment = ProcessInfo.processInfo.environment
        environment["EDUJAM_STORE"] = store
        let argv = ([Edujam.binary.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, Edujam.binary.path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : -1, Int(usage.ru_maxrss))
    }
}
