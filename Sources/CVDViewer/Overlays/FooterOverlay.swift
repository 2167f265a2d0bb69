import CVDCore
import CVDViewModel

/// The bottom line: the source, its state, and transient messages. Long lines wrap.
@MainActor
enum FooterOverlay {
    static func draw(_ line: String, on canvas: Canvas) {
        guard let whole = canvas.text.texture(line) else { return }
        let window = canvas.outputSize
        let maxChars = OverlayLayout.footerCharacters(textWidth: whole.size.width, characters: line.count,
                                                      fontSize: canvas.text.size, windowWidth: window.width)
        let textures = SourceLine.wrap(line, maxChars: maxChars).compactMap { canvas.text.texture($0) }
        guard !textures.isEmpty else { return }
        let layout = OverlayLayout.footer(lines: textures.map(\.size), fontSize: canvas.text.size, window: window)
        canvas.fill(layout.shim, LabelStyle.shimColour, alpha: LabelStyle.shimAlpha8)
        for (t, r) in zip(textures, layout.lines) { canvas.draw(t.texture, in: r) }
    }
}
