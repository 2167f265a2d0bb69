import CVDCore

extension FoundRegions {
    /// Two colours closer than this many thresholds for the marks they are drawn as
    /// (`ColourRegion.noticeable(against:)`) are one colour: fewer than half of viewers
    /// with normal vision would tell them apart there.
    static let sameSteps = 1.0

    /// One colour is one colour at the size it is drawn (a thin line whose colour a JPEG
    /// kept only roughly is found as several; docs/science.md). `found` is most ink first;
    /// each colour within `sameSteps` of a colour kept before it joins the first such: its
    /// ink counts to that one's share and mass, its marks are that one's too (up to
    /// `marksKept`), and the colour, kinds and thresholds stay the kept one's. Each is
    /// measured against a colour as found, so nothing chains. The result is most ink
    /// first again (`moreInk`).
    static func mergingTwins(_ found: [Candidate]) -> [Candidate] {
        var out: [Candidate] = []
        for f in found {
            let c = f.region
            guard
                let k = out.indices.first(where: { k in
                    let r = out[k].region
                    return r.noticeable(against: c).steps(r.lab, c.lab) < sameSteps
                })
            else {
                out.append(f)
                continue
            }
            let kept = min(c.marks.count, max(0, marksKept - out[k].region.marks.count))
            out[k].region.share += c.share
            out[k].region.marks += c.marks.prefix(kept)
            out[k].region.markKinds += c.markKinds.prefix(kept)
            out[k].mass += f.mass
        }
        return out.sorted(by: moreInk)
    }
}
