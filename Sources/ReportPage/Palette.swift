import Foundation

/// The heatmap's colours: one sequential blue scale, light to dark, so progress reads as
/// lightness (safe for red-green colour blindness and in greyscale print); every cell also
/// carries its number, so colour is never the only cue.
enum Palette {
    struct RGB: Equatable {
        var r: Double, g: Double, b: Double

        var hex: String {
            "#"
                + [r, g, b].map { value in
                    let byte = Int((min(max(value, 0), 1) * 255).rounded())
                    return (byte < 16 ? "0" : "") + String(byte, radix: 16)
                }.joined()
        }

        /// WCAG 2 relative luminance.
        var luminance: Double {
            func channel(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
        }

        /// WCAG 2 contrast ratio with another colour (1...21).
        func contrast(with other: RGB) -> Double {
            let (a, b) = (luminance, other.luminance)
            return (max(a, b) + 0.05) / (min(a, b) + 0.05)
        }
    }

    static let black = RGB(r: 0, g: 0, b: 0), white = RGB(r: 1, g: 1, b: 1)

    /// Stops of the scale, from 0 % to 100 % progress.
    private static let stops: [RGB] = [
        RGB(r: 0.969, g: 0.984, b: 1.000), RGB(r: 0.776, g: 0.859, b: 0.937),
        RGB(r: 0.420, g: 0.682, b: 0.839), RGB(r: 0.129, g: 0.443, b: 0.710),
        RGB(r: 0.031, g: 0.188, b: 0.420),
    ]

    /// The background for a progress of `fraction` (clamped to 0...1).
    static func background(_ fraction: Double) -> RGB {
        let f = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        let position = f * Double(stops.count - 1)
        let low = min(Int(position), stops.count - 2)
        let t = position - Double(low)
        let (a, b) = (stops[low], stops[low + 1])
        return RGB(r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t)
    }

    /// Black or white, whichever contrasts more with `background` (always at least 4.5:1,
    /// WCAG AA for normal text, since the two meet at about 4.58).
    static func foreground(on background: RGB) -> RGB {
        background.contrast(with: black) >= background.contrast(with: white) ? black : white
    }
}
