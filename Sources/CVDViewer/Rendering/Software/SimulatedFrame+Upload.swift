import CSDL2
import CVDCore
import CVDViewModel

extension SimulatedFrame {
    /// Copies the part `box` (in frame pixels) into the same place of `texture`, a
    /// streaming texture the frame's size (wraps `SDL_UpdateTexture`).
    @MainActor
    func upload(_ box: PixelRect, into texture: OpaquePointer) {
        guard box.x >= 0, box.y >= 0, box.width > 0, box.height > 0, box.x + box.width <= layout.width,
            box.y + box.height <= layout.height
        else { return }
        var rect = SDL_Rect(x: Int32(box.x), y: Int32(box.y), w: Int32(box.width), h: Int32(box.height))
        pixels.withUnsafeBytes { p in
            // The box lies inside the frame (checked above), so its first pixel and the
            // `box.h` rows of `layout.bytesPerRow` that SDL reads from it lie inside `pixels`
            // (at least `layout.minimumByteCount` bytes: `matches`).
            let start = p.baseAddress! + box.y * layout.bytesPerRow + box.x * 4
            SDL_UpdateTexture(texture, &rect, start, Int32(layout.bytesPerRow))
        }
    }
}
