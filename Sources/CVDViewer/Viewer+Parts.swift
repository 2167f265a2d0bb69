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
/// byte for byte (`SoftStretch`). The GL renderer does the same where GLX can show a part of
/// the back buffer without a swap (`GLContext.showsParts`): the parts are drawn through a
/// scissor — the pixels inside are those a whole drawing gives — over a back buffer that
/// holds the window whole (drawn whole once after each swap), and only they are shown.
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
        if let gl = canvas.backend as? GLBackend {
            return try drawParts(parts, g, plan: plan, window: window, gl: gl)
        }
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

    /// `drawParts` in GL: the window's parts the changed texels reach (`GLBackend` samples
    /// linearly: a texel reaches the window pixels whose samples fall within a texel of it),
    /// drawn through a scissor each, or — the back buffer not holding the window whole since
    /// the last swap — the window drawn whole; then only the parts shown.
    private func drawParts(
        _ parts: [PixelRect], _ g: ViewGeometry, plan: OverlayPlan, window: FrameSize, gl: GLBackend
    ) throws(RenderFault) -> Bool {
        guard gl.drawsParts, g.map.isIdentity, !output.snapshots.isDue, let held = drawing.panes.rendered else {
            return false
        }
        let r = held.reduction
        let all = PixelRect(width: window.width, height: window.height)
        var boxes: [PixelRect] = []
        for piece in g.pieces where piece.texture < drawing.panes.textures.count {
            for p in parts {
                let texels = PixelRect(
                    x: p.x / r, y: p.y / r, width: (p.x + p.width + r - 1) / r - p.x / r,
                    height: (p.y + p.height + r - 1) / r - p.y / r)
                if let b = Self.reach(of: texels, from: held.textureRect(piece.source), to: piece.destination) {
                    boxes.append(b)
                }
            }
        }
        let merged = PixelRect.merged(boxes, within: all)
        guard merged.reduce(0, { $0 + $1.area }) * 2 < all.area else { return false }
        let start = SystemClock.monotonic
        if printParts { reporter.status("parts: window " + merged.map(\.description).joined(separator: " ")) }
        let overlays = overlays(plan, g, same: true)
        if !gl.backBufferWhole {
            gl.clear()
            drawPictures(g)
            gl.draw(overlays, text: canvas.text)
        } else {
            for box in merged {
                gl.beginPart(box)
                drawPictures(g)
                gl.draw(overlays.reaching(box), text: canvas.text)
            }
            gl.endParts()
        }
        let overlaysStart = SystemClock.monotonic
        output.probes.profiler.add(.pictures, overlaysStart - start)
        try finishDrawing(overlaysStart, parts: merged)
        return true
    }

    /// The window pixels (of `destination`, rounded out) whose linear samples of the
    /// texture's `source` part, stretched over `destination`, can read a texel of `texels`;
    /// nil when none. A window pixel x samples at u = source.x + (x + ½ − destination.x) ·
    /// source.w / destination.w and reads texels ⌊u − ½⌋ and the next: it reads texel t when
    /// t − ½ ≤ u < t + 1½. One pixel more on each side for rounding.
    nonisolated static func reach(of texels: PixelRect, from source: Rect, to destination: Rect) -> PixelRect? {
        guard !texels.isEmpty, source.w > 0, source.h > 0 else { return nil }
        func span(_ t0: Int, _ t1: Int, _ s0: Double, _ sw: Double, _ d0: Double, _ dw: Double) -> (Int, Int) {
            let k = dw / sw
            let lo = d0 + (Double(t0) - 0.5 - s0) * k - 0.5
            let hi = d0 + (Double(t1) + 0.5 - s0) * k - 0.5
            let (first, last) = (Int(d0.rounded(.down)), Int((d0 + dw).rounded(.up)))
            return (max(first, Int(lo.rounded(.down)) - 1), min(last, Int(hi.rounded(.up)) + 1))
        }
        let (x0, x1) = span(texels.x, texels.x + texels.width, source.x, source.w, destination.x, destination.w)
        let (y0, y1) = span(texels.y, texels.y + texels.height, source.y, source.h, destination.y, destination.h)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
