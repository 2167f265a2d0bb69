import CVDCore
import Testing

@testable import CVDViewModel
@testable import CVDViewer

/// A new frame's changed parts are drawn with only the overlays that reach them
/// (`DrawList.reaching`): in SDL's software renderer, clipped to a part, the items kept give
/// the same pixels, byte for byte, as the whole list — for parts all over the window, ones
/// that just touch an item's edge among them — and items far from a part are left out.
@Suite(.serialized) @MainActor struct DrawListReachTests {
    @Test func aPartDrawnWithWhatReachesItIsTheSameAsWithTheWholeList() throws {
        let canvas = try BackendConformanceTests.opened(.software)
        let sw = try #require(canvas.backend as? SoftwareBackend)
        let texture = try #require(sw.makeTexture(from: BackendConformanceTests.picture))
        defer { sw.destroy(texture) }
        let list = BackendConformanceTests.list
        let size = BackendConformanceTests.size
        func drawn(_ l: DrawList, in box: PixelRect) throws -> [UInt8] {
            sw.endParts()
            sw.clear()
            sw.beginPart(box, black: false, in: size)
            sw.draw(l, text: canvas.text, textures: [texture])
            sw.endParts()
            var bytes: [UInt8] = []
            _ = try #require(sw.readPixels(into: &bytes))
            return Array(bytes.prefix(size.width * size.height * 4))
        }
        // A grid of parts over the window, and thin parts along each item's edges, just
        // inside and just outside them (where the rounding to whole pixels decides).
        var boxes: [PixelRect] = []
        for y in stride(from: 0, to: size.height, by: 40) {
            for x in stride(from: 0, to: size.width, by: 60) {
                boxes.append(PixelRect(x: x, y: y, width: 60, height: 40))
            }
        }
        for item in list.items {
            let b = try #require(DrawList.bounds(item))
            let (x0, y0) = (Int(b.x.rounded(.down)), Int(b.y.rounded(.down)))
            let (x1, y1) = (Int((b.x + b.w).rounded(.up)), Int((b.y + b.h).rounded(.up)))
            for d in [-2, 0, 1] {
                boxes += [
                    PixelRect(x: x0 + d, y: y0, width: 1, height: y1 - y0),
                    PixelRect(x: x1 - 1 - d, y: y0, width: 1, height: y1 - y0),
                    PixelRect(x: x0, y: y0 + d, width: x1 - x0, height: 1),
                    PixelRect(x: x0, y: y1 - 1 - d, width: x1 - x0, height: 1),
                ]
            }
        }
        boxes = boxes.map { $0.intersection(PixelRect(width: size.width, height: size.height)) }.filter { !$0.isEmpty }
        var left = 0
        for box in boxes {
            let kept = list.reaching(box)
            left += list.items.count - kept.items.count
            #expect(try drawn(kept, in: box) == drawn(list, in: box), "the part \(box)")
        }
        #expect(left > boxes.count * list.items.count / 2, "most items are far from most parts: \(left) left out")
    }
}
