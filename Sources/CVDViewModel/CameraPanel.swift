import CVDCore
import CVDLocale
import CVDSources

/// The camera panel (`k`): the camera's controls that decide how faithful its colour is
/// (`PanelControl`, in the order the capture side publishes them), with their values, one selected; laid out as a sheet at the
/// right of the window, as large as the window allows up to the label size, smaller
/// until it fits (never clipped: 1024×768 at `--ui-scale` 2 is tested).
public enum CameraPanel {
    public static var keysNote: String { tr("↑ ↓ choose   ← → change   r default   k or Esc closes") }
    public static let marker = "▸"
    /// Covers the picture like the help sheet: it is read, not glanced at.
    public static let shimAlpha = HelpSheet.shimAlpha

    /// The selected row for a selection counter that wraps round (up from the first row is the last).
    public static func row(_ selection: Int, count: Int) -> Int? {
        count > 0 ? ((selection % count) + count) % count : nil
    }

    /// A control's value column: "128  (0…255)", "on", "Manual Mode"; "(automatic)" when
    /// its automatic switch is on (the driver marks it inactive).
    public static func valueText(_ c: PanelControl) -> String {
        var t = c.shownValueText
        if c.kind == .integer { t += "  (\(c.range.lowerBound)…\(c.range.upperBound))" }
        if c.automatic { t += "  " + tr("automatic") }
        return t
    }

    /// - Parameters:
    ///   - title: e.g. "Camera: vivid (/dev/video0)".
    ///   - controls: the panel's controls (`CameraLink.Published.controls`), in order; empty: `empty` is said instead.
    public static func layout(
        title: String, controls: [PanelControl], selection: Int, empty: String,
        window: FrameSize, uiScale: Double, measure: TextMeasuring
    ) -> LabelBox {
        let winW = Double(window.width)
        let winH = Double(window.height)
        let selected = row(selection, count: controls.count)
        let rows = controls.enumerated().map { i, c in (i == selected ? marker : "", c.name, valueText(c)) }
        var font = max(9, Int(Double(LabelStyle.fontSize(windowHeight: window.height, uiScale: uiScale)) * 0.8))
        while true {
            let pad = (Double(font) * 0.8).rounded()
            let gap = Double(font)
            let big = Int((Double(font) * 1.15).rounded())
            func width(_ t: String, _ size: Int) -> Double { Double(measure.size(of: t, fontSize: size).width) }
            let lineH = Double(measure.size(of: "Ag", fontSize: font).height)
            let titleH = Double(measure.size(of: "Ag", fontSize: big).height) * 1.15
            let markW = width(marker, font) + gap / 2
            let nameW = rows.map { width($0.1, font) }.max() ?? 0
            let valueW = rows.map { width($0.2, font) }.max() ?? 0
            let bodyW = rows.isEmpty ? width(empty, font) : markW + nameW + gap + valueW
            let innerW = max(bodyW, width(title, big), width(keysNote, font))
            let bodyH = lineH * Double(max(1, rows.count))
            let sheetW = innerW + 2 * pad
            let sheetH = titleH + bodyH + lineH * 1.5 + 2 * pad
            guard (sheetW <= winW * 0.96 && sheetH <= winH * 0.96) || font <= 9 else {
                font -= max(1, font / 12)
                continue
            }
            let sx = max(0, (winW - sheetW - pad).rounded(.down))
            let sy = max(0, ((winH - sheetH) / 2).rounded(.down))
            var lines: [LabelBox.Line] = []
            func add(_ t: String, _ size: Int, _ x: Double, _ y: Double) {
                let w = min(width(t, size), sx + sheetW - pad - x)
                lines.append(
                    .init(
                        text: t, fontSize: size,
                        rect: Rect(x, y, max(0, w), Double(measure.size(of: t, fontSize: size).height)).whole))
            }
            add(title, big, sx + pad, sy + pad)
            var y = sy + pad + titleH
            if rows.isEmpty { add(empty, font, sx + pad, y) }
            for r in rows {
                if !r.0.isEmpty { add(r.0, font, sx + pad, y) }
                add(r.1, font, sx + pad + markW, y)
                add(r.2, font, sx + pad + markW + nameW + gap, y)
                y += lineH
            }
            add(keysNote, font, sx + pad, sy + sheetH - pad - lineH)
            return LabelBox(shim: Rect(sx, sy, sheetW, sheetH), lines: lines, shimAlpha: shimAlpha)
        }
    }
}

extension PanelControl {
    /// The value on screen, in the window's language ("an"/"aus" for a switch in German).
    public var shownValueText: String {
        guard case .boolean = kind, let v = value else { return valueText }
        return v != 0 ? tr("on") : tr("off")
    }

    /// The value as stdout says it (English): a menu entry's name, on/off, or the number.
    public var valueText: String {
        guard let v = value else { return "?" }
        switch kind {
        case .boolean: return v != 0 ? "on" : "off"
        case .menu(let entries): return entries.first { $0.value == v }?.name ?? String(v)
        case .integer, .other: return String(v)
        }
    }

    /// The value one step left (−1) or right (+1), as the panel's arrow keys change it:
    /// switches toggle, menus move to the neighbouring entry, numbers by 1/32 of their
    /// range (in the driver's steps; at least one step). Nil at either end.
    public func stepped(_ direction: Int) -> Int? {
        guard let v = value else { return nil }
        let next: Int
        switch kind {
        case .boolean:
            next = v != 0 ? 0 : 1
        case .menu(let entries):
            let values = entries.map(\.value)
            guard let i = values.firstIndex(of: v), values.indices.contains(i + direction) else { return nil }
            next = values[i + direction]
        case .integer, .other:
            let span = Double(range.upperBound - range.lowerBound)
            let stride = max(1, Int((span / 32 / Double(step)).rounded())) * step
            next = min(max(v + direction * stride, range.lowerBound), range.upperBound)
        }
        return next == v ? nil : next
    }
}
