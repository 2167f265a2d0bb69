import CVDCore
import CVDViewModel
import Testing

@testable import CVDViewer

/// The arithmetic of drawing only the changed parts, against its definitions: the texels a
/// part of the picture falls in (`PaneUpdate.texels`, `PaneUpdate.boxes`), and the window
/// pixels a GL piece paints whole (`PartialPicture.covered`: each pixel's whole square
/// inside the quad, so its centre is too, whatever the rasteriser's rule for edges).
@Suite struct PartsGeometryTests {
    @Test(arguments: [1, 2, 3, 4])
    func theTexelsOfAPartAreExactlyThoseItsPixelsFallIn(reduction r: Int) {
        var random = SceneRandom(seed: 0x7E7E1) // the same cases every run
        func next(_ n: Int) -> Int { Int.random(in: 0..<n, using: &random) }
        for _ in 0..<200 {
            let p = PixelRect(x: next(300), y: next(200), width: 1 + next(50), height: 1 + next(40))
            let t = PaneUpdate.texels(p, reduction: r)
            // Every pixel's texel is inside, and the first and last pixels' texels are its edges.
            #expect(t.x == p.x / r && t.y == p.y / r, "\(p) ÷ \(r) → \(t)")
            #expect(t.x + t.width - 1 == (p.x + p.width - 1) / r, "\(p) ÷ \(r) → \(t)")
            #expect(t.y + t.height - 1 == (p.y + p.height - 1) / r, "\(p) ÷ \(r) → \(t)")
        }
    }

    @Test func boxesAreThePartsTexelsInsideTheBox() {
        let box = PixelRect(x: 10, y: 10, width: 100, height: 50)
        #expect(PaneUpdate.boxes(nil, reduction: 2, in: box) == [box])
        #expect(
            PaneUpdate.boxes([PixelRect(x: 0, y: 0, width: 8, height: 8)], still: true, reduction: 1, in: box) == [])
        let parts = [
            PixelRect(x: 0, y: 0, width: 30, height: 30), // overlaps the box's corner
            PixelRect(x: 400, y: 0, width: 10, height: 10), // outside it
            PixelRect(x: 41, y: 41, width: 3, height: 3), // inside, odd at reduction 2
        ]
        #expect(
            PaneUpdate.boxes(parts, reduction: 2, in: box) == [
                PixelRect(x: 10, y: 10, width: 5, height: 5), PixelRect(x: 20, y: 20, width: 2, height: 2),
            ])
    }

    @Test func aGLPieceCoversThePixelsWhollyInsideIt() {
        var random = SceneRandom(seed: 0xC0FE) // the same cases every run
        func next(_ n: Int) -> Int { Int.random(in: 0..<n, using: &random) }
        let texture = Texture(handle: 1, size: FrameSize(640, 360))
        for _ in 0..<200 {
            let d = Rect(
                Double(next(4000)) / 8, Double(next(3000)) / 8, 1 + Double(next(8000)) / 8,
                1 + Double(next(6000)) / 8)
            let piece = PartialPicture(
                texture: texture, source: Rect(0, 0, 640, 360), destination: d, sampling: .linear)
            let c = piece.covered
            func inside(_ x: Int, _ y: Int) -> Bool {
                Double(x) >= d.x && Double(x + 1) <= d.x + d.w && Double(y) >= d.y && Double(y + 1) <= d.y + d.h
            }
            if c.isEmpty { continue }
            #expect(inside(c.x, c.y) && inside(c.x + c.width - 1, c.y + c.height - 1), "\(d) → \(c)")
            // And no more could be: the pixels just outside it are not wholly inside.
            #expect(!inside(c.x - 1, c.y) && !inside(c.x + c.width, c.y), "\(d) → \(c)")
            #expect(!inside(c.x, c.y - 1) && !inside(c.x, c.y + c.height), "\(d) → \(c)")
        }
    }
}
