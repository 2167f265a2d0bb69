import CVDCore

/// One of a picture's distinct colours, as a person would point at it: its colour (the ink
/// of its marks), an everyday name no other colour of the picture has, how much of the
/// picture it covers, what it is drawn as and where.
public struct ColourRegion: Sendable, Equatable {
    /// The colour: the mean of its flat pixels, or the ink recovered from a thin mark's
    /// anti-aliased pixels (`InkColours`).
    public let rgb: RGB8
    public let lab: CIELab
    /// Its everyday name, no other colour of the picture's (`ColourName.unique`).
    public internal(set) var name: ColourName
    /// The share of the judged picture its ink covers, 0…1.
    public internal(set) var share: Double
    /// Where it is: the box of its largest mark, in picture pixels.
    public let box: PixelRect
    /// Its marks' boxes, largest first (at most `FoundRegions.marksKept`), in picture pixels.
    public internal(set) var marks: [PixelRect]
    /// What each of `marks` is drawn as.
    public internal(set) var markKinds: [MarkKind]
    /// What it is drawn as: each kind of mark with its typical width, most ink first.
    public let kinds: [Kind]
    /// How different another colour must be to be told apart from it, for its hardest kind
    /// of mark (the thinnest line, the smallest dot), and that kind.
    public let noticeable: NoticeableDifference
    public let hardest: Kind

    /// A kind of mark a colour is drawn with.
    public struct Kind: Sendable, Equatable {
        public let kind: MarkKind
        /// Its width in picture pixels (the weighted median over its marks).
        public let width: Double
        /// The share of the colour's ink in marks of this kind, 0…1.
        public let share: Double
        /// The differences noticed between marks of this kind and width.
        public let noticeable: NoticeableDifference

        /// "area", "lines 2 px", "text", "dots 6 px".
        public var words: String {
            switch kind {
            case .area: "area"
            case .line: "lines \(ColourRegion.pixels(width)) px"
            case .text: "text"
            case .dot: "dots \(ColourRegion.pixels(width)) px"
            }
        }
    }

    /// The thresholds a pair needs (`MaterialCheck.riskyPairs`). A mark is mistaken only for
    /// a mark of its own kind (a line for a line, text for text), so two colours drawn with
    /// a common kind are judged on the hardest kind they share; two that share none (a bar
    /// and the black axis and title beside it) are judged on the easier of their hardest
    /// kinds: what it takes to match the thin mark's colour against the bar's.
    public func noticeable(against o: ColourRegion) -> NoticeableDifference {
        let mine = counted
        let theirs = o.counted
        var shared: NoticeableDifference?
        for k in mine {
            guard let t = theirs.first(where: { $0.kind == k.kind }) else { continue }
            let both = k.noticeable.harder(t.noticeable)
            shared = shared.map { $0.harder(both) } ?? both
        }
        return shared ?? noticeable.easier(o.noticeable)
    }

    /// The kinds that count: the one with most ink and those with a fair share of it.
    var counted: [Kind] {
        kinds.enumerated().filter { $0.offset == 0 || $0.element.share >= FoundRegions.kindShare }.map(\.element)
    }

    /// Where `box` lies in a picture of this size, in words: "top left", "centre", …
    public func place(inWidth w: Int, height h: Int) -> String { Self.place(box, inWidth: w, height: h) }

    public static func place(_ box: PixelRect, inWidth w: Int, height h: Int) -> String {
        let c = box.centre
        let col = min(2, c.x * 3 / max(1, w))
        let row = min(2, c.y * 3 / max(1, h))
        return places[row * 3 + col]
    }

    /// English, as the command line speaks (the window's words go through the catalogues).
    static let places = [
        "top left", "top", "top right", "left", "centre", "right", "bottom left", "bottom", "bottom right",
    ]

    /// The kinds in words: "area", "lines 2 px", "text", "dots 6 px", joined.
    public var kindWords: String { kinds.map(\.words).joined(separator: ", ") }

    public static func pixels(_ x: Double) -> String {
        let t = (x * 2).rounded() / 2
        return t == t.rounded() ? String(Int(t)) : String(t)
    }
}
