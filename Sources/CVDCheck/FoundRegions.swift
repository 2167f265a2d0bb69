import CVDCore

/// What `RegionFinder` found in a picture: its colours, most ink first, and the parts that
/// were not judged — continuous shading (a gradient, a colour scale, a photograph), fine
/// texture with nothing flat around it, a damaged file's missing part.
public struct FoundRegions: Sendable {
    public let regions: [ColourRegion]
    /// The share of the judged picture (0…1) that is shading or texture, and where its
    /// largest parts are (picture pixels).
    public let uncheckedShare: Double
    public let unchecked: [PixelRect]
    /// What was not to be judged at all (a damaged file's missing part), as given.
    public let unjudged: [PixelRect]
    /// The picture's size, and the model's degrees per picture pixel.
    public let width: Int, height: Int
    public let degreesPerPixel: Double
    /// Whether any of the picture could be judged (a picture of a few pixels cannot).
    public let judgedPixels: Int

    /// At most this many colours are kept, most ink first: more than a chart uses.
    public static let maximumColours = 24
    /// Each colour keeps the boxes of at most this many of its marks.
    public static let marksKept = 48
    /// A colour drawn only as areas must cover at least this share of the judged picture: a
    /// legend's swatch, not a few pixels of a photograph that happen to be flat.
    public static let minimumAreaShare = 0.001
    /// Any colour must cover at least this share of the judged picture, and
    /// `minimumMass` working pixels: a short word, a few dots.
    public static let minimumShare = 0.00004
    public static let minimumMass: Float = 40
    /// When shading or texture covers this share of the judged picture, nothing is judged.
    public static let nothingJudged = 0.95

    /// A kind of mark sets a colour's thresholds when it holds at least this share of its
    /// ink: a series' line beside its legend swatch does, the paper inside letters does not.
    public static let kindShare = 0.15

    public var gradientShare: Double { uncheckedShare }

    /// A colour found, with its ink (working pixels) and its first pixel's index.
    typealias Candidate = (region: ColourRegion, mass: Float, first: Int)

    /// Most ink first; of equal ink, the one met first in the picture.
    static func moreInk(_ a: Candidate, _ b: Candidate) -> Bool {
        a.mass != b.mass ? a.mass > b.mass : a.first < b.first
    }

    init(_ marks: [Mark], _ p: PixelColours, _ w: WorkingPicture, unjudged: [PixelRect]) {
        width = w.pictureWidth
        height = w.pictureHeight
        self.unjudged = unjudged
        degreesPerPixel = NoticeableDifference.degreesPerPixel(width: width, height: height)
        let judged = w.judged.isEmpty ? w.width * w.height : w.judged.filter { $0 }.count
        judgedPixels = judged * w.scale * w.scale
        let total = Float(max(1, judged))
        func box(_ m: Mark) -> PixelRect { w.pictureBox(x0: m.x0, y0: m.y0, x1: m.x1, y1: m.y1) }
        let byMass = marks.sorted { $0.mass != $1.mass ? $0.mass > $1.mass : $0.first < $1.first }
        // The parts not judged.
        let parts = byMass.filter { $0.colour >= Int(PixelColours.unknown) }
        uncheckedShare = Double(Float(parts.reduce(0) { $0 + $1.pixels }) / total)
        unchecked = parts.filter { Float($0.pixels) >= 0.005 * total }.prefix(4).map(box)
        // Each colour's marks, kinds and thresholds.
        var perColour = [[Mark]](repeating: [], count: p.colours.count)
        for m in byMass where m.colour < p.colours.count { perColour[m.colour].append(m) }
        var found: [Candidate] = []
        for (c, list) in perColour.enumerated() where !list.isEmpty {
            let mass = list.reduce(Float(0)) { $0 + $1.mass }
            let areaOnly = list.allSatisfy { $0.kind == .area }
            guard mass >= max(Self.minimumMass, Float(Self.minimumShare) * total),
                !areaOnly || Double(mass / total) >= Self.minimumAreaShare
            else { continue }
            let kinds = Self.kinds(list, mass: mass, scale: w.scale, degreesPerPixel: degreesPerPixel)
            // The kind that needs the largest differences, among those with a fair share of the ink.
            var hardest = kinds[0]
            var nd = hardest.noticeable
            for k in kinds.dropFirst() where k.share >= Self.kindShare {
                let d = k.noticeable
                if d.l + d.a + d.b > nd.l + nd.a + nd.b { hardest = k }
                nd = nd.harder(d)
            }
            let rgb = p.colours[c]
            let region = ColourRegion(
                rgb: rgb, lab: CIELab(rgb), name: ColourName(base: ""), share: Double(mass / total),
                box: box(list[0]), marks: list.prefix(Self.marksKept).map(box),
                markKinds: list.prefix(Self.marksKept).map(\.kind), kinds: kinds,
                noticeable: nd, hardest: hardest)
            found.append((region, mass, list.map(\.first).min() ?? 0))
        }
        found.sort(by: Self.moreInk)
        found = Self.mergingTwins(found)
        // A picture that is all shading or texture (a photograph) has no colours to judge: the
        // few flat specks between its details are not colours anyone drew.
        if uncheckedShare >= Self.nothingJudged { found = [] }
        var regions = found.prefix(Self.maximumColours).map(\.region)
        let names = ColourName.unique(regions.map(\.rgb))
        for k in regions.indices { regions[k].name = names[k] }
        self.regions = regions
    }

    /// A colour's kinds of mark: each with the weighted median of its marks' widths (picture
    /// pixels) and its share of the ink, most ink first (ties: in `MarkKind` order).
    static func kinds(_ list: [Mark], mass: Float, scale: Int, degreesPerPixel: Double) -> [ColourRegion.Kind] {
        var out: [(ColourRegion.Kind, Float)] = []
        for kind in MarkKind.allCases {
            let of = list.filter { $0.kind == kind }.sorted {
                $0.width != $1.width ? $0.width < $1.width : $0.first < $1.first
            }
            guard !of.isEmpty else { continue }
            let kindMass = of.reduce(Float(0)) { $0 + $1.mass }
            var seen: Float = 0
            var median = of[0].width
            for m in of {
                seen += m.mass
                median = m.width
                if 2 * seen >= kindMass { break }
            }
            out.append(
                (
                    ColourRegion.Kind(
                        kind: kind, width: Double(median) * Double(scale), share: Double(kindMass / mass),
                        noticeable: NoticeableDifference(kind, width: Double(median) * Double(scale) * degreesPerPixel)),
                    kindMass
                ))
        }
        return out.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.kind < $1.0.kind }.map(\.0)
    }
}
