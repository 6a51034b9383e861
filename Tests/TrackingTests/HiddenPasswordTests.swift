import Foundation
import Testing

@testable import Tracking

/// A connection string's password never reaches a message, whatever libpq says about it.
@Suite struct HiddenPasswordTests {
    /// libpq's parser quotes the bad part; none of its messages may carry the password.
    @Test func libpqsOwnMessagesAreScrubbed() {
        for conninfo in [
            "postgresql://ana:Sup3rSecretPW@[::1/edujam", "postgresql://ana:Sup3r%ZZSecretPW@localhost/edujam",
            "postgres://ana:Sup3rSecretPW@localhost/edujam?sslmod=require",
            "postgresql://ana@localhost/edujam?password=Sup3rSecretPW&bogus=1",
            "host=localhost password='Sup3r Secret\\'PW' bogus",
        ] {
            #expect { try PGConnection.connectionParameters(conninfo: conninfo, environment: [:]) } throws: { error in
                let message = "\(error)"
                return message.hasPrefix("invalid PostgreSQL connection string: ") && !message.contains("Sup3r")
                    && !message.contains("SecretPW")
            }
        }
    }

    @Test func everyFormOfThePasswordIsHidden() {
        let url = "postgresql://ana:Sup3r%41SecretPW@db.school.example/edujam"
        #expect(
            HiddenPassword.scrub("bad: \"\(url)\" (Sup3rASecretPW)", of: url)
                == "bad: \"postgresql://ana:********@db.school.example/edujam\" (********)")
        #expect(
            HiddenPassword.shown("host=db password = 'a b\\'c' user=ana") == "host=db password = '********' user=ana")
        #expect(HiddenPassword.shown("postgresql://ana@db/edujam") == "postgresql://ana@db/edujam")
    }
}
