import CVDSources
import CX11Screen

/// The mouse pointer's picture and place (XFIXES: `XFixesGetCursorImage`), drawn into the
/// frame with `--cursor`: screen reads leave it out, as the server draws it apart.
final class X11Cursor {
    private let x: X11Connection
    /// What was drawn last: the pointer's hot spot and its picture's serial number.
    private(set) var last: (x: Int, y: Int, serial: UInt) = (-1, -1, 0)
    /// The pointer as last looked at: Xlib's allocation, freed at the next look.
    private var image: UnsafeMutablePointer<XFixesCursorImage>?

    init?(_ connection: X11Connection) {
        guard connection.hasFixes else { return nil }
        x = connection
    }

    deinit { if let image { XFree(image) } }

    /// Looks at the pointer (one round trip a tick: `XFixesGetCursorImage`), and says whether
    /// it moved or changed its picture since the last `draw`, which draws what this saw.
    func look() -> Bool {
        if let image { XFree(image) }
        image = XFixesGetCursorImage(x.display)
        guard let c = image?.pointee else { return false }
        return (Int(c.x), Int(c.y), UInt(c.cursor_serial)) != last
    }

    /// Blends the pointer's picture (premultiplied ARGB) as last looked at into `buffer`, a
    /// BGRA frame of `rect` in screen coordinates.
    func draw(into buffer: inout [UInt8], rect: ScreenRect) {
        guard let cursor = image?.pointee else { return }
        last = (Int(cursor.x), Int(cursor.y), UInt(cursor.cursor_serial))
        let (w, h) = (Int(cursor.width), Int(cursor.height))
        let left = Int(cursor.x) - Int(cursor.xhot) - rect.x
        let top = Int(cursor.y) - Int(cursor.yhot) - rect.y
        guard let pixels = cursor.pixels else { return }
        for cy in 0..<h {
            let y = top + cy
            guard y >= 0, y < rect.height else { continue }
            for cx in 0..<w {
                let x = left + cx
                guard x >= 0, x < rect.width else { continue }
                // `pixels` holds w × h values, each one pixel's ARGB in its low 32 bits.
                let argb = UInt32(truncatingIfNeeded: pixels[cy * w + cx])
                let a = Int(argb >> 24)
                guard a > 0 else { continue }
                let o = (y * rect.width + x) * 4
                for (k, shift) in [(0, 0), (1, 8), (2, 16)] as [(Int, UInt32)] {
                    let source = Int((argb >> shift) & 0xFF)
                    buffer[o + k] = UInt8(min(255, source + Int(buffer[o + k]) * (255 - a) / 255))
                }
            }
        }
    }
}
