import CVDCore
import CVDSystem

/// Every label on screen for one frame, laid out so that none clips or covers another:
/// a badge per pane (`BadgeLayout`), state chips bottom right (frozen, zoom), and the
/// footer line bottom left in the room the chips leave (it wraps, then shrinks).
public struct OverlayPlan: Equatable, Sendable {
    public let badges: [LabelBox]
    public private(set) var chips: [LabelBox]
    public private(set) var footer: LabelBox?
    /// The caption strip along the bottom (what the mode is, how common it is).
    public private(set) var caption: LabelBox?
    /// Probe rings and their callouts (drawn under the other labels).
    public private(set) var markers: [ProbeLayout.Marker] = []
    public private(set) var callouts: [LabelBox] = []
    /// The `i` overlay (frame counts, fps, CPU), placed last where no other label is.
    public private(set) var stats: LabelBox?

    public var boxes: [LabelBox] { callouts + badges + chips + [footer, caption, stats].compactMap { $0 } }

    /// Footer and chip text is this fraction of the label size.
    public static let smallTextScale = 0.75

    /// The label font size: 1/22 of the window height (of 0.7× that in the 2×2 layout,
    /// whose panes are half height), times `--ui-scale`.
    public static func labelFont(_ state: ViewState, window: FrameSize, uiScale: Double) -> Int {
        let h = state.layout == .quad || state.layout == .assist ? Int(Double(window.height) * 0.7) : window.height
        return LabelStyle.fontSize(windowHeight: h, uiScale: uiScale)
    }

    /// - Parameters:
    ///   - footer: the source line or a transient message; nil once it has faded.
    ///   - compact: badges show the mode (and severity) only, not the model.
    ///   - probeReadings: per texture, one reading per probe in `state.probes`.
    public init(
        geometry: ViewGeometry?, simulations: [Simulation], state: ViewState, window: FrameSize,
        uiScale: Double, footer: String?, compact: Bool, probeReadings: [[ProbeReading]] = [],
        caption captionText: String? = nil, measure: TextMeasuring
    ) {
        let font = Self.labelFont(state, window: window, uiScale: uiScale)
        let captionBox = captionText.flatMap { Self.caption($0, fontSize: font, window: window, measure: measure) }
        caption = captionBox
        // Everything else at the bottom sits above the caption.
        let bottom = captionBox?.shim.y ?? Double(window.height)
        if let g = geometry, !state.probes.isEmpty {
            let p = ProbeLayout.place(
                state.probes, readings: probeReadings, simulations: simulations, geometry: g,
                fontSize: max(BadgeLayout.minimumFont, Int(Double(font) * Self.smallTextScale)), measure: measure)
            markers = p.markers
            callouts = p.callouts
        }
        // Badges side by side read as one row: all take the size the tightest one needs.
        func place(_ size: Int) -> [LabelBox] {
            (geometry?.badges ?? []).compactMap { a -> LabelBox? in
                guard simulations.indices.contains(a.texture) else { return nil }
                let badge =
                    a.texture == state.assistedTexture
                    ? ModeBadge(assisted: simulations[a.texture], strength: state.assistStrength)
                    : ModeBadge(simulations[a.texture])
                return BadgeLayout.place(
                    badge, fontSize: size, area: a.area, pane: a.pane,
                    alignRight: a.alignRight, compact: compact, measure: measure)
            }
        }
        var badges = place(font)
        let shared = badges.compactMap { $0.lines.first?.fontSize }.min() ?? font
        if shared < font { badges = place(shared) }
        self.badges = badges
        let small = max(BadgeLayout.minimumFont, Int(Double(font) * Self.smallTextScale))
        let winW = Double(window.width)
        let winH = Double(window.height)
        var texts: [String] = []
        if state.frozen { texts.append("❚❚ Frozen") }
        if state.zoom > 1.0001 { texts.append(String(cFormat: "Zoom %.1f×", state.zoom)) }
        if state.whiteBalance != nil { texts.append("Balanced on card") }
        // Chips sit right of the footer when they fit in 40 % of the width at full size;
        // else in a row of their own above the footer when that row covers no badge;
        // else right of the footer at a smaller size. The footer is at most 22 % of the height.
        func footerBox(_ right: Double) -> LabelBox? {
            footer.flatMap {
                Self.footer(
                    $0, fontSize: small, room: Rect(0, 0, right, bottom), maxHeight: winH * 0.22, measure: measure)
            }
        }
        let row = Self.chipRow(texts, fontSize: small, right: winW, bottom: bottom, measure: measure)
        if (row.first?.shim.x ?? winW) >= winW * 0.6 {
            chips = row
            self.footer = footerBox(row.first?.shim.x ?? winW)
            return
        }
        let fullFooter = footerBox(winW)
        let above = Self.chipRow(
            texts, fontSize: small, right: winW, bottom: fullFooter?.shim.y ?? bottom, measure: measure)
        if (above.first?.shim.x ?? 0) >= 0,
            !above.contains(where: { c in badges.contains { $0.shim.intersects(c.shim) } })
        {
            chips = above
            self.footer = fullFooter
            return
        }
        var chipFont = small
        var shrunk = row
        while chipFont > BadgeLayout.minimumFont, let first = shrunk.first, first.shim.x < winW * 0.6 {
            chipFont -= 1
            shrunk = Self.chipRow(texts, fontSize: chipFont, right: winW, bottom: bottom, measure: measure)
        }
        chips = shrunk
        self.footer = footerBox(shrunk.first?.shim.x ?? winW)
    }

    /// This plan with the `i` overlay's `lines` placed by `StatsPanel` at the footer's text
    /// size, clear of every other label.
    public func withStats(
        _ lines: [String], state: ViewState, window: FrameSize, uiScale: Double,
        measure: TextMeasuring
    ) -> OverlayPlan {
        var plan = self
        let font = Self.labelFont(state, window: window, uiScale: uiScale)
        let small = max(BadgeLayout.minimumFont, Int(Double(font) * Self.smallTextScale))
        plan.stats = StatsPanel.place(lines, fontSize: small, window: window, avoiding: boxes, measure: measure)
        return plan
    }

    /// The caption strip: the window's width, at the bottom, in the label size (smaller if
    /// it would take more than three lines or a quarter of the height).
    static func caption(_ text: String, fontSize: Int, window: FrameSize, measure: TextMeasuring) -> LabelBox {
        let winW = Double(window.width)
        let winH = Double(window.height)
        var size = fontSize
        while true {
            let pad = (Double(size) * 0.4).rounded()
            let lines = HelpSheet.wrap(text, width: winW - 4 * pad, font: size, measure)
            let lineH = Double(measure.size(of: "Ag", fontSize: size).height)
            let h = lineH * Double(lines.count) + 2 * pad
            if (lines.count <= 3 && h <= winH * 0.25) || size <= BadgeLayout.minimumFont {
                let y = winH - h
                return LabelBox(
                    shim: Rect(0, y, winW, h),
                    lines: lines.enumerated().map { i, l in
                        let s = measure.size(of: l, fontSize: size)
                        return .init(
                            text: l, fontSize: size,
                            rect: Rect(
                                2 * pad, y + pad + Double(i) * lineH,
                                min(Double(s.width), winW - 4 * pad), Double(s.height)
                            ).whole)
                    })
            }
            size -= max(1, size / 12)
        }
    }

    /// Chips right to left from (right, bottom).
    static func chipRow(_ texts: [String], fontSize: Int, right: Double, bottom: Double, measure: TextMeasuring)
        -> [LabelBox]
    {
        var chips: [LabelBox] = []
        var right = right
        for text in texts.reversed() {
            let t = measure.size(of: text, fontSize: fontSize)
            let pad = (Double(fontSize) * 0.3).rounded()
            let w = Double(t.width) + 2 * pad
            let h = Double(t.height) + 2 * pad
            let x = right - pad - w
            let y = bottom - 2 * pad - h
            chips.insert(
                LabelBox(
                    shim: Rect(x, y, w, h),
                    lines: [
                        .init(
                            text: text, fontSize: fontSize,
                            rect: Rect(x + pad, y + pad, Double(t.width), Double(t.height)).whole)
                    ]),
                at: 0)
            right = x
        }
        return chips
    }

    /// The footer, bottom left of `room`: wrapped at clause and word breaks to the room's
    /// width, set smaller while it is taller than `maxHeight` or a word is too wide, and
    /// at the smallest size cut to the lines that fit, ending in "…".
    static func footer(_ text: String, fontSize: Int, room: Rect, maxHeight: Double, measure: TextMeasuring)
        -> LabelBox?
    {
        var size = fontSize
        while true {
            let pad = (Double(size) * 0.3).rounded()
            let width = room.w - 4 * pad
            guard width > 0 else { return nil }
            let whole = measure.size(of: text, fontSize: size)
            let charWidth = Double(whole.width) / Double(max(1, text.count))
            var lines = SourceLine.wrap(text, maxChars: max(1, Int(width / max(1, charWidth))))
            var sizes = lines.map { measure.size(of: $0, fontSize: size) }
            let lineH = Double(sizes.first?.height ?? size)
            let fitsWide = Double(sizes.map(\.width).max() ?? 0) <= width
            let fitsHigh = lineH * Double(lines.count) + 2 * pad <= maxHeight
            guard (fitsWide && fitsHigh) || size <= BadgeLayout.minimumFont else {
                size -= 1
                continue
            }
            let keep = max(1, min(lines.count, Int((maxHeight - 2 * pad) / lineH)))
            if keep < lines.count {
                lines = Array(lines.prefix(keep))
                lines[keep - 1] += " …"
                sizes = lines.map { measure.size(of: $0, fontSize: size) }
            }
            let widest = Double(sizes.map(\.width).max() ?? 0)
            let h = lineH * Double(lines.count)
            let x = room.x + pad
            let y = room.maxY - h - 3 * pad
            let w = min(widest, width)
            return LabelBox(
                shim: Rect(x, y - pad, w + 2 * pad, h + 2 * pad),
                lines: zip(lines, sizes).enumerated().map { i, l in
                    .init(
                        text: l.0, fontSize: size,
                        rect: Rect(x + pad, y + Double(i) * lineH, min(Double(l.1.width), width), lineH).whole)
                })
        }
    }
}
