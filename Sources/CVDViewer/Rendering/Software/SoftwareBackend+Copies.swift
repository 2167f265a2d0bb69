import CSDL2
import CVDCore

/// What the turned and mesh copies share (`SoftwareBackend+QuarterTurn`, `+Mesh`): one
/// copy kept per pane texture, its streaming texture reused while its size and format stay,
/// and the pixels of a pane texture and its copy reached together.
extension SoftwareBackend {
    /// A copy, what it holds (equal when it may be drawn again as it is) and the frame
    /// (`frames`) that last drew it.
    struct HeldCopy<Holds: Equatable> {
        let texture: Texture
        let holds: Holds
        var drawn: Int
    }

    /// Frees the copies not drawn since the frame before began: called as a whole frame
    /// begins (`clear()`), so a copy still drawn is never freed and one no longer drawn lives
    /// one frame.
    func pruneCopies() {
        prune(&turned)
        prune(&meshed)
        frames &+= 1
    }

    /// Frees and forgets the copies in `copies` the frame now ending did not draw.
    private func prune<Holds>(_ copies: inout [UInt: HeldCopy<Holds>]) {
        for (key, old) in copies where old.drawn != frames {
            destroy(old.texture)
            copies[key] = nil
        }
    }

    /// `old` when it is `size` and `format`, else a new streaming texture (`old` freed);
    /// `made`: a new one. Nil when SDL cannot make it.
    func copyTexture(reusing old: Texture?, size: FrameSize, format: UInt32) -> (texture: Texture, made: Bool)? {
        if let old, let o = old.sdl {
            var oldFormat: UInt32 = 0
            SDL_QueryTexture(o, &oldFormat, nil, nil, nil)
            if old.size == size, oldFormat == format { return (old, false) }
            destroy(old)
        }
        return SDL_CreateTexture(
            renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(size.width), Int32(size.height)
        ).map { (Texture(sdl: $0, size: size), true) }
    }

    /// Locks `source` and `target` (streaming textures of 4-byte pixels) and hands `body`
    /// their pixels with their rows' lengths in pixels; both unlocked again before it
    /// returns. False when either cannot be locked (a texture that is not a streaming one).
    static func withPixels(
        of source: OpaquePointer, and target: OpaquePointer,
        _ body: (UnsafePointer<UInt32>, Int, UnsafeMutablePointer<UInt32>, Int) -> Void
    ) -> Bool {
        var from: UnsafeMutableRawPointer?
        var to: UnsafeMutableRawPointer?
        var fromPitch: Int32 = 0
        var toPitch: Int32 = 0
        guard SDL_LockTexture(source, nil, &from, &fromPitch) == 0, let from else { return false }
        defer { SDL_UnlockTexture(source) }
        guard SDL_LockTexture(target, nil, &to, &toPitch) == 0, let to else { return false }
        defer { SDL_UnlockTexture(target) }
        // Safe: each locked area is pitch × height bytes of 4-byte pixels (SDL aligns the
        // rows to 4 bytes), valid until its unlock, which comes after `body` returns.
        body(
            UnsafePointer(from.assumingMemoryBound(to: UInt32.self)), Int(fromPitch) / 4,
            to.assumingMemoryBound(to: UInt32.self), Int(toPitch) / 4)
        return true
    }
}
