import CVDCore
import CVDViewModel
import Testing

@testable import CVDViewer

/// Which window pixels a change of some texels can reach when GL draws a texture part
/// stretched over a rectangle with linear filtering (`PartialPicture.linearReach`): against the OpenGL
/// specification's own rule (§8.14.2: a sample at u reads texels ⌊u − ½⌋ and ⌊u − ½⌋ + 1),
/// every window pixel whose centre's sample reads a changed texel lies in the reach.
@Suite struct GLPartsReachTests {
    /// The window pixels of `destination` whose sample reads a texel of `texels`, by the rule.
    static func reached(_ texels: PixelRect, _ s: Rect, _ d: Rect) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        let (x0, x1) = (Int(d.x.rounded(.down)), Int((d.x + d.w).rounded(.up)))
        let (y0, y1) = (Int(d.y.rounded(.down)), Int((d.y + d.h).rounded(.up)))
        func reads(_ p: Int, _ s0: Double, _ sw: Double, _ d0: Double, _ dw: Double, _ t0: Int, _ t1: Int) -> Bool {
            let u = s0 + (Double(p) + 0.5 - d0) * sw / dw
            let first = Int((u - 0.5).rounded(.down))
            return (first + 1 >= t0 && first < t1)
        }
        for y in y0..<y1 where reads(y, s.y, s.h, d.y, d.h, texels.y, texels.y + texels.height) {
            for x in x0..<x1 where reads(x, s.x, s.w, d.x, d.w, texels.x, texels.x + texels.width) {
                out.append((x, y))
            }
        }
        return out
    }

    @Test(arguments: [
        // 1:1, shrunk to 0.6 (the framed layout's), enlarged 2.5×, a pane's half picture
        // at an odd offset, a reduced texture.
        (Rect(0, 0, 640, 360), Rect(100, 50, 640, 360)),
        (Rect(0, 0, 1920, 1080), Rect(37.4, 60.2, 1152, 648)),
        (Rect(200, 100, 64, 48), Rect(0, 0, 160, 120)),
        (Rect(960, 0, 960, 1080), Rect(512.5, 33.3, 480.25, 540.6)),
        (Rect(0, 0, 480, 270), Rect(10, 10, 1000, 562.5)),
    ])
    func everyPixelThatReadsAChangedTexelIsInTheReach(source: Rect, destination: Rect) {
        var random = SceneRandom(seed: 0x5EED) // the same cases every run
        func next(_ n: Int) -> Int { Int.random(in: 0..<max(1, n), using: &random) }
        for _ in 0..<40 {
            let x = Int(source.x) + next(Int(source.w)) - 2
            let y = Int(source.y) + next(Int(source.h)) - 2
            let texels = PixelRect(x: x, y: y, width: 1 + next(40), height: 1 + next(30))
            let pixels = Self.reached(texels, source, destination)
            let reach = PartialPicture.linearReach(of: texels, from: source, to: destination)
            if pixels.isEmpty { continue }
            guard let reach else {
                Issue.record("no reach for \(texels), though \(pixels.count) pixels read it")
                continue
            }
            let outside = pixels.filter {
                !(reach.x..<(reach.x + reach.width)).contains($0.0)
                    || !(reach.y..<(reach.y + reach.height)).contains($0.1)
            }
            #expect(outside.isEmpty, "\(texels) → \(reach): \(outside.count) pixels outside, e.g. \(outside.first!)")
            // And not much more: at most two pixels beyond the rule's span on each side.
            let xs = pixels.map(\.0)
            let ys = pixels.map(\.1)
            #expect(reach.x >= xs.min()! - 3 && reach.x + reach.width <= xs.max()! + 4, "\(texels) → \(reach)")
            #expect(reach.y >= ys.min()! - 3 && reach.y + reach.height <= ys.max()! + 4, "\(texels) → \(reach)")
        }
    }

    @Test func texelsOutsideThePartReachNothing() {
        let s = Rect(100, 100, 200, 100)
        #expect(
            PartialPicture.linearReach(
                of: PixelRect(x: 0, y: 0, width: 10, height: 10), from: s, to: Rect(0, 0, 400, 200)) == nil)
        #expect(
            PartialPicture.linearReach(
                of: PixelRect(x: 400, y: 150, width: 10, height: 10), from: s, to: Rect(0, 0, 400, 200)) == nil
        )
    }
}
