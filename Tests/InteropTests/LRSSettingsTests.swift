import Foundation
import Testing
import Tracking

@testable import Interop

/// Where to push and as whom: the endpoint as typed, credentials from the environment or netrc,
/// and what the store records.
@Suite struct LRSSettingsTests {
    @Test func anEndpointIsNormalizedSoTheSameLRSIsOneKey() throws {
        #expect(try LRSEndpoint("HTTPS://LRS.School.Example:8443/xAPI/").key == "https://lrs.school.example:8443/xAPI")
        #expect(
            try LRSEndpoint("http://127.0.0.1:8100/xAPI").statementsURL.absoluteString
                == "http://127.0.0.1:8100/xAPI/statements")
        #expect(try LRSEndpoint("https://lrs.example").key == "https://lrs.example")
        #expect(try LRSEndpoint("https://LRS.example/x").host == "lrs.example")
    }

    @Test func whatCannotBeAnEndpointSaysWhy() {
        for (text, why) in [
            ("lrs.example", "expected an http(s) URL"), ("ftp://lrs.example/", "the scheme must be http or https"),
            ("https://", "no host name"), ("https://u:p@lrs.example/xAPI", "not in the URL"),
            ("https://lrs.example/xAPI?x=1", "no query or fragment"),
            ("http://lrs.example:0/", "port 0 is out of range"),
        ] {
            #expect { try LRSEndpoint(text) } throws: { error in
                "\(error)".hasPrefix("'\(HiddenPassword.shown(text))' is not an LRS endpoint: ")
                    && "\(error)".contains(why)
            }
        }
    }

    /// A refused URL is repeated with its password hidden, whatever made it wrong.
    @Test func aRefusedEndpointNeverShowsItsPassword() {
        for text in [
            "https://ana:Sup3rSecretPW@lrs.example/xAPI", "https://ana:Sup3rSecretPW@[::1/xAPI",
            "ftp://ana:Sup3r%41SecretPW@lrs.example/", "https://lrs.example/xAPI?password=Sup3rSecretPW",
        ] {
            #expect { try LRSEndpoint(text) } throws: { error in
                "\(error)".contains("is not an LRS endpoint") && !"\(error)".contains("SecretPW")
            }
        }
    }

    @Test func theEnvironmentComesBeforeNetrc() throws {
        let netrc = try Self.file("machine lrs.example login nobody password nothing\n")
        let both = try LRSCredentials.find(
            host: "lrs.example", environment: ["EDUJAM_LRS_USER": "t", "EDUJAM_LRS_PASSWORD": "p", "NETRC": netrc],
            home: "/nonexistent")
        #expect(both == LRSCredentials(user: "t", password: "p"))
        #expect(both?.basicAuthorization == "Basic dDpw")
        #expect(
            try LRSCredentials.find(host: "LRS.example", environment: ["NETRC": netrc], home: "/nonexistent")
                == LRSCredentials(user: "nobody", password: "nothing"))
        #expect(try LRSCredentials.find(host: "lrs.example", environment: [:], home: "/nonexistent") == nil)
        #expect(throws: LRSCredentials.Problem.self) {
            try LRSCredentials.find(
                host: "lrs.example", environment: ["EDUJAM_LRS_PASSWORD": "p"], home: "/nonexistent")
        }
    }

    @Test func netrcEntriesAreMatchedByHostElseDefault() {
        let text = """
            # comments are words too in netrc; they do not get in the way here
            machine other.example login o password op
            macdef init
            machine lrs.example login macro password wrong

            machine LRS.example
                login "teacher one"
                password "p\\"w d"
            default login anyone password any
            """
        #expect(
            Netrc.credentials(in: text, host: "lrs.example") == LRSCredentials(user: "teacher one", password: "p\"w d"))
        #expect(Netrc.credentials(in: text, host: "other.example") == LRSCredentials(user: "o", password: "op"))
        #expect(
            Netrc.credentials(in: text, host: "elsewhere.example") == LRSCredentials(user: "anyone", password: "any"))
        #expect(Netrc.credentials(in: "machine a login x", host: "a") == nil, "no password: no credentials")
    }

    @Test func acceptanceIsRecordedPerLRS() throws {
        let store = try TrackingStore.inMemory(rootIdentifier: "org.edujam.games", rootTitle: "EduJam Games")
        try store.recordAcceptedStatements(["a", "b"], endpoint: "https://one.example/xAPI")
        try store.recordAcceptedStatements(["b", "c"], endpoint: "https://one.example/xAPI")
        try store.recordAcceptedStatements(["z"], endpoint: "https://two.example/xAPI")
        #expect(try store.acceptedStatementIDs(endpoint: "https://one.example/xAPI") == ["a", "b", "c"])
        #expect(try store.acceptedStatementIDs(endpoint: "https://two.example/xAPI") == ["z"])
        #expect(try store.acceptedStatementIDs(endpoint: "https://three.example/xAPI").isEmpty)
    }

    static func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("edujam-netrc-\(UUID())").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
