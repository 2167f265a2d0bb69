import CSDL2
import CVDCore
import CVDSources
import CVDViewModel

/// A whole frame already simulated into BGRA at its full size — the virtual camera's
/// clean picture — which a pane showing the same simulation of the same frame at full
/// size uploads (`SDL_UpdateTexture`, one copy) instead of running the kernel again.
/// Holds the pixels by reference (copy-on-write): no copy is made to pass it around, and
/// none when the virtual camera writes its next picture after the panes are drawn.
struct SimulatedFrame {
    let timestamp: Double
    let simulation: Simulation
    let balance: WhiteBalance
    let pixels: [UInt8]
    let layout: FrameLayout

    /// Whether this is `frame` in `simulation` under `balance`, and a pane at `reduction`
    /// shows it at its full size.
    func matches(_ frame: Frame, _ simulation: Simulation, balance: WhiteBalance, reduction: Int) -> Bool {
        reduction == 1 && frame.timestamp == timestamp && simulation == self.simulation && balance == self.balance
            && frame.layout.width == layout.width && frame.layout.height == layout.height
            && pixels.count >= layout.minimumByteCount
    }

    /// Copies the part `box` (in frame pixels) into the same place of `texture`, a
    /// streaming texture the frame's size (wraps `SDL_UpdateTexture`).
    @MainActor
    func upload(_ box: BlitRects.Box, into texture: OpaquePointer) {
        guard box.x >= 0, box.y >= 0, box.w > 0, box.h > 0, box.x + box.w <= layout.width,
            box.y + box.h <= layout.height
        else { return }
        var rect = SDL_Rect(x: Int32(box.x), y: Int32(box.y), w: Int32(box.w), h: Int32(box.h))
        pixels.withUnsafeBytes { p in
            // The box lies inside the frame (checked above), so its first pixel and the
            // `box.h` rows of `layout.bytesPerRow` that SDL reads from it lie inside `pixels`
            // (at least `layout.minimumByteCount` bytes: `matches`).
            let start = p.baseAddress! + box.y * layout.bytesPerRow + box.x * 4
            SDL_UpdateTexture(texture, &rect, start, Int32(layout.bytesPerRow))
        }
    }
}
