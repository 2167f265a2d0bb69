import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel
import Glibc

/// Drawing only where the picture changed: when a frame said which parts of it changed (the
/// screen: `FrameChanges`), the panes simulated only those (`PaneUpdate`), and nothing else
/// in the window changed (its size, the pictures' place, every label), the software
/// renderer draws again only the parts of the window those pixels reach — the black
/// beneath, the pictures, the divider and every overlay, each kept inside the part — and
/// sends only them to the X server. The window then holds what drawing it whole gives,
/// byte for byte (`SoftStretch`). The GL renderer draws the window whole: that is the GPU's work.
extension Viewer {
    /// `ViewerDiagnostics.printParts` (for tests): each frame simulated in parts prints them
    /// (`parts: picture WxH+X+Y …`), and each drawing in parts the window's (`parts: window …`).
    var printParts: Bool { options.diagnostics.printParts }

    /// Draws `parts` (picture pixels) of `g` with the overlays `plan`; false, having drawn
    /// nothing, when it cannot (another renderer, a turned or straightened picture, a
    /// snapshot due, or parts that make most of the window).
    func drawParts(_ parts: [PixelRect], _ g: ViewGeometry, plan: OverlayPlan, window: FrameSize) throws(RenderFault)
        -> Bool
    {
        guard let sw = canvas.backend as? SoftwareBackend, g.map.isIdentity, !output.snapshots.isDue,
            let held = drawing.panes.rendered
        else { return false }
        let r = held.reduction
        var boxes: [PixelRect] = []
        // Each piece's copy, worked out once for every part it is drawn in.
        var copies: [(texture: Texture, copy: BlitRects)] = []
        for piece in g.pieces where piece.texture < drawing.panes.textures.count {
            let texture = drawing.panes.textures[piece.texture]
            guard
                let copy = sw.partialCopy(texture, held.textureRect(piece.source), to: piece.destination, in: window)
            else { return false }
            copies.append((texture, copy))
            for p in parts {
                // The texels that changed (the picture reduced by `r`), and the window's part they reach.
                let texels = PixelRect(
                    x: p.x / r, y: p.y / r, width: (p.x + p.width + r - 1) / r - p.x / r,
                    height: (p.y + p.height + r - 1) / r - p.y / r)
                if let b = copy.destination(covering: texels) { boxes.append(b) }
            }
        }
        let all = PixelRect(width: window.width, height: window.height)
        let merged = PixelRect.merged(boxes, within: all)
        guard merged.reduce(0, { $0 + $1.area }) * 2 < all.area else { return false }
        let start = SystemClock.monotonic
        if printParts { reporter.status("parts: window " + merged.map(\.description).joined(separator: " ")) }
        let overlays = overlays(plan, g, same: true)
        let divider = DrawList.divider(g)
        for box in merged {
            sw.clip(box)
            // Black beneath, unless a picture (opaque) covers the part.
            if !copies.contains(where: { $0.copy.destination.intersection(box) == box }) { sw.clear(box) }
            for c in copies { sw.copy(c.texture, c.copy, part: box) }
            // Only what reaches the part: the rest would be clipped away whole.
            sw.draw(divider.reaching(box), text: canvas.text)
            sw.draw(overlays.reaching(box), text: canvas.text)
        }
        sw.clip(nil)
        let overlaysStart = SystemClock.monotonic
        output.probes.profiler.add(.pictures, overlaysStart - start)
        try finishDrawing(overlaysStart, parts: merged)
        return true
    }
}
