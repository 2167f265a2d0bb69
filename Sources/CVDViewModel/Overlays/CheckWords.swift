import CVDCheck
import CVDCore
import CVDLocale

/// What the check's band says (`z`), in the window's language: one paragraph per pair at
/// risk, led by the pair's two colours as swatches ("1 Red ↔ Green: the same in
/// Deuteranopia"), and one for its suggestion ("instead of Green: #0072B2"); the picture
/// safe in one line; the recoloured still's replacements.
public enum CheckWords {
    /// A paragraph of the band: swatches at its start, then text that wraps under itself.
    public struct Paragraph: Equatable, Sendable {
        public let swatches: [RGB8]
        public let text: String
    }

    /// At most this many pairs are listed; the rest are counted.
    public static let listed = 4

    public static func paragraphs(_ shown: CheckTracker.Shown, recoloured: Bool, suggestions: Bool = true)
        -> [Paragraph]
    {
        let modes = modeList(shown.modes)
        guard !shown.isSafe else {
            return [Paragraph(swatches: [], text: tr("Check: no pair of colours at risk in %s", modes))]
        }
        var out: [Paragraph] = []
        if recoloured {
            out.append(Paragraph(swatches: [], text: tr("Left as it is, right recoloured with the suggestions:")))
        }
        for pair in shown.pairs.prefix(listed) {
            let names = tr("%s ↔ %s", said(pair.first.name), said(pair.second.name))
            if recoloured {
                guard let s = pair.suggestion, let old = pair.replaced else { continue }
                out.append(
                    Paragraph(
                        swatches: [old.rgb, s.colour],
                        text: "\(pair.number)  " + tr("%s now %s (%s)", said(old.name), s.colour.hexString, names)))
                continue
            }
            var parts: [String] = []
            let same = pair.risks.filter { $0.verdict == .lookTheSame }.map(\.mode)
            let hard = pair.risks.filter { $0.verdict != .lookTheSame }.map(\.mode)
            if !same.isEmpty { parts.append(tr("the same in %s", modeList(same))) }
            if !hard.isEmpty { parts.append(tr("hard to tell apart in %s", modeList(hard))) }
            out.append(
                Paragraph(
                    swatches: [pair.first.rgb, pair.second.rgb],
                    text: "\(pair.number)  " + names + ": " + parts.joined(separator: "; ")))
            if suggestions, let s = pair.suggestion, let old = pair.replaced {
                out.append(
                    Paragraph(
                        swatches: [s.colour], text: tr("instead of %s: %s", said(old.name), s.colour.hexString)))
            }
        }
        let more = shown.pairs.count - listed
        if more > 0 {
            out.append(
                Paragraph(swatches: [], text: tr("and %s more (cvdcam check lists every pair)", String(more))))
        }
        return out
    }

    /// The pairs' numbers and names in one paragraph: "1 red ↔ green · 2 green ↔ orange" (the
    /// safe line, or the recoloured still's header, as they are).
    public static func oneLine(_ shown: CheckTracker.Shown, recoloured: Bool) -> [Paragraph] {
        guard !shown.isSafe else { return paragraphs(shown, recoloured: recoloured) }
        let pairs = shown.pairs.map { "\($0.number) " + tr("%s ↔ %s", said($0.first.name), said($0.second.name)) }
        let lead = recoloured ? tr("Left as it is, right recoloured with the suggestions:") + " " : ""
        return [Paragraph(swatches: [], text: lead + pairs.joined(separator: " · "))]
    }

    /// A colour's name in the window's language: "lighter orange" as "helleres Orange".
    public static func said(_ name: ColourName) -> String {
        let base = tr(name.base)
        switch name.qualifier {
        case nil: return base
        // translators: the lighter of two colours with one name, as "lighter orange"
        case .lighter?: return tr("lighter %s", base)
        // translators: the darker of two colours with one name, as "darker orange"
        case .darker?: return tr("darker %s", base)
        // translators: the third or later colour with one name, as "orange 3"
        case .number(let n)?: return tr("%s %s", base, String(n))
        }
    }

    /// "Deuteranopia, Protanopia", or "every form of CVD" for all seven.
    static func modeList(_ modes: [VisionMode]) -> String {
        let cvd = VisionMode.allCases.filter { $0 != .normal }
        if Set(modes) == Set(cvd) { return tr("every form of CVD") }
        return modes.map { tr($0.displayName) }.joined(separator: ", ")
    }
}
