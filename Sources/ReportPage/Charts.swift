/// Inline SVG charts. Each scales to its container (a `viewBox` and `width: 100%`), names
/// itself for screen readers (`role="img"` with an `aria-label`), and sits beside a table
/// holding the same numbers, so nothing is only in the picture.
enum Charts {
    static let width = 320.0, height = 130.0
    private static let left = 28.0, right = 8.0, top = 10.0, bottom = 26.0

    /// One bar per bin, its count above it, with an optional marker at the class average.
    /// - Parameters:
    ///   - bins: labels under the bars and the counts.
    ///   - averageAt: where the average falls, 0...1 across the bins' span, if shown.
    static func histogram(
        _ label: String, bins: [(label: String, count: Int)], averageAt: Double? = nil,
        averageLabel: String = ""
    ) -> String {
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let highest = max(bins.map(\.count).max() ?? 0, 1)
        let slot = plotWidth / Double(max(bins.count, 1))
        var parts: [String] = [axis()]
        for (index, bin) in bins.enumerated() {
            let barHeight = plotHeight * Double(bin.count) / Double(highest)
            let x = left + slot * Double(index)
            parts.append(
                #"<rect class="bar" x="\#(f(x + 2))" y="\#(f(top + plotHeight - barHeight))" width="\#(f(slot - 4))" height="\#(f(barHeight))"><title>\#(HTML.text(bin.label)): \#(bin.count)</title></rect>"#
            )
            if bin.count > 0 {
                parts.append(
                    #"<text x="\#(f(x + slot / 2))" y="\#(f(top + plotHeight - barHeight - 2))" text-anchor="middle">\#(bin.count)</text>"#
                )
            }
            parts.append(
                #"<text x="\#(f(x + slot / 2))" y="\#(f(height - 12))" text-anchor="middle">\#(HTML.text(bin.label))</text>"#
            )
        }
        if let averageAt, averageAt.isFinite {
            parts.append(marker(at: left + plotWidth * min(max(averageAt, 0), 1), label: averageLabel))
        }
        return svg(label, parts)
    }

    /// One dot per student along a time axis from 0 to the longest time, with the average marked.
    static func strip(_ label: String, points: [(name: String, seconds: Double)], average: Double) -> String {
        let plotWidth = width - left - right
        let longest = max(points.map(\.seconds).filter(\.isFinite).max() ?? 0, 1)
        let y = top + (height - top - bottom) / 2
        var parts: [String] = [
            #"<line class="axis" x1="\#(f(left))" y1="\#(f(y))" x2="\#(f(left + plotWidth))" y2="\#(f(y))"/>"#,
            #"<text x="\#(f(left))" y="\#(f(height - 12))">0:00</text>"#,
            #"<text x="\#(f(left + plotWidth))" y="\#(f(height - 12))" text-anchor="end">\#(Figures.duration(longest))</text>"#,
        ]
        for (index, point) in points.enumerated() where point.seconds.isFinite {
            let x = left + plotWidth * min(max(point.seconds / longest, 0), 1)
            let jitter = Double(index % 5 - 2) * 6  // spread dots that land on one time
            parts.append(
                #"<circle class="dot" cx="\#(f(x))" cy="\#(f(y + jitter))" r="4"><title>\#(HTML.text(point.name)): \#(Figures.duration(point.seconds))</title></circle>"#
            )
        }
        if average.isFinite, !points.isEmpty {
            parts.append(
                marker(
                    at: left + plotWidth * min(max(average / longest, 0), 1),
                    label: "average \(Figures.duration(average))"))
        }
        return svg(label, parts)
    }

    /// Progress of each attempt in the order they were started, joined by a line.
    static func progressLine(_ label: String, progress: [Double]) -> String {
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let step = progress.count > 1 ? plotWidth / Double(progress.count - 1) : 0
        let points = progress.enumerated().map { index, value in
            (
                left + (progress.count > 1 ? step * Double(index) : plotWidth / 2),
                top + plotHeight * (1 - (value.isFinite ? min(max(value, 0), 1) : 0))
            )
        }
        var parts: [String] = [
            axis(),
            #"<text x="\#(f(left - 3))" y="\#(f(top + 4))" text-anchor="end">100%</text>"#,
            #"<text x="\#(f(left - 3))" y="\#(f(top + plotHeight))" text-anchor="end">0%</text>"#,
            #"<text x="\#(f(left + plotWidth / 2))" y="\#(f(height - 12))" text-anchor="middle">attempts, oldest first</text>"#,
        ]
        if points.count > 1 {
            parts.append(
                #"<polyline class="line" points="\#(points.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " "))"/>"#)
        }
        for (index, point) in points.enumerated() {
            parts.append(
                #"<circle class="dot" cx="\#(f(point.0))" cy="\#(f(point.1))" r="3.5"><title>attempt \#(index + 1): \#(Figures.percent(progress[index]))</title></circle>"#
            )
        }
        return svg(label, parts)
    }

    private static func axis() -> String {
        let baseline = height - bottom
        return
            #"<line class="axis" x1="\#(f(left))" y1="\#(f(baseline))" x2="\#(f(width - right))" y2="\#(f(baseline))"/>"#
    }

    private static func marker(at x: Double, label: String) -> String {
        #"<line class="average" x1="\#(f(x))" y1="\#(f(top - 4))" x2="\#(f(x))" y2="\#(f(height - bottom))"/>"#
            + #"<text class="average-label" x="\#(f(min(max(x, left + 40), width - right - 40)))" y="\#(f(height - 1))" text-anchor="middle">\#(HTML.text(label))</text>"#
    }

    private static func svg(_ label: String, _ parts: [String]) -> String {
        #"<svg class="chart" viewBox="0 0 \#(f(width)) \#(f(height))" role="img" aria-label="\#(HTML.attribute(label))" preserveAspectRatio="xMidYMid meet">"#
            + parts.joined() + "</svg>"
    }

    /// Coordinates with one decimal: small files, no locale.
    private static func f(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }
}
