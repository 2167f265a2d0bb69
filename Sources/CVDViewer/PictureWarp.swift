import CVDCore
import CVDViewModel

/// The shown picture (turned, straightened: `PictureMap`) made from the camera's, pixel by
/// pixel, for what does not go through the renderer — the virtual camera. The shown picture
/// is fitted into `destination`'s size (centred, black around it) and each of its pixels
/// takes the nearest pixel of the camera's picture, found through the map's inverse.
enum PictureWarp {
    static func apply(
        _ map: PictureMap, source: UnsafeRawBufferPointer, _ sl: FrameLayout,
        into destination: UnsafeMutableRawBufferPointer, _ dl: FrameLayout
    ) {
        let scale = min(Double(dl.width) / map.view.width, Double(dl.height) / map.view.height)
        let ox = (Double(dl.width) - map.view.width * scale) / 2
        let oy = (Double(dl.height) - map.view.height * scale) / 2
        let h = map.backward.m
        guard let src = source.baseAddress, let dst = destination.baseAddress,
            source.count >= sl.minimumByteCount, destination.count >= dl.minimumByteCount,
            sl.format.bytesPerPixel == 4, dl.format.bytesPerPixel == 4
        else { return }
        for y in 0..<dl.height {
            let row = dst + y * dl.bytesPerRow
            let vy = (Double(y) + 0.5 - oy) / scale
            for x in 0..<dl.width {
                let vx = (Double(x) + 0.5 - ox) / scale
                let out = row + x * 4
                // The camera picture's point under this one (h maps shown → camera pixels),
                // only inside the shown picture and in front of the camera (w > 0); checked
                // as a Double first, since Int(_:) traps on NaN, infinity or out of range.
                let w = h[6] * vx + h[7] * vy + h[8]
                let fx = (h[0] * vx + h[1] * vy + h[2]) / w
                let fy = (h[3] * vx + h[4] * vy + h[5]) / w
                guard vx >= 0, vy >= 0, vx < map.view.width, vy < map.view.height, w > 0, fx >= 0, fy >= 0,
                    fx < Double(sl.width), fy < Double(sl.height)
                else {
                    out.storeBytes(of: UInt32(0xFF00_0000), as: UInt32.self)
                    continue
                }
                // Both pointers stay inside their buffers: 0 ≤ px < width, 0 ≤ py < height.
                let px = Int(fx)
                let py = Int(fy)
                out.copyMemory(from: src + py * sl.bytesPerRow + px * 4, byteCount: 4)
            }
        }
    }
}
