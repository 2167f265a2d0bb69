import CSDL2
import CVDCore

/// Reading back what was drawn: for snapshots and screenshots, and for a virtual camera that
/// sends the window with its overlays.
extension Canvas {
    /// Reads back what was drawn (before present, while the back buffer is defined) as
    /// opaque RGBA (wraps `SDL_RenderReadPixels`).
    func readPixels() throws(ViewerError) -> RGBAImage {
        let size = outputSize
        var pixels = [UInt8](repeating: 0, count: size.area * 4)
        let ok = pixels.withUnsafeMutableBytes { p in
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ABGR8888.rawValue, p.baseAddress, Int32(size.width * 4))
                == 0
        }
        guard ok else { throw .sdl("snapshot", String(cString: SDL_GetError())) }
        for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        return RGBAImage(width: size.width, height: size.height, pixels: pixels)
    }

    /// The same into a reused buffer (RGBA bytes), for every frame of a virtual camera
    /// with overlays; nil on failure.
    func readPixels(into buffer: inout [UInt8]) -> FrameLayout? {
        let size = outputSize
        let layout = FrameLayout(format: .rgba, width: size.width, height: size.height)
        if buffer.count != layout.minimumByteCount { buffer = [UInt8](repeating: 0, count: layout.minimumByteCount) }
        let ok = buffer.withUnsafeMutableBytes { p in
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ABGR8888.rawValue, p.baseAddress, Int32(size.width * 4))
                == 0
        }
        return ok ? layout : nil
    }
}
