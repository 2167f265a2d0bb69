import CVDCore

/// The help sheet (`h`, F1): a title, the keys in two columns (key, what it does), what
/// each mode means, and how to close it — as large as the window allows up to the label
/// size times `--ui-scale`, descriptions wrapped to the sheet.
public enum HelpSheet {
    public static let title = "cvdcam — keys"
    public static let modesHeading = "What the modes show"
    public static let closing = "h, F1 or Esc closes this sheet"
    /// Covers the picture more than a label does: it is read, not glanced at.
    public static let shimAlpha = 0.92

    enum Row { case title(String), heading(String), entry(String, String), note(String) }

    static var rows: [Row] {
        [.title(title)] + Command.helpLines.map { .entry($0.0, $0.1) }
            + [.heading(modesHeading)]
            + VisionMode.allCases.enumerated().map { .entry("\($0.offset + 1)  \($0.element.displayName)", $0.element.summary) }
            + [.note(closing)]
    }

    public static func layout(window: FrameSize, uiScale: Double, measure: TextMeasuring) -> LabelBox {
        let W = Double(window.width), H = Double(window.height)
        var font = max(9, Int(Double(LabelStyle.fontSize(windowHeight: window.height, uiScale: uiScale)) * 0.8))
        while true {
            if let box = attempt(font, W, H, measure) { return box }
            font -= max(1, font / 12)
        }
    }

    /// The sheet at `font`, or nil when it does not fit the window (never nil at 9 px:
    /// then it is allowed to overflow rather than vanish).
    private static func attempt(_ font: Int, _ W: Double, _ H: Double, _ measure: TextMeasuring) -> LabelBox? {
        let big = Int((Double(font) * 1.25).rounded())
        let pad = (Double(font) * 0.8).rounded(), gap = Double(font)
        let lineH = Double(measure.size(of: "Ag", fontSize: font).height)
        let maxSheet = min(W * 0.94, Double(font) * 48)
        let lefts = rows.compactMap { if case .entry(let k, _) = $0 { return k } else { return nil } }
        let colA = Double(lefts.map { measure.size(of: $0, fontSize: font).width }.max() ?? 0)
        let colB = maxSheet - 2 * pad - colA - gap
        guard colB > Double(font) * 6 || font <= 9 else { return nil }
        var placed: [(String, Int, Double, Double)] = []  // text, size, x offset, y offset
        var y = 0.0, widest = 0.0
        for row in rows {
            switch row {
            case .title(let t), .heading(let t):
                if case .heading = row { y += lineH * 0.5 }
                let s = measure.size(of: t, fontSize: big)
                placed.append((t, big, 0, y)); widest = max(widest, Double(s.width))
                y += Double(s.height) * 1.15
            case .note(let t):
                y += lineH * 0.5
                placed.append((t, font, 0, y)); widest = max(widest, Double(measure.size(of: t, fontSize: font).width))
                y += lineH
            case .entry(let k, let d):
                placed.append((k, font, 0, y))
                let lines = wrap(d, width: colB, font: font, measure)
                for (i, l) in lines.enumerated() {
                    placed.append((l, font, colA + gap, y + Double(i) * lineH))
                    widest = max(widest, colA + gap + Double(measure.size(of: l, fontSize: font).width))
                }
                y += lineH * Double(max(1, lines.count))
            }
        }
        let sheetW = min(maxSheet, widest + 2 * pad), sheetH = y + 2 * pad
        guard sheetH <= H * 0.94 || font <= 9 else { return nil }
        let sx = ((W - sheetW) / 2).rounded(.down), sy = max(0, ((H - sheetH) / 2).rounded(.down))
        return LabelBox(shim: Rect(sx, sy, sheetW, sheetH),
                        lines: placed.map { t, size, dx, dy in
                            let s = measure.size(of: t, fontSize: size)
                            return .init(text: t, fontSize: size,
                                         rect: Rect(sx + pad + dx, sy + pad + dy, min(Double(s.width), sheetW - 2 * pad - dx), Double(s.height)).whole)
                        },
                        shimAlpha: shimAlpha)
    }

    /// Greedy word wrap to a measured width.
    static func wrap(_ text: String, width: Double, font: Int, _ measure: TextMeasuring) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty, Double(measure.size(of: candidate, fontSize: font).width) > width {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
