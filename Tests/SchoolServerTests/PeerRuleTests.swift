import Testing

@testable import SchoolServer

/// The `pg_hba.conf` line `server setup` adds goes only where it asks at least as much as the rule
/// it comes before (``PeerRule``).
@Suite struct PeerRuleTests {
    @Test func debiansDefaultRulesAlreadyLetLocalLoginsInByPeer() {
        let debian = """
            # Database administrative login by Unix domain socket
            local   all             postgres                                peer
            local   all             all                                     peer
            host    all             all             127.0.0.1/32            scram-sha-256
            """
        #expect(PeerRule.decide(debian, database: "edujam") == .present)
    }

    @Test func thePeerLineGoesAboveTrustAtTheFirstRule() {
        let trusting = "# comment\n\nlocal all all trust\nhost all all 127.0.0.1/32 trust\n"
        #expect(PeerRule.decide(trusting, database: "edujam") == .insert(before: 2))
        let added = PeerRule.inserting(into: trusting, before: 2, database: "edujam")
        #expect(added.contains("\nlocal   edujam   all   peer\nlocal all all trust\n"))
        #expect(PeerRule.decide(added, database: "edujam") == .present)
    }

    @Test func aRuleThatAsksForMoreIsNeverOverridden() {
        for method in ["scram-sha-256", "md5", "reject", "pam"] {
            let file = "local all postgres peer\nlocal edujam,other all \(method)\nlocal all all peer\n"
            #expect(
                PeerRule.decide(file, database: "edujam")
                    == .stricter(line: 2, text: "local edujam,other all \(method)"))
        }
        #expect(PeerRule.decide("local other all md5\nlocal all all peer\n", database: "edujam") == .present)
    }
}
