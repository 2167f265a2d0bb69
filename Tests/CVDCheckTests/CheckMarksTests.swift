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

    /// Every group of a pair's marks is framed, not the largest only: a line chart's red and
    /// green series and their legend swatches, far from the lines, each get a frame — black
    /// and white dashes just outside the swatch (its black dashes at least an eighth of the
    /// ring two frame widths deep: the frame fills half of it, half of that black).
    @Test func everyGroupOfAPairsMarksIsFramed() throws {
        var d = Drawing(width: 800, height: 500)
        let (red, green) = (RGB8(0xD6, 0x27, 0x28), RGB8(0x2C, 0xA0, 0x2C))
        d.polyline([(60, 400), (200, 300), (340, 350), (480, 200)], width: 3, red)
        d.polyline([(60, 440), (200, 380), (340, 260), (480, 300)], width: 3, green)
        let swatches = [
            PixelRect(x: 640, y: 100, width: 40, height: 16), .init(x: 640, y: 200, width: 40, height: 16),
        ]
        d.rect(640, 100, 40, 16, red)
        d.rect(640, 200, 40, 16, green)
        let img = d.image
        let check = MaterialCheck(img, simulations: [try Simulation(mode: .deuteranopia)])
        #expect(check.numberedPairs.count == 1, "red and green at risk in deuteranopia")
        let marked = CheckMarks.draw(check, on: img)
        let thick = max(2, min(img.width, img.height) / 250)
        for s in swatches {
            var (ring, black) = (0, 0)
            for y in (s.y - 2 * thick)..<(s.y + s.height + 2 * thick) {
                for x in (s.x - 2 * thick)..<(s.x + s.width + 2 * thick)
                where x < s.x || x >= s.x + s.width || y < s.y || y >= s.y + s.height {
                    ring += 1
                    if marked[x, y] == RGB8(0, 0, 0) { black += 1 }
                }
            }
            // (The white dashes are not told from white paper: the black ones, half a frame.)
            #expect(black * 8 >= ring, "swatch \(s): \(black) of \(ring) pixels around it black dashes")
        }
        // The marks' groups: each series one group, each swatch one.
        for region in check.numberedPairs.flatMap({ [$0.first, $0.second] }) {
            let groups = CheckMarks.groups(check.found.regions[region], thick: thick)
            #expect(groups.count == 2, "\(check.found.regions[region].rgb.hexString): \(groups)")
        }
    }

    /// Tags placed for many boxes on one picture never lie on each other, and each is on
    /// paper when there is paper to be had.
    @Test func tagsNeverOnEachOther() {
        var d = Drawing(width: 400, height: 300)
        d.rect(100, 100, 200, 100, RGB8(0xD6, 0x27, 0x28))
        let space = FreeSpace(d.image, paper: RGB8(255, 255, 255))
        let box = PixelRect(x: 100, y: 100, width: 200, height: 100)
        var taken: [PixelRect] = []
        for _ in 0..<12 {
            let t = space.place((30, 20), near: box, gap: 2, avoiding: taken)
            #expect(!taken.contains { FreeSpace.overlap($0, t) }, "\(t) on another tag")
            #expect(space.count(t) == 0, "\(t) on the bar")
            taken.append(t)
        }
    }
}
