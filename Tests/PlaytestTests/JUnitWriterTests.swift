import Testing

@testable import Playtest

@Suite struct JUnitWriterTests {
    @Test func writesSuitesCasesAndEscapedFailures() {
        let xml = JUnitWriter.xml([
            TestOutcome(game: "math-jam", name: "a.play: ok", failure: nil, seconds: 0.5),
            TestOutcome(game: "math-jam", name: "a.play: <bad>", failure: "expected \"x\" & \u{1}y\nseen", seconds: 0),
        ])
        #expect(xml.contains("<testsuites name=\"edujam test\" tests=\"2\" failures=\"1\">"))
        #expect(xml.contains("<testcase classname=\"math-jam\" name=\"a.play: ok\" time=\"0.5\"/>"))
        #expect(xml.contains("name=\"a.play: &lt;bad&gt;\""))
        #expect(xml.contains("<failure message=\"expected &quot;x&quot; &amp; \\u{1}y\">"))
    }
}
