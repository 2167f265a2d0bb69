import CSDL2
import CVDCore
import CVDSources
import CVDViewModel

/// A picture turned by a quarter (`DrawList.Item.turnedPicture`). SDL's software
/// `SDL_RenderGeometry` samples the nearest texel at whole-texel corners, so through a mesh
/// an enlarged picture shows its texels' edges where GL smooths. Instead the part shown is
/// copied turned into a texture of its own — a transposition of whole texels, nothing
/// resampled — and drawn as any upright picture is (`copy`), smoothed as GL smooths
/// (`BackendConformanceTests`). The copy is made again only when the pane picture was
/// written again (`Texture.written`) or another part or turn is asked for.
extension SoftwareBackend {
    /// What the turned copy holds: which texture's part, which way, as of which writing.
    struct TurnedCopy: Equatable {
        let texture: UInt
        let source: PixelRect
        let uDown: Bool, vRight: Bool
        let written: Int
    }

    /// Draws part `source` of `t` turned into `destination`, the part taken in whole texels
    /// (a reduced picture's part can end inside one; SDL copies whole texels too); through the
    /// mesh (nearest texels) when the texture's pixels cannot be read (not a streaming
    /// texture) or the copy cannot be made.
    func drawTurned(_ t: Texture, _ source: Rect, to destination: Rect, uDown: Bool, vRight: Bool) {
        let (x0, y0) = (Int(source.x.rounded()), Int(source.y.rounded()))
        let (x1, y1) = (Int((source.x + source.w).rounded()), Int((source.y + source.h).rounded()))
        let s = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            .intersection(PixelRect(width: t.size.width, height: t.size.height))
        guard s.width > 0, s.height > 0, let copy = turnedCopy(t, s, uDown: uDown, vRight: vRight) else {
            drawTurnedMesh(t, source, to: destination, uDown: uDown, vRight: vRight)
            return
        }
        self.copy(copy, Rect(0, 0, Double(copy.size.width), Double(copy.size.height)), to: destination, in: outputSize)
    }

    /// The turned copy of part `s` of `t` (v across, u down), made if what it holds differs.
    /// One copy per pane texture (a split or 2×2 view turned has one per pane); a copy a
    /// whole frame did not draw is freed as the next begins (`pruneCopies`).
    private func turnedCopy(_ t: Texture, _ s: PixelRect, uDown: Bool, vRight: Bool) -> Texture? {
        guard let source = t.sdl else { return nil }
        let wanted = TurnedCopy(texture: t.handle, source: s, uDown: uDown, vRight: vRight, written: t.written)
        if let held = turned[t.handle], held.holds == wanted {
            turned[t.handle]?.drawn = frames
            return held.texture
        }
        var format: UInt32 = 0
        var blend = SDL_BLENDMODE_NONE
        SDL_QueryTexture(source, &format, nil, nil, nil)
        SDL_GetTextureBlendMode(source, &blend)
        let old = turned.removeValue(forKey: t.handle)?.texture
        guard let (copy, _) = copyTexture(reusing: old, size: FrameSize(s.height, s.width), format: format),
            let target = copy.sdl
        else { return nil }
        let copied = Self.withPixels(of: source, and: target) { from, fromPitch, to, toPitch in
            QuarterTurnCopy.copy(
                from, sourcePitch: fromPitch, s, into: to, targetPitch: toPitch, uDown: uDown, vRight: vRight)
        }
        guard copied else {
            destroy(copy)
            return nil
        }
        SDL_SetTextureBlendMode(target, blend)
        turned[t.handle] = HeldCopy(texture: copy, holds: wanted, drawn: frames)
        return copy
    }
}
