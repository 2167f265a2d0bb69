import CSDL2
import CVDCore
import Testing

@testable import CVDViewModel

/// The software renderer redraws only the parts of the window the screen changed
/// (`Viewer+Parts`), computing each part's pixels as SDL computes them for the whole
/// stretch: here against SDL itself (`SDL_SoftStretchLinear`, `SDL_SoftStretch`), for
/// pictures shrunk and enlarged, and parts anywhere — at the edges too — byte for byte.
@Suite struct SoftStretchTests {
    typealias Box = BlitRects.Box

    /// A 32-bit surface of `w` × `h` filled from `g`.
    static func surface(_ w: Int, _ h: Int, _ g: inout SceneRandom) -> UnsafeMutablePointer<SDL_Surface> {
        let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_RGB888.rawValue)!
        let pixels = s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for i in 0..<(Int(s.pointee.pitch) * h) { pixels[i] = UInt8(truncatingIfNeeded: g.next()) }
        return s
    }

    /// The rows of `box` of a surface, as bytes.
    static func pixels(_ s: UnsafeMutablePointer<SDL_Surface>, _ box: Box) -> [UInt8] {
        let p = s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let pitch = Int(s.pointee.pitch)
        return (box.y..<(box.y + box.h)).flatMap { y in (0..<(box.w * 4)).map { p[y * pitch + box.x * 4 + $0] } }
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
            let p = Box(
                5 + x0, 4 + y0, Int.random(in: 1...(dw - x0), using: &g), Int.random(in: 1...(dh - y0), using: &g))
            let stretch = linear ? SoftStretch.linear : SoftStretch.nearest
            stretch(
                src.pointee.pixels, Int(src.pointee.pitch), Box(3, 2, sw, sh), part.pointee.pixels,
                Int(part.pointee.pitch), Box(5, 4, dw, dh), p)
            #expect(
                Self.pixels(part, p) == Self.pixels(whole, p),
                "\(sw)×\(sh) → \(dw)×\(dh), part \(p.x),\(p.y) \(p.w)×\(p.h)")
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
        #expect(r.destination(covering: Box(100, 50, 20, 10)) == Box(58, 43, 14, 9))
        #expect(r.destination(covering: Box(0, 0, 2, 2)) == Box(10, 20, 3, 3))
        #expect(r.destination(covering: Box(500, 0, 2, 2)) == nil)
    }
}
