import CVDCore
import CVDViewModel

/// A pane's label: shim, icon (shape + colour), text — never colour alone.
@MainActor
enum BadgeOverlay {
    static func draw(_ simulation: Simulation, at anchor: ViewGeometry.BadgeAnchor, on canvas: Canvas) {
        let b = ModeBadge(simulation)
        guard let t = canvas.text.texture(b.text) else { return }
        let layout = OverlayLayout.badge(text: t.size, fontSize: canvas.text.size, at: anchor)
        canvas.fill(layout.shim, LabelStyle.shimColour, alpha: LabelStyle.shimAlpha8)
        canvas.triangles(b.triangles(x: layout.icon.x, y: layout.icon.y, size: layout.icon.w), b.colour)
        canvas.draw(t.texture, in: layout.text)
    }
}
