import Foundation
import Testing

@testable import CVDCheck
@testable import CVDCore

/// `--marked` never hides the material: of each checked colour's pixels (those within the
/// `Recolouring` reach of its colour), at most 1 % are covered by outlines, tags or
/// leaders; every pair's tags are there, none on another.
@Suite struct CheckMarksTests {
    @Test(arguments: 0..<5) func marksCoverAtMostOnePercentOfAnyColour(_ k: Int) {
        let chart = RecolouringTests.charts[k]
        let img = chart.draw(chart.colours)
        let check = MaterialCheck(img, simulations: ReplacementTests.forms)
        #expect(!check.numberedPairs.isEmpty, "\(chart.name): pairs to mark")
        let marked = CheckMarks.draw(check, on: img)
        #expect(marked.pixels != img.pixels, "\(chart.name): something was marked")
        let regions = check.found.regions
        for (r, region) in regions.enumerated().dropFirst() {
            var (mine, covered) = (0, 0)
            for y in 0..<img.height {
                for x in 0..<img.width {
                    let p = img[x, y]
                    guard RecolouringTests.distance(p, region.rgb) <= 24 else { continue }
                    mine += 1
                    if marked[x, y] != p { covered += 1 }
                }
            }
            guard mine > 0 else { continue }
            let share = Double(covered) / Double(mine)
            #expect(
                share <= 0.01,
                "\(chart.name): colour \(r) \(region.rgb.hexString): \(covered) of \(mine) pixels covered")
        }
    }

    /// Tags placed for many boxes on one picture never lie on each other, and each is on
    /// paper when there is paper to be had.
    @Test func tagsNeverOnEachOther() {
        var d = Drawing(width: 400, height: 300)
        d.rect(100, 100, 200, 100, RGB8(0xD6, 0x27, 0x28))
        let space = FreeSpace(d.image, paper: RGB8(255, 255, 255))
        let box = ColourRegion.Box(x: 100, y: 100, width: 200, height: 100)
        var taken: [ColourRegion.Box] = []
        for _ in 0..<12 {
            let t = space.place((30, 20), near: box, gap: 2, avoiding: taken)
            #expect(!taken.contains { FreeSpace.overlap($0, t) }, "\(t) on another tag")
            #expect(space.count(t) == 0, "\(t) on the bar")
            taken.append(t)
        }
    }
}
