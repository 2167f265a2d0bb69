import CSDL2
import CVDCore
import CVDSources
import CVDViewModel

/// A picture turned by a quarter (a one-cell mesh whose map is a quarter turn, mirrored or
/// not). SDL's software `SDL_RenderGeometry` samples the nearest texel at whole-texel
/// corners, so through it an enlarged picture shows its texels' edges where GL smooths.
/// Instead the part shown is copied turned into a texture of its own — a transposition of
/// whole texels, nothing resampled — and drawn as any upright picture is (`copy`), smoothed
/// as GL smooths (`BackendConformanceTests`).
extension SoftwareBackend {
    /// What a one-cell mesh draws when it is a quarter turn: the texture's part (whole
    /// texels: u across, v down the texture) and the window's rectangle, with which way
    /// each texture axis runs there.
    struct QuarterTurn: Equatable {
        let source: PixelRect
        let destination: Rect
        /// The texture's u grows down the window (else up); its v grows to the right (else left).
        let uDown: Bool, vRight: Bool
    }

    /// `mesh` (one cell: four vertices, two columns) as a quarter turn, or nil when it is
    /// anything else (upright, flipped, straightened, or not a rectangle).
    static func quarterTurn(_ mesh: [(x: Double, y: Double, u: Double, v: Double)], columns: Int) -> QuarterTurn? {
        guard mesh.count == 4, columns == 2 else { return nil }
        let (x0, x1) = (mesh.map(\.x).min()!, mesh.map(\.x).max()!)
        let (y0, y1) = (mesh.map(\.y).min()!, mesh.map(\.y).max()!)
        let (u0, u1) = (mesh.map(\.u).min()!, mesh.map(\.u).max()!)
        let (v0, v1) = (mesh.map(\.v).min()!, mesh.map(\.v).max()!)
        guard x1 - x0 >= 1, y1 - y0 >= 1, u1 - u0 >= 1, v1 - v0 >= 1 else { return nil }
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 * max(1, abs(a), abs(b)) }
        guard let topLeft = mesh.first(where: { near($0.x, x0) && near($0.y, y0) }) else { return nil }
        let uDown = near(topLeft.u, u0)
        let vRight = near(topLeft.v, v0)
        // Each corner of the window's rectangle shows the texture's corner the turn puts
        // there: u decided by the window's row alone, v by its column alone.
        for p in mesh {
            let top = near(p.y, y0)
            let left = near(p.x, x0)
            guard top || near(p.y, y1), left || near(p.x, x1),
                near(p.u, top == uDown ? u0 : u1), near(p.v, left == vRight ? v0 : v1)
            else { return nil }
        }
        let source = PixelRect(
            x: Int(u0.rounded()), y: Int(v0.rounded()), width: Int((u1 - u0).rounded()),
            height: Int((v1 - v0).rounded()))
        return QuarterTurn(source: source, destination: Rect(x0, y0, x1 - x0, y1 - y0), uDown: uDown, vRight: vRight)
    }

    /// Draws `t`'s part `q.source` turned into `q.destination`; false, having drawn nothing,
    /// when the texture's pixels cannot be read (not a streaming texture) or the turned copy
    /// cannot be made.
    func drawQuarterTurn(_ t: Texture, _ q: QuarterTurn) -> Bool {
        let s = q.source.intersection(PixelRect(width: t.size.width, height: t.size.height))
        guard s == q.source, let source = t.sdl else { return false }
        // The turned copy: v across (the window's x), u down (its y).
        let size = FrameSize(s.height, s.width)
        var format: UInt32 = 0
        SDL_QueryTexture(source, &format, nil, nil, nil)
        if let old = turned, old.size != size || turnedFormat != format {
            destroy(old)
            turned = nil
        }
        if turned == nil {
            turned = SDL_CreateTexture(
                renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(size.width), Int32(size.height)
            ).map { Texture(sdl: $0, size: size) }
            turnedFormat = format
        }
        guard let copy = turned, let target = copy.sdl else { return false }
        guard Self.transpose(source, into: target, s, size, uDown: q.uDown, vRight: q.vRight) else { return false }
        var blend = SDL_BLENDMODE_NONE
        SDL_GetTextureBlendMode(source, &blend)
        SDL_SetTextureBlendMode(target, blend)
        self.copy(copy, Rect(0, 0, Double(size.width), Double(size.height)), to: q.destination, in: outputSize)
        return true
    }

    /// Copies the part `s` of `source` turned into `target` (`size`: `s` transposed), the
    /// texture's u running down `target` when `uDown` (else up), its v to the right when
    /// `vRight` (else left). Both unlocked again before it returns; false when either
    /// cannot be locked (a texture that is not a streaming one).
    private static func transpose(
        _ source: OpaquePointer, into target: OpaquePointer, _ s: PixelRect, _ size: FrameSize, uDown: Bool,
        vRight: Bool
    ) -> Bool {
        var from: UnsafeMutableRawPointer?
        var to: UnsafeMutableRawPointer?
        var fromPitch: Int32 = 0
        var toPitch: Int32 = 0
        guard SDL_LockTexture(source, nil, &from, &fromPitch) == 0, let from else { return false }
        defer { SDL_UnlockTexture(source) }
        guard SDL_LockTexture(target, nil, &to, &toPitch) == 0, let to else { return false }
        defer { SDL_UnlockTexture(target) }
        // Safe: each locked area is pitch × height bytes of 4-byte pixels, valid until its
        // unlock; the reads stay inside `s`, which lies inside the source texture (checked
        // by the caller), and the writes inside `size`, the target's.
        let sourceRow = Int(fromPitch) / 4
        let targetRow = Int(toPitch) / 4
        let src = from.assumingMemoryBound(to: UInt32.self)
        let dst = to.assumingMemoryBound(to: UInt32.self)
        let (w, h) = (size.width, size.height)
        // In tiles, so that the column read of the source stays in the cache.
        let tile = 32
        for j0 in stride(from: 0, to: h, by: tile) {
            for i0 in stride(from: 0, to: w, by: tile) {
                for j in j0..<min(j0 + tile, h) {
                    let u = uDown ? s.x + j : s.x + s.width - 1 - j
                    let out = dst + j * targetRow
                    for i in i0..<min(i0 + tile, w) {
                        let v = vRight ? s.y + i : s.y + s.height - 1 - i
                        out[i] = src[v * sourceRow + u]
                    }
                }
            }
        }
        return true
    }
}
