/// A small palette of everyday colour names a class understands, and the nearest name
/// to any colour by CIEDE2000.
///
/// Each name's sRGB value is a typical member of the colour it names, not an edge case:
/// the CSS/X11 named colour where that is what people mean by the word (yellow, blue,
/// navy, teal, purple, olive, magenta, white, black), and a more typical member where the
/// CSS value is an outlier: a display's pure red (255,0,0) is lighter than the reds of
/// things (the ColorChecker's red patch, 175,54,60, would be "dark red"), so red is a
/// strong object red; CSS `green` is the dark 0,128,0 and `lime` the full 0,255,0, so
/// green sits between (and pure 0,255,0 still reads "green"); CSS `orange` is nearly
/// yellow, so orange is `darkorange`; CSS `darkgray` is lighter than `gray`, so the greys
/// are even steps of lightness, L* ≈ 27, 54, 81 between black and white.
public enum ColourNames {
    /// One named colour.
    public struct Entry: Sendable, Equatable {
        public let name: String
        public let rgb: RGB8
        let lab: CIELab

        init(_ name: String, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
            self.name = name
            rgb = RGB8(r, g, b)
            lab = CIELab(rgb)
        }

        public static func == (a: Entry, b: Entry) -> Bool { a.name == b.name && a.rgb == b.rgb }
    }

    /// The palette: 25 names, blue with two typical members.
    public static let palette: [Entry] = [
        Entry(N_("red"), 220, 20, 30), // a strong everyday red (CSS crimson, redder)
        Entry(N_("dark red"), 139, 0, 0), // CSS darkred
        Entry(N_("orange"), 255, 140, 0), // CSS darkorange
        Entry(N_("brown"), 139, 69, 19), // CSS saddlebrown
        Entry(N_("beige"), 225, 205, 170), // between CSS tan and beige (245,245,220 is nearly white)
        Entry(N_("yellow"), 255, 255, 0),
        Entry(N_("olive"), 128, 128, 0),
        Entry(N_("yellow green"), 154, 205, 50), // CSS yellowgreen
        Entry(N_("light green"), 170, 238, 170), // CSS lightgreen, paler
        Entry(N_("green"), 30, 200, 30), // between CSS green and lime
        Entry(N_("dark green"), 0, 100, 0), // CSS darkgreen
        Entry(N_("teal"), 0, 128, 128),
        Entry(N_("turquoise"), 64, 224, 208),
        Entry(N_("light blue"), 135, 206, 235), // CSS skyblue
        Entry(N_("blue"), 0, 0, 255),
        // A second blue: the mid blues of charts and things (matplotlib's 31,119,180, Okabe–Ito's
        // 0,114,178) lie far from a display's pure blue, and were nearer grey or teal.
        Entry(N_("blue"), 30, 110, 190),
        Entry(N_("navy"), 0, 0, 128),
        Entry(N_("purple"), 128, 0, 128),
        Entry(N_("lilac"), 200, 162, 200),
        Entry(N_("magenta"), 255, 0, 255),
        Entry(N_("pink"), 255, 150, 180), // between CSS pink and hotpink
        Entry(N_("white"), 255, 255, 255),
        Entry(N_("light grey"), 200, 200, 200),
        Entry(N_("grey"), 128, 128, 128),
        Entry(N_("dark grey"), 64, 64, 64),
        Entry(N_("black"), 0, 0, 0),
    ]

    /// The palette entry nearest to a colour by CIEDE2000 (ties: the earlier entry).
    public static func nearest(to c: RGB8) -> Entry {
        let lab = CIELab(c)
        var best = palette[0]
        var bestDistance = Double.infinity
        for e in palette {
            let d = CIEDE2000.difference(lab, e.lab)
            if d < bestDistance {
                best = e
                bestDistance = d
            }
        }
        return best
    }

    /// The name of the palette colour nearest to `c` by CIEDE2000, e.g. "dark green".
    public static func name(of c: RGB8) -> String { nearest(to: c).name }
}
