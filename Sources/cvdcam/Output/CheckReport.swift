import CVDCore

/// What `cvdcam check` prints for one picture: a report for people, or JSON lines.
struct CheckReport {
    let file: String
    let check: MaterialCheck
    let suggestions: [Replacement]

    private var regions: [ColourRegion] { check.found.regions }
    private var numbers: [String: Int] {
        var n: [String: Int] = [:]
        for (i, p) in check.numberedPairs.enumerated() { n["\(p.first)-\(p.second)"] = i + 1 }
        return n
    }

    private func percent(_ share: Double) -> String {
        let p = share * 100
        return p < 1 ? "<1 %" : "\(Int(p.rounded())) %"
    }

    private func describe(_ i: Int) -> String {
        let r = regions[i]
        return "\(r.name) \(r.rgb.hexString) (\(r.place(inWidth: check.found.width, height: check.found.height)), "
            + "\(percent(r.share)))"
    }

    var text: String {
        var lines: [String] = []
        let list = regions.map { "\($0.name) \(percent($0.share))" }.joined(separator: ", ")
        lines.append(
            "\(file): \(regions.count) colour\(regions.count == 1 ? "" : "s")\(list.isEmpty ? "" : " — " + list)")
        if check.found.gradientShare >= 0.05 {
            lines.append(
                "  \(percent(check.found.gradientShare)) of it is smooth shading (a gradient or a photograph): not checked"
            )
        }
        let n = numbers
        for r in check.results {
            let name = r.simulation.mode.rawValue
            guard !r.isSafe else {
                lines.append("  \(name): safe")
                continue
            }
            lines.append("  \(name): \(r.pairs.count) pair\(r.pairs.count == 1 ? "" : "s") at risk")
            for p in r.pairs.sorted(by: { n["\($0.first)-\($0.second)"]! < n["\($1.first)-\($1.second)"]! }) {
                lines.append(
                    "    \(n["\(p.first)-\(p.second)"]!)  \(describe(p.first)) ↔ \(describe(p.second)): "
                        + "\(p.verdictSeen.rawValue), ΔE00 \(fixed(p.deltaENormal)) → \(fixed(p.deltaESeen))")
            }
        }
        if !suggestions.isEmpty {
            lines.append("  instead:")
            for s in suggestions {
                let r = regions[s.region]
                var how =
                    s.keepsApart
                    ? "keeps every colour apart in normal vision and every mode checked (ΔE00 ≥ \(fixed(s.worstDeltaE)))"
                    : "the nearest to keeping every colour apart; not enough (ΔE00 down to \(fixed(s.worstDeltaE)))"
                if let a = s.achromatopsiaDeltaE, a < PairVerdict.hardBelow {
                    how += "; in achromatopsia down to \(fixed(a))"
                }
                let which = s.pairs.map(String.init).joined(separator: ", ")
                lines.append(
                    "    \(r.name) \(r.rgb.hexString) → \(s.colour.hexString) (\(s.source)), for pair\(s.pairs.count == 1 ? "" : "s") \(which): \(how)"
                )
            }
        }
        let risky = check.numberedPairs.count
        lines.append(
            risky == 0
                ? "  verdict: safe in every mode checked"
                : "  verdict: \(risky) pair\(risky == 1 ? "" : "s") at risk")
        return lines.joined(separator: "\n")
    }

    var jsonLines: [String] {
        var out: [String] = []
        for (i, r) in regions.enumerated() {
            out.append(
                JSONLine.encode([
                    "kind": "region", "file": file, "region": i + 1, "name": r.name, "hex": r.rgb.hexString,
                    "share": rounded(r.share, 4), "box": r.box.description,
                ]))
        }
        let n = numbers
        for r in check.results {
            for p in r.pairs {
                out.append(
                    JSONLine.encode([
                        "kind": "pair", "file": file, "mode": r.simulation.mode.rawValue,
                        "pair": n["\(p.first)-\(p.second)"]!, "first": p.first + 1, "second": p.second + 1,
                        "firstName": regions[p.first].name, "secondName": regions[p.second].name,
                        "firstHex": regions[p.first].rgb.hexString, "secondHex": regions[p.second].rgb.hexString,
                        "deltaE00Normal": rounded(p.deltaENormal, 2), "deltaE00Seen": rounded(p.deltaESeen, 2),
                        "verdict": p.verdictSeen.rawValue,
                    ]))
            }
            out.append(
                JSONLine.encode([
                    "kind": "mode", "file": file, "mode": r.simulation.mode.rawValue,
                    "model": r.simulation.model.rawValue,
                    "severity": r.simulation.severity, "safe": r.isSafe, "pairs": r.pairs.count,
                ]))
        }
        for s in suggestions {
            var object: [String: Any] = [
                "kind": "suggestion", "file": file, "pairs": s.pairs.map(String.init).joined(separator: ","),
                "region": s.region + 1, "from": regions[s.region].rgb.hexString, "to": s.colour.hexString,
                "source": s.source, "worstDeltaE00": rounded(s.worstDeltaE, 2), "keepsApart": s.keepsApart,
            ]
            if let a = s.achromatopsiaDeltaE { object["achromatopsiaDeltaE00"] = rounded(a, 2) }
            out.append(JSONLine.encode(object))
        }
        return out
    }

    private func fixed(_ x: Double) -> String {
        let t = (x * 10).rounded() / 10
        return t == t.rounded() ? "\(Int(t)).0" : "\(t)"
    }

    private func rounded(_ x: Double, _ places: Int) -> Double {
        var s = 1.0
        for _ in 0..<places { s *= 10 }
        return (x * s).rounded() / s
    }
}
