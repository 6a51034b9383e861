import Foundation

/// When a row counts as met: a bound on EduJam's own value, on its ratio to
/// the reference, or both.
struct Target: Sendable {
    var maxValue: Double?
    var maxRatio: Double?
    /// What the row also checks, in words (`no loss, no error`): a row whose check fails throws
    /// and shows `failed` with the reason instead of a value.
    var checks: String?

    var description: String {
        let parts = [maxValue.map { "<= \(format($0))" }, maxRatio.map { "ratio <= \(format($0))" }, checks]
        let text = parts.compactMap { $0 }.joined(separator: ", ")
        return text.isEmpty ? "-" : text
    }

    func isMet(value: Double, ratio: Double?) -> Bool {
        if let maxValue, value > maxValue { return false }
        if let maxRatio, let ratio, ratio > maxRatio { return false }
        return true
    }
}

/// One line of the report.
struct Measurement: Sendable {
    var name: String
    var reference: Double?
    var edujam: Double?
    var unit: String
    /// `nil` means edujam / reference; rows that interleave give the paired ratios,
    /// whose median is the ratio and whose spread says whether it can be judged.
    var paired: PairedRatio?
    var target: Target
    /// Why a value is missing, or what else was seen.
    var note: String?

    var ratio: Double? {
        if let paired { return paired.median }
        guard let reference, let edujam, reference > 0 else { return nil }
        return edujam / reference
    }

    /// `nil` when nothing was measured.
    var met: Bool? {
        guard let edujam else { return nil }
        return target.isMet(value: edujam, ratio: ratio)
    }

    /// What the `met` column says: `yes`, `NO`, or `noisy` when the ratio's spread is over
    /// ``PairedRatio/maxSpread`` and the target would be met at one end of it and not at
    /// the other (median × (1 ± spread)): too wide to tell which side of the target the row is on.
    var verdict: String {
        guard let met, let edujam else { return "-" }
        if let paired, paired.isTooNoisy {
            let low = target.isMet(value: edujam, ratio: paired.median * (1 - paired.spread))
            let high = target.isMet(value: edujam, ratio: paired.median * (1 + paired.spread))
            if low != high { return "noisy" }
        }
        return met ? "yes" : "NO"
    }

    /// A row that is not measured (yet), with the reason.
    static func placeholder(_ name: String, unit: String, target: Target, note: String) -> Measurement {
        Measurement(name: name, unit: unit, target: target, note: note)
    }
}

/// Three significant digits, without exponent for the sizes we print.
func format(_ value: Double) -> String {
    let magnitude = abs(value)
    if magnitude >= 100 || magnitude == 0 { return String(format: "%.0f", value) }
    if magnitude >= 10 { return String(format: "%.1f", value) }
    if magnitude >= 1 { return String(format: "%.2f", value) }
    return String(format: "%.3g", value)
}

/// Two decimals; two significant digits below 0.1, so a ratio such as the playthroughs'
/// (0.0069 against a target of 0.01) does not print as 0.01.
func formatRatio(_ ratio: Double) -> String {
    String(format: abs(ratio) < 0.1 && ratio != 0 ? "%.2g" : "%.2f", ratio)
}

/// The aligned table, then the notes, one line each, ending in a newline.
func tableText(_ rows: [Measurement]) -> String {
    let header = ["row", "reference", "edujam", "unit", "ratio", "spread", "target", "met"]
    let lines = rows.map { row in
        [
            row.name, row.reference.map(format) ?? "-", row.edujam.map(format) ?? "-", row.unit,
            row.ratio.map(formatRatio) ?? "-",
            row.paired.map { String(format: "%.3f", $0.spread) } ?? "-", row.target.description, row.verdict,
        ]
    }
    let widths = header.indices.map { column in
        ([header] + lines).map { $0[column].count }.max() ?? 0
    }
    let numeric: Set<Int> = [1, 2, 4, 5]  // right-aligned so digits line up
    var text = ""
    for line in [header] + lines {
        let cells = line.indices.map { column -> String in
            let padding = String(repeating: " ", count: widths[column] - line[column].count)
            return numeric.contains(column) ? padding + line[column] : line[column] + padding
        }
        text += cells.joined(separator: "  ") + "\n"
    }
    let notes = rows.filter { $0.note != nil }
    if !notes.isEmpty { text += "\n" }
    for row in notes { text += "\(row.name): \(row.note!)\n" }
    return text
}

/// The results file (`--results`, bench/RESULTS.md): the table and the machine line as the run
/// printed them, in a fence, under a heading that says how the file is made. Each run replaces it.
func resultsDocument(_ rows: [Measurement], machine: String, options: Options) -> String {
    let date = ISO8601DateFormatter().string(from: Date())
    let run = ["edujam-bench"] + (options.quick ? ["--quick"] : []) + (options.only.map { ["--only", $0] } ?? [])
    return """
        # Benchmark results

        Written by `\(run.joined(separator: " ")) --results` on \(date) (`make bench` runs every row
        and writes bench/RESULTS.md); each run replaces this file. bench/README.md says what each row
        measures and why its target is what it is.

        ```
        \(tableText(rows))
        \(machine)
        ```

        """
}

/// The JSON document: {"rows": [...], "machine": {...}}.
func printJSON(_ rows: [Measurement], machine: [String: String]) throws {
    let list: [[String: Any]] = rows.map { row in
        var object: [String: Any] = [
            "name": row.name, "unit": row.unit, "target": row.target.description,
            "reference": row.reference ?? NSNull(), "edujam": row.edujam ?? NSNull(),
            "ratio": row.ratio ?? NSNull(), "spread": row.paired?.spread ?? NSNull(),
            "met": row.met ?? NSNull(), "verdict": row.verdict,
        ]
        if let note = row.note { object["note"] = note }
        return object
    }
    let document: [String: Any] = ["rows": list, "machine": machine]
    let data = try JSONSerialization.data(
        withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    print(String(decoding: data, as: UTF8.self))
}

/// What the numbers were measured on; ratios travel between machines, absolute times do not.
func machineDescription(_ context: Context) -> [String: String] {
    func firstLine(_ path: String, prefix: String = "") -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix(prefix) }
        return line.map {
            String($0.split(separator: ":", maxSplits: 1).last ?? $0).trimmingCharacters(in: .whitespaces)
        }
    }
    var info = utsname()
    uname(&info)
    let kernel = withUnsafeBytes(of: &info.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return [
        "cpu": firstLine("/proc/cpuinfo", prefix: "model name") ?? "unknown",
        "cores": String(ProcessInfo.processInfo.activeProcessorCount),
        "kernel": kernel,
        "loadavg": firstLine("/proc/loadavg").map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
            ?? "unknown",
        "build": "swift build -c release, edujam-bench with -Ounchecked",
        "reference": "Lua 5.4.4 (Debian lua5.4 interpreter; liblua5.4.a linked statically in process)",
        "mode": context.options.quick ? "quick" : "full",
        "roundsCPU": Affinity.benchCPU.map(String.init) ?? "any",  // see Affinity
    ]
}
