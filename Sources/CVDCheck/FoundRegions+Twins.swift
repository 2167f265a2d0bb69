import CVDCore

extension FoundRegions {
    /// Two colours closer than this many thresholds for the marks they are drawn as
    /// (`ColourRegion.noticeable(against:)`) are one colour: fewer than half of viewers
    /// with normal vision would tell them apart there.
    static let sameSteps = 1.0

    /// One colour is one colour at the size it is drawn. A JPEG keeps a thin line's colour
    /// only roughly (its chroma at half resolution), so one red line is found as #B52B34 in
    /// one place and #AE3B40 in another, and each of them made a pair with each variant of
    /// the green line: 8 pairs at risk where the chart has one. Where a colour is within
    /// `sameSteps` of one with more ink (`found` is in that order) that joined no other, it
    /// joins the first such: its ink counts to its share, its marks are framed with its
    /// marks, and the colour, its kinds and its thresholds stay the greater's (so nothing
    /// chains: each is measured against a colour found as it is). A step is about 5 CIE76
    /// between areas of a few degrees, 10 to 20 between lines a pixel or two wide (Szafir
    /// 2018). The result is in the same order, by the new masses.
    static func mergingTwins(_ found: [(region: ColourRegion, mass: Float, first: Int)])
        -> [(region: ColourRegion, mass: Float, first: Int)]
    {
        var out: [(region: ColourRegion, mass: Float, first: Int)] = []
        for f in found {
            let c = f.region
            let twin = out.indices.first { k in
                let r = out[k].region
                return r.noticeable(against: c).steps(r.lab, c.lab) < sameSteps
            }
            guard let k = twin else {
                out.append(f)
                continue
            }
            let r = out[k].region
            let kept = min(c.marks.count, max(0, marksKept - r.marks.count))
            out[k].region = ColourRegion(
                rgb: r.rgb, lab: r.lab, name: r.name, share: r.share + c.share, box: r.box,
                marks: r.marks + c.marks.prefix(kept), markKinds: r.markKinds + c.markKinds.prefix(kept),
                kinds: r.kinds, noticeable: r.noticeable, hardest: r.hardest)
            out[k].mass += f.mass
        }
        return out.sorted { $0.mass != $1.mass ? $0.mass > $1.mass : $0.first < $1.first }
    }
}
