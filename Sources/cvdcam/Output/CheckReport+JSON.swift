import CVDCheck
import CVDCore

/// `cvdcam check --json`: one object per line — each colour (`region`), each pair at risk per
/// form (`pair`, numbered as in the report), each form (`mode`), each replacement
/// (`suggestion`), and last the picture's `verdict` with how much of it was judged. A PDF
/// page's lines have its number (`page`); a page poppler could not draw whole, why
/// (`damage`, on the verdict).
extension CheckReport {
    /// One object, with the page's number when a PDF's.
    private func line(_ object: [String: Any]) -> String {
        var object = object
        if let page { object["page"] = page }
        if let incomplete, object["kind"] as? String == "verdict" { object["damage"] = incomplete }
        return JSONLine.encode(object)
    }

    var jsonLines: [String] {
        var out: [String] = []
        let regions = check.found.regions
        for (i, r) in regions.enumerated() {
            out.append(
                line([
                    "kind": "region", "file": file, "region": i + 1, "name": r.name.description, "hex": r.rgb.hexString,
                    "share": rounded(r.share, 4), "box": r.box.description,
                    "marks": r.kinds.map { $0.kind.rawValue }.joined(separator: ","),
                    "widths": r.kinds.map { ColourRegion.pixels($0.width) }.joined(separator: ","),
                ]))
        }
        for (n, l) in listed.enumerated() {
            for (sim, p) in l.risks {
                out.append(
                    line([
                        "kind": "pair", "file": file, "mode": sim.mode.rawValue, "pair": n + 1,
                        "first": p.first + 1, "second": p.second + 1,
                        "firstName": regions[p.first].name.description,
                        "secondName": regions[p.second].name.description,
                        "firstHex": regions[p.first].rgb.hexString, "secondHex": regions[p.second].rgb.hexString,
                        "stepsNormal": rounded(p.stepsNormal, 2), "stepsSeen": rounded(p.stepsSeen, 2),
                        "deltaE00Normal": rounded(p.deltaENormal, 2), "deltaE00Seen": rounded(p.deltaESeen, 2),
                        "verdict": p.verdictSeen.rawValue,
                    ]))
            }
        }
        for r in check.results {
            out.append(
                line([
                    "kind": "mode", "file": file, "mode": r.simulation.mode.rawValue,
                    "model": r.simulation.model.rawValue, "severity": r.simulation.severity, "safe": r.isSafe,
                    "pairs": r.pairs.count,
                ]))
        }
        for s in suggestions {
            out.append(
                line([
                    "kind": "suggestion", "file": file, "region": s.region + 1,
                    "from": regions[s.region].rgb.hexString, "to": s.colour.hexString, "source": s.source,
                    "keepsApart": s.keepsApart, "steps": rounded(s.worstSteps, 2),
                    "change": rounded(s.change, 2),
                ]))
        }
        let found = check.found
        out.append(
            line([
                "kind": "verdict", "file": file, "verdict": verdict.rawValue, "checked": coverage.rawValue,
                "safe": verdict == .safe, "pairs": check.numberedPairs.count,
                "forms": check.results.map(\.simulation.mode.rawValue).joined(separator: ","),
                "notJudgedShare": rounded(found.uncheckedShare, 4),
                "notJudged": (found.unchecked + found.unjudged).map(\.description).joined(separator: ","),
            ]))
        return out
    }

    func rounded(_ x: Double, _ places: Int) -> Double {
        var s = 1.0
        for _ in 0..<places { s *= 10 }
        return (x * s).rounded() / s
    }
}
