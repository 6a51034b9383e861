import Foundation
import Testing

/// Ctrl-C while the game waits for an answer: the attempt is saved as quit, exit 130.
@Suite struct InterruptTests {
    @Test func ctrlCSavesTheRunAndExits130() throws {
        let cli = Edujam()
        defer { cli.remove() }
        let process = Process()
        process.executableURL = Edujam.binary
        process.arguments = ["play", "games/math-jam", "--level", "LEVEL-1", "--seed", "5", "--student", "eve"]
        process.currentDirectoryURL = Edujam.root
        var environment = ProcessInfo.processInfo.environment
        environment["EDUJAM_STORE"] = cli.store
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("0\n".utf8))  // one answer, then the student waits
        var seen = ""
        let deadline = Date().addingTimeInterval(20)
        while !seen.contains("Question 2 of 10"), Date() < deadline {
            seen += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }
        Thread.sleep(forTimeInterval: 0.2)  // let it reach the read of the second answer
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let run = try #require(try cli.runs().first { $0["student"] as? String == "eve" })
        #expect(run["outcome"] as? String == "quit")
        #expect(run["progress"] as? Double ?? 0 >= 0.1, "the first answer is kept, as progress")
    }
}
