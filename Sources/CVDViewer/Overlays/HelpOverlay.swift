import CVDCore
import CVDViewModel

/// The key list, centred over the picture (`h`, F1).
@MainActor
enum HelpOverlay {
    /// The help sheet's backing is more opaque than a label's: it covers the picture.
    static let shimAlpha: UInt8 = 235

    static func draw(on canvas: Canvas) {
        let textures = Command.helpLines.map { "\($0.0)   \($0.1)" }.compactMap { canvas.text.texture($0) }
        guard !textures.isEmpty else { return }
        let layout = OverlayLayout.help(lines: textures.map(\.size), window: canvas.outputSize)
        canvas.fill(layout.shim, LabelStyle.shimColour, alpha: shimAlpha)
        for (t, r) in zip(textures, layout.lines) { canvas.draw(t.texture, in: r) }
    }
}
