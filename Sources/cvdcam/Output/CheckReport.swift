import CVDCheck
import CVDCore

/// What `cvdcam check` prints for one picture (or page): a report for people, or JSON lines.
/// Pairs are numbered from 1 within each form, in the order of the colours (most ink first).
struct CheckReport {
    /// The file as shown, escaped.
    let file: String
    let check: MaterialCheck
    let suggestions: [Replacement]
    /// The forms counted by default, and whether the user chose the forms.
    let chosen: Bool
    /// The page of a PDF (from 1), which the report names: "worksheet.pdf page 2".
    var page: Int? = nil
    /// Why a part of the picture may be missing where the check cannot say where (a PDF
    /// page that poppler could not draw whole): never "safe", "partly" at best.
    var incomplete: String? = nil

    /// The file, and the page if a PDF's: "worksheet.pdf page 2".
    var name: String { page.map { "\(file) page \($0)" } ?? file }

    /// How much was judged: the check's, "partly" at best when the picture is `incomplete`.
    var coverage: MaterialCheck.Coverage {
        incomplete != nil && check.coverage == .all ? .partly : check.coverage
    }

    /// The check's verdict, "not fully checked" rather than "safe" when `incomplete`.
    var verdict: MaterialCheck.Verdict {
        incomplete != nil && check.verdict == .safe ? .notFullyChecked : check.verdict
    }

    private var regions: [ColourRegion] { check.found.regions }

    /// A pair at risk in at least one form: its colours, and each form's figures, most
    /// confused first.
    struct Listed {
        let first: Int, second: Int
        let risks: [(simulation: Simulation, pair: MaterialCheck.RiskyPair)]
    }

    /// Every pair at risk, numbered from 1 in the order of its colours (most ink first).
    var listed: [Listed] {
        check.numberedPairs.map { n in
            let risks = check.results.compactMap { r -> (Simulation, MaterialCheck.RiskyPair)? in
                r.pairs.first { $0.first == n.first && $0.second == n.second }.map { (r.simulation, $0) }
            }
            return Listed(first: n.first, second: n.second, risks: risks)
        }
    }

    private func percent(_ share: Double) -> String {
        let p = share * 100
        return p < 1 ? "<1 %" : "\(Int(p.rounded())) %"
    }

    private func describe(_ i: Int) -> String {
        let r = regions[i]
        let place = r.place(inWidth: check.found.width, height: check.found.height)
        return "\(r.name) \(r.rgb.hexString) (\(r.kindWords), \(place))"
    }

    var text: String {
        var lines: [String] = []
        let list = regions.map { "\($0.name) \(percent($0.share))" }.joined(separator: ", ")
        lines.append(
            "\(name): \(regions.count) colour\(regions.count == 1 ? "" : "s")\(list.isEmpty ? "" : " — " + list)")
        lines.append("  judged: " + judged)
        if !chosen {
            lines.append(
                "  forms counted: " + check.results.map { $0.simulation.description }.joined(separator: ", ")
                    + " (achromatopsia and tritanomaly: --mode, or --mode all)")
        }
        let pairs = listed
        if !pairs.isEmpty { lines.append("  pairs at risk:") }
        for (n, l) in pairs.enumerated() {
            lines.append("    \(n + 1)  \(describe(l.first)) ↔ \(describe(l.second)): " + pairWords(l))
        }
        for r in check.results {
            let name = r.simulation.mode.rawValue
            lines.append(
                r.isSafe
                    ? "  \(name): safe" : "  \(name): \(r.pairs.count) pair\(r.pairs.count == 1 ? "" : "s") at risk")
        }
        if !suggestions.isEmpty {
            lines.append("  instead:")
            for s in suggestions { lines.append("    " + SuggestionWords(s, regions).text) }
        }
        lines.append("  verdict: " + verdictWords)
        return lines.joined(separator: "\n")
    }

    /// "the same in deuteranopia; hard to tell apart in protanopia — 7.9 → 0.3 steps in
    /// deuteranopia (lines 2 px wide need 1), ΔE00 71.8 → 4.7".
    func pairWords(_ l: Listed) -> String {
        let same = l.risks.filter { $0.pair.verdictSeen == .lookTheSame }.map(\.simulation.mode.rawValue)
        let hard = l.risks.filter { $0.pair.verdictSeen != .lookTheSame }.map(\.simulation.mode.rawValue)
        var parts: [String] = []
        if !same.isEmpty { parts.append("the same in " + same.joined(separator: ", ")) }
        if !hard.isEmpty { parts.append("hard to tell apart in " + hard.joined(separator: ", ")) }
        let worst = l.risks.min { $0.pair.stepsSeen < $1.pair.stepsSeen }!
        let p = worst.pair
        return parts.joined(separator: "; ")
            + " — \(Self.steps(p.stepsNormal)) → \(Self.steps(p.stepsSeen)) steps in \(worst.simulation.mode.rawValue) "
            + "(\(mark(p)): 2 are seen by everyone), ΔE00 \(Self.fixed(p.deltaENormal)) → \(Self.fixed(p.deltaESeen))"
    }

    /// "all of it", or what was not judged and where.
    var judged: String {
        let found = check.found
        switch coverage {
        case .all: return "all of it"
        case .none:
            if found.judgedPixels < MaterialCheck.smallestPicture {
                return "nothing — the picture is too small to judge (\(found.width)×\(found.height) pixels)"
            }
            return "nothing — it is all shading or fine texture (a photograph, a gradient): no colour to judge"
        case .partly:
            var parts: [String] = []
            if found.uncheckedShare >= MaterialCheck.partlyAbove {
                let at = found.unchecked.map {
                    "\($0) (\(ColourRegion.place($0, inWidth: found.width, height: found.height)))"
                }
                parts.append(
                    "\(percent(found.uncheckedShare)) is shading or fine texture (a gradient, a photograph), not judged"
                        + (at.isEmpty ? "" : " — at " + at.joined(separator: ", ")))
            }
            if !found.unjudged.isEmpty {
                parts.append(
                    "the damaged part (" + found.unjudged.map(\.description).joined(separator: ", ") + ") is not judged"
                )
            }
            if let incomplete { parts.append(incomplete) }
            return "partly: " + parts.joined(separator: "; ")
        }
    }

    var verdictWords: String {
        switch verdict {
        case .atRisk:
            let forms = check.results.filter { !$0.isSafe }.map(\.simulation.mode.rawValue)
            let n = check.numberedPairs.count
            return "at risk — \(n) pair\(n == 1 ? "" : "s") of colours (\(forms.joined(separator: ", ")))"
        case .safe: return "safe in every form checked"
        case .notFullyChecked: return "not fully checked — no pair at risk in what could be judged"
        }
    }

    /// The harder of the pair's marks, as the threshold is set: "lines 2 px wide", "areas".
    private func mark(_ p: MaterialCheck.RiskyPair) -> String {
        let a = regions[p.first]
        let b = regions[p.second]
        func sum(_ r: ColourRegion) -> Double { r.noticeable.l + r.noticeable.a + r.noticeable.b }
        let k = sum(a) >= sum(b) ? a.hardest : b.hardest
        switch k.kind {
        case .area: return "areas"
        case .line: return "lines \(ColourRegion.pixels(k.width)) px wide"
        case .text: return "text"
        case .dot: return "dots \(ColourRegion.pixels(k.width)) px across"
        }
    }

    /// Steps to one decimal, rounded down below the threshold and up at or above it, so
    /// that a figure never reads as the threshold it missed ("2.0" for 1.97).
    static func steps(_ x: Double) -> String {
        let n = RiskRule.noticed
        let t = x < n ? min(n - 0.1, (x * 10).rounded(.down) / 10) : (x * 10).rounded(.up) / 10
        return fixed(t)
    }

    static func fixed(_ x: Double) -> String {
        let t = (x * 10).rounded() / 10
        return t == t.rounded() ? "\(Int(t)).0" : "\(t)"
    }
}
