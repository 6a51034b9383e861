/// Test results as JUnit XML, for CI systems that show test reports.
public enum JUnitWriter {
    /// One `<testsuite>` per game, one `<testcase>` per result, `<failure>` with the message.
    public static func xml(_ outcomes: [TestOutcome]) -> String {
        var games: [String] = []
        for outcome in outcomes where !games.contains(outcome.game) { games.append(outcome.game) }
        let failures = outcomes.filter { !$0.passed }.count
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"edujam test\" tests=\"\(outcomes.count)\" failures=\"\(failures)\">",
        ]
        for game in games {
            let mine = outcomes.filter { $0.game == game }
            let time = mine.reduce(0) { $0 + $1.seconds }
            lines.append(
                "  <testsuite name=\"\(escape(game))\" tests=\"\(mine.count)\" failures=\"\(mine.filter { !$0.passed }.count)\" time=\"\(seconds(time))\">"
            )
            for outcome in mine {
                let open =
                    "    <testcase classname=\"\(escape(game))\" name=\"\(escape(outcome.name))\" time=\"\(seconds(outcome.seconds))\""
                if let failure = outcome.failure {
                    let first = failure.split(separator: "\n").first.map(String.init) ?? failure
                    lines.append(open + ">")
                    lines.append("      <failure message=\"\(escape(first))\">\(escape(failure))</failure>")
                    lines.append("    </testcase>")
                } else {
                    lines.append(open + "/>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// XML-escapes text, and drops control characters XML 1.0 cannot hold (fuzz inputs have them).
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    private static func seconds(_ value: Double) -> String {
        String(Double(Int(value * 1000)) / 1000)
    }
}
