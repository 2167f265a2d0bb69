import CVDCore

/// Where the on-screen text goes — a pane's badge, the footer line, the help sheet —
/// given the sizes the text renders at (measured by the window layer). Text rectangles
/// are whole pixels, rounded toward zero; shims are exact (the renderer rounds them).
public enum OverlayLayout {
    /// A badge: the shim behind it, the icon's square, the text.
    public struct Badge: Equatable, Sendable {
        public let shim: Rect
        public let icon: Rect
        public let text: Rect
    }

    /// A badge for text of `text` pixels at font size `fontSize`, in the area `anchor` gives.
    public static func badge(text: FrameSize, fontSize: Int, at anchor: ViewGeometry.BadgeAnchor) -> Badge {
        let size = Double(fontSize), pad = (size * 0.35).rounded()
        let margin = (size * 0.4).rounded()
        let tw = Double(text.width), th = Double(text.height)
        let w = pad + size + pad + tw + pad, h = max(size, th) + 2 * pad
        let x = anchor.alignRight ? max(anchor.x + margin, anchor.maxX - margin - w) : anchor.x + margin
        let y = anchor.y + margin
        return Badge(shim: Rect(x, y, w, h), icon: Rect(x + pad, y + (h - size) / 2, size, size),
                     text: whole(Rect(x + pad + size + pad, y + (h - th) / 2, tw, th)))
    }

    /// The footer: a shim and one rectangle per line, bottom left.
    public struct Block: Equatable, Sendable {
        public let shim: Rect
        public let lines: [Rect]
    }

    /// Footer text is drawn at this fraction of the label size.
    public static let footerTextScale = 0.75

    /// How many characters fit on a footer line, judged from the whole text's rendered
    /// width: long lines (a camera's error message) wrap rather than shrink out of reading range.
    public static func footerCharacters(textWidth: Int, characters: Int, fontSize: Int, windowWidth: Int) -> Int {
        let pad = Double(fontSize) * 0.3, room = Double(windowWidth) - 4 * pad
        let charWidth = Double(textWidth) / Double(max(1, characters)) * footerTextScale
        return Int(room / max(1, charWidth))
    }

    /// The footer for lines rendered at `lines` sizes (at least one).
    public static func footer(lines: [FrameSize], fontSize: Int, window: FrameSize) -> Block {
        let pad = Double(fontSize) * 0.3, room = Double(window.width) - 4 * pad
        let widest = Double(lines.map(\.width).max() ?? 1)
        let scale = min(1, room / widest) * footerTextScale
        let lineH = Double(lines.first?.height ?? 0) * scale
        let w = widest * scale, h = lineH * Double(lines.count)
        let x = pad, y = Double(window.height) - h - 3 * pad
        return Block(shim: Rect(x, y - pad, w + 2 * pad, h + 2 * pad),
                     lines: lines.enumerated().map { i, t in
                         whole(Rect(x + pad, y + Double(i) * lineH, Double(t.width) * scale, lineH))
                     })
    }

    /// The help sheet: centred, scaled down to fit 90 % × 85 % of the window.
    public static func help(lines: [FrameSize], window: FrameSize) -> Block {
        let maxW = Double(lines.map(\.width).max() ?? 1), lineH = Double(lines.first?.height ?? 0)
        let W = Double(window.width), H = Double(window.height)
        let scale = min(1, W * 0.9 / maxW, H * 0.85 / (lineH * Double(lines.count))) * 0.9
        let pad = lineH * scale * 0.6
        let boxW = maxW * scale + 2 * pad, boxH = lineH * scale * Double(lines.count) + 2 * pad
        let bx = (W - boxW) / 2, by = (H - boxH) / 2
        return Block(shim: Rect(bx, by, boxW, boxH),
                     lines: lines.enumerated().map { i, t in
                         whole(Rect(bx + pad, by + pad + Double(i) * lineH * scale,
                                    Double(t.width) * scale, Double(t.height) * scale))
                     })
    }

    private static func whole(_ r: Rect) -> Rect {
        Rect(r.x.rounded(.towardZero), r.y.rounded(.towardZero), r.w.rounded(.towardZero), r.h.rounded(.towardZero))
    }
}
