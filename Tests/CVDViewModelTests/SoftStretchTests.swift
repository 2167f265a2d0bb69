import CSDL2
import CVDCore
import Testing

@testable import CVDViewModel

/// The software renderer redraws only the parts of the window the screen changed
/// (`Viewer+Parts`), computing each part's pixels as SDL computes them for the whole
/// stretch: here against SDL itself (`SDL_SoftStretchLinear`, `SDL_SoftStretch`), for
/// pictures shrunk and enlarged, and parts anywhere — at the edges too — byte for byte.
@Suite struct SoftStretchTests {

    /// A 32-bit surface of `w` × `h` filled from `g`.
    static func surface(_ w: Int, _ h: Int, _ g: inout SceneRandom) -> UnsafeMutablePointer<SDL_Surface> {
        let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_RGB888.rawValue)!
        let pixels = s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for i in 0..<(Int(s.pointee.pitch) * h) { pixels[i] = UInt8(truncatingIfNeeded: g.next()) }
        return s
    }

    /// The rows of `box` of a surface, as bytes.
    static func pixels(_ s: UnsafeMutablePointer<SDL_Surface>, _ box: PixelRect) -> [UInt8] {
        let p = s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let pitch = Int(s.pointee.pitch)
        return (box.y..<(box.y + box.height)).flatMap { y in (0..<(box.width * 4)).map { p[y * pitch + box.x * 4 + $0] }
        }
    }

    static func check(linear: Bool, cases: Int, sizes: ClosedRange<Int>, seed: UInt64) {
        var g = SceneRandom(seed: seed)
        for _ in 0..<cases {
            let (sw, sh) = (Int.random(in: sizes, using: &g), Int.random(in: sizes, using: &g))
            let (dw, dh) = (Int.random(in: sizes, using: &g), Int.random(in: sizes, using: &g))
            let src = Self.surface(sw + 6, sh + 5, &g)
            let whole = Self.surface(dw + 9, dh + 7, &g)
            let part = Self.surface(dw + 9, dh + 7, &g)
            defer {
                for s in [src, whole, part] { SDL_FreeSurface(s) }
            }
            var s = SDL_Rect(x: 3, y: 2, w: Int32(sw), h: Int32(sh))
            var d = SDL_Rect(x: 5, y: 4, w: Int32(dw), h: Int32(dh))
            let ok = linear ? SDL_SoftStretchLinear(src, &s, whole, &d) : SDL_SoftStretch(src, &s, whole, &d)
            #expect(ok == 0, "SDL: \(String(cString: SDL_GetError()))")
            let x0 = Int.random(in: 0..<dw, using: &g)
            let y0 = Int.random(in: 0..<dh, using: &g)
            let p = PixelRect(
                x: 5 + x0, y: 4 + y0, width: Int.random(in: 1...(dw - x0), using: &g),
                height: Int.random(in: 1...(dh - y0), using: &g))
            let stretch = linear ? SoftStretch.linear : SoftStretch.nearest
            stretch(
                src.pointee.pixels, Int(src.pointee.pitch), PixelRect(x: 3, y: 2, width: sw, height: sh),
                part.pointee.pixels,
                Int(part.pointee.pitch), PixelRect(x: 5, y: 4, width: dw, height: dh), p)
            #expect(
                Self.pixels(part, p) == Self.pixels(whole, p),
                "\(sw)×\(sh) → \(dw)×\(dh), part \(p.x),\(p.y) \(p.width)×\(p.height)")
        }
    }

    @Test func bilinearPartsAreSDLsWholeStretchByteForByte() {
        Self.check(linear: true, cases: 300, sizes: 2...90, seed: 11)
        // A monitor's picture in a window: shrunk by odd factors, and a reduced pane enlarged.
        Self.check(linear: true, cases: 20, sizes: 300...700, seed: 12)
    }

    @Test func nearestPartsAreSDLsWholeStretchByteForByte() {
        Self.check(linear: false, cases: 300, sizes: 1...90, seed: 13)
    }

    /// The window's part a change reaches: its texels and their neighbours, scaled, inside
    /// the destination.
    @Test func theWindowsPartAChangeReaches() throws {
        let r = try #require(
            BlitRects(source: Rect(0, 0, 200, 100), destination: Rect(10, 20, 100, 50), width: 400, height: 300))
        #expect(
            r.destination(covering: PixelRect(x: 100, y: 50, width: 20, height: 10))
                == PixelRect(x: 58, y: 43, width: 14, height: 9))
        #expect(
            r.destination(covering: PixelRect(x: 0, y: 0, width: 2, height: 2))
                == PixelRect(x: 10, y: 20, width: 3, height: 3))
        #expect(r.destination(covering: PixelRect(x: 500, y: 0, width: 2, height: 2)) == nil)
    }
}
