import CVDCore
import CVDLocale

/// The help sheet (`h`, F1): a title, the keys in two columns (key, what it does), what
/// each mode means, and how to close it — as large as the window allows up to the label
/// size times `--ui-scale`, descriptions wrapped to the sheet.
public enum HelpSheet {
    // In the window's language (English without a catalogue, as in the tests).
    public static var title: String { tr("cvdcam — keys") }
    public static var teachingHeading: String { tr("Teaching") }
    public static var cameraHeading: String { tr("Camera") }
    public static var modesHeading: String { tr("What the modes show") }
    public static var closing: String { tr("h, F1 or Esc closes this sheet") }
    /// Covers the picture more than a label does: it is read, not glanced at.
    public static let shimAlpha = 1.0

    enum Row {
        case title(String)
        case heading(String)
        case entry(String, String)
        case note(String)
    }

    /// The keys, then what the modes show: one after the other, or side by side on a wide window.
    static var keyRows: [Row] {
        [.title(title)] + Command.viewHelpLines.map { .entry($0.0, $0.1) }
            + [.heading(cameraHeading)] + Command.cameraHelpLines.map { .entry($0.0, $0.1) }
    }
    /// With the screen as the source (`--screen`), Shift+R's line too.
    static func modeRows(screen: Bool) -> [Row] {
        [.heading(teachingHeading)] + Command.teachingHelpLines.map { .entry($0.0, $0.1) }
            + KeyGuide.sheetLines(.document).map { .entry($0.0, $0.1) }
            + (screen ? [.entry(tr("Shift+R"), tr("pick the part of the screen to show"))] : [])
            + [.heading(modesHeading)]
            + VisionMode.allCases.enumerated().map {
                .entry("\($0.offset + 1)  " + tr($0.element.displayName), tr($0.element.summary))
            }
            + [.note(closing)]
    }

    /// `screen`: the source is the screen, which Shift+R picks a part of.
    public static func layout(window: FrameSize, uiScale: Double, screen: Bool = false, measure: TextMeasuring)
        -> LabelBox
    {
        let winW = Double(window.width)
        let winH = Double(window.height)
        var font = max(9, Int(Double(LabelStyle.fontSize(windowHeight: window.height, uiScale: uiScale)) * 0.8))
        while true {
            // Side by side first on a wide window (larger text), else one column.
            if winW > winH * 1.2, let box = attempt(font, winW, winH, columns: 2, screen, measure) { return box }
            if let box = attempt(font, winW, winH, columns: 1, screen, measure) { return box }
            font -= max(1, font / 12)
        }
    }

    /// The sheet at `font` in one or two columns, or nil when it does not fit the window
    /// (never nil at 9 px in one column: then it may overflow rather than vanish).
    private static func attempt(
        _ font: Int, _ winW: Double, _ winH: Double, columns: Int, _ screen: Bool, _ measure: TextMeasuring
    ) -> LabelBox? {
        let pad = (Double(font) * 0.8).rounded()
        let gap = Double(font) * 1.5
        let maxSheet = min(winW * 0.96, Double(font) * Double(48 * columns))
        let modes = modeRows(screen: screen)
        let sections = columns == 2 ? [keyRows, modes] : [keyRows + modes]
        let columnW = (maxSheet - 2 * pad - gap * Double(columns - 1)) / Double(columns)
        var placed: [(String, Int, Double, Double)] = []
        var height = 0.0
        var x = 0.0
        var used = 0.0
        for rows in sections {
            guard let col = column(rows, font, width: columnW, measure) else { return nil }
            placed += col.lines.map { ($0.0, $0.1, x + $0.2, $0.3) }
            height = max(height, col.height)
            used = x + col.width
            x += col.width + gap
        }
        let sheetW = min(maxSheet, used + 2 * pad)
        let sheetH = height + 2 * pad
        guard sheetH <= winH * 0.96 || (font <= 9 && columns == 1) else { return nil }
        let sx = ((winW - sheetW) / 2).rounded(.down)
        let sy = max(0, ((winH - sheetH) / 2).rounded(.down))
        return LabelBox(
            shim: Rect(sx, sy, sheetW, sheetH),
            lines: placed.map { t, size, dx, dy in
                let s = measure.size(of: t, fontSize: size)
                return .init(
                    text: t, fontSize: size,
                    rect: Rect(
                        sx + pad + dx, sy + pad + dy, min(Double(s.width), sheetW - 2 * pad - dx), Double(s.height)
                    ).whole)
            },
            shimAlpha: shimAlpha)
    }

    /// One column of rows at most `width` wide: its lines (text, size, x, y), width and height.
    private static func column(_ rows: [Row], _ font: Int, width: Double, _ measure: TextMeasuring)
        -> (lines: [(String, Int, Double, Double)], width: Double, height: Double)?
    {
        let big = Int((Double(font) * 1.25).rounded())
        let gap = Double(font)
        let lineH = Double(measure.size(of: "Ag", fontSize: font).height)
        let lefts = rows.compactMap { if case .entry(let k, _) = $0 { return k } else { return nil } }
        let colA = Double(lefts.map { measure.size(of: $0, fontSize: font).width }.max() ?? 0)
        let colB = width - colA - gap
        guard colB > Double(font) * 6 || font <= 9 else { return nil }
        var placed: [(String, Int, Double, Double)] = []
        var y = 0.0
        var widest = 0.0
        for row in rows {
            switch row {
            case .title(let t), .heading(let t):
                if case .heading = row, y > 0 { y += lineH * 0.5 }
                let s = measure.size(of: t, fontSize: big)
                placed.append((t, big, 0, y))
                widest = max(widest, Double(s.width))
                y += Double(s.height) * 1.15
            case .note(let t):
                y += lineH * 0.5
                placed.append((t, font, 0, y))
                widest = max(widest, Double(measure.size(of: t, fontSize: font).width))
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
        return (placed, min(width, widest), y)
    }

    /// Greedy word wrap to a measured width (between CJK characters too: LineBreaks).
    static func wrap(_ text: String, width: Double, font: Int, _ measure: TextMeasuring) -> [String] {
        var lines: [String] = []
        var line = ""
        for (word, spaced) in LineBreaks.pieces(text) {
            let candidate = line.isEmpty ? word : line + (spaced ? " " : "") + word
            if !line.isEmpty, Double(measure.size(of: candidate, fontSize: font).width) > width {
                lines.append(line)
                line = word
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
