import CVDCore
import CVDViewModel

/// Draws the view model's `LabelBox`es: badges, chips, the footer and the help sheet
/// all come through here, so every label follows the same rules (shim ≥ 7:1, icon with
/// shape and colour, white text).
@MainActor
extension Canvas {
    func draw(_ box: LabelBox) {
        fill(box.shim, LabelStyle.shimColour, alpha: UInt8((box.shimAlpha * 255).rounded()))
        if let icon = box.icon {
            triangles(icon.triangles(x: box.iconRect.x, y: box.iconRect.y, size: box.iconRect.w), icon.colour)
        }
        for line in box.lines {
            guard let t = text.texture(line.text, size: line.fontSize) else { continue }
            draw(t.texture, in: line.rect)
        }
    }
}
