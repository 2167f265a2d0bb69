import CVDCheck
import CVDCore
import CVDImageIO
import Foundation
import Testing

/// The check of the material in the live view, as a teacher uses it: `z` outlines and
/// numbers the pairs the mode confuses (as the colour core's own check finds them), `z`
/// again shows the picture recoloured with the suggestion, simulated, and once more turns
/// it all off. Colours on screen within ±3 levels of the colour core's prediction.
@Suite(.serialized) struct CheckE2ETests {
    // matplotlib's red and green (tab10): at risk in deuteranopia (21.5 → 1.4 steps).
    static let red = RGB8(214, 39, 40)
    static let green = RGB8(44, 160, 44)
    static let blue = RGB8(40, 90, 200)
    static let paper = RGB8(245, 245, 240)
    /// A bar chart whose red and green deuteranopia confuses; the green bar is the smaller.
    static let bars: [(TestPicture.Rect, RGB8)] = [
        ((200, 200, 200, 400), red), ((500, 250, 200, 350), green), ((800, 300, 200, 300), blue),
    ]
    static var chart: TestPicture { TestPicture("chart.png", background: paper, bars) }

    /// Pure black and pure white pixels (the outline's dashes) in the rows around the red
    /// bar's top edge.
    static func dashes(_ shot: RGBAImage) -> (black: Int, white: Int) {
        var black = 0
        var white = 0
        for y in 185..<215 {
            for x in 190..<410 {
                let c = shot[x, y]
                if max(c.r, c.g, c.b) <= 10 { black += 1 }
                if min(c.r, c.g, c.b) >= 250 { white += 1 }
            }
        }
        return (black, white)
    }

    @Test func zMarksThenRecoloursThenTurnsOff() throws {
        let x = try XSession()
        defer { x.close() }
        let sim = try Simulation(mode: .deuteranopia)
        let kernel = FrameKernel(sim)
        // The picture 1:1 in the window, so that picture and window coordinates agree.
        let path = try Self.chart.write(in: x.dir)
        try x.launch(
            ["--image", path, "--window", "1280x720", "--mode", "deuteranopia", "--labels-over-picture"],
            environment: ["CVDCAM_PRINT_OVERLAYS": "1"])
        try x.waitForOutput("showing image chart.png")
        #expect(Self.dashes(try x.screenshot()).black == 0, "black on the chart before the check")

        // What the colour core's check says about the picture, and its suggestion.
        let check = MaterialCheck(Self.chart.image, simulations: [sim])
        let pairs = check.numberedPairs
        #expect(pairs.count == 1, "the chart was meant to have one pair at risk: \(pairs)")
        let suggestion = try #require(Replacement.suggest(for: check).first)
        let replaced = check.found.regions[suggestion.region]
        #expect(replaced.rgb == Self.green)

        try x.key("z")
        let out = try x.waitForOutput("cvdcam: check: 1 ")
        let verdict = check.results[0].pairs[0].verdictSeen.rawValue
        #expect(
            out.contains(
                "check: 1 red ↔ green (deuteranopia: \(verdict); instead of green \(suggestion.colour.hexString))"),
            "\(out)")
        // Outlined (dashes of black and white) and numbered above the red bar's top-left corner.
        try x.waitForScreen { shot in
            let d = Self.dashes(shot)
            return d.black > 20 && d.white > 20 ? nil : "no dashed outline at the red bar: \(d)"
        }
        let report = x.readOutput().split(separator: "\n").last { $0.contains("overlays:") && $0.contains("tag1:") }
        let tag = try #require(report?.split(separator: " ").first { $0.hasPrefix("tag1:") }, "\(x.readOutput())")
        let at = tag.dropFirst(5).split(separator: ",").compactMap { Int($0) }
        // On the paper just above the red bar's top-left corner (the bar's top edge is at y 200).
        #expect(abs(at[0] - 200) <= 12 && (140..<200).contains(at[1]), "tag 1 at \(at), not above the red bar's corner")
        #expect(report?.contains("check:") == true, "no band: \(report ?? "")")
        let shot = try x.screenshot()
        try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/check-marks.png")

        // z again: the picture as it is (left) and recoloured with the suggestion (right), both
        // simulated: the green bar as deuteranopia shows it on the left, its replacement on the
        // right (either on the other side: less than 1 % of it, the scaled picture's edges).
        try x.key("z")
        try x.waitForOutput("left as it is, right recoloured with the suggestions")
        let fixed = kernel.apply(suggestion.colour)
        let before = kernel.apply(Self.green)
        try x.waitForScreen { shot in
            let half = shot.width / 2
            let (oldLeft, oldRight) = (
                Self.count(before, in: shot, 0..<half), Self.count(before, in: shot, half..<shot.width)
            )
            let (newLeft, newRight) = (
                Self.count(fixed, in: shot, 0..<half), Self.count(fixed, in: shot, half..<shot.width)
            )
            return oldLeft > 1000 && newRight > 1000 && oldRight * 100 < oldLeft && newLeft * 100 < newRight
                ? nil
                : "green as it was: \(oldLeft) left, \(oldRight) right; replaced: \(newLeft) left, \(newRight) right"
        }
        try ImageFile.write(try x.screenshot(), to: ViewerE2ETests.screenshotDir + "/check-recoloured.png")

        // Once more: off — the picture as it is, no outline.
        try x.key("z")
        try x.waitForOutput("check off")
        let original = kernel.apply(Self.green)
        try x.waitForScreen { shot in
            let c = shot[600, 450]
            guard c.distance(to: original) <= ViewerE2ETests.tolerance else { return "green bar shows \(c)" }
            return Self.dashes(shot).black == 0 ? nil : "the outline stayed"
        }
    }

    /// How many pixels of `shot` in the columns `columns` are within the tests' tolerance of `colour`.
    static func count(_ colour: RGB8, in shot: RGBAImage, _ columns: Range<Int>) -> Int {
        var n = 0
        for y in 0..<shot.height {
            for x in columns where shot[x, y].distance(to: colour) <= ViewerE2ETests.tolerance { n += 1 }
        }
        return n
    }

    /// A safe picture says so in one line (stdout), and the band says it on screen.
    @Test func aSafePictureIsSaidToBeSafe() throws {
        let x = try XSession()
        defer { x.close() }
        let safe = TestPicture(
            "safe.png", background: Self.paper,
            [((200, 200, 300, 300), RGB8(0, 0x72, 0xB2)), ((700, 200, 300, 300), RGB8(0xE6, 0x9F, 0))])
        try x.launch(
            ["--image", try safe.write(in: x.dir), "--window", "1280x720", "--mode", "deuteranopia"],
            environment: ["CVDCAM_PRINT_OVERLAYS": "1"])
        try x.waitForOutput("showing image safe.png")
        try x.key("z")
        try x.waitForOutput("check: safe in deuteranopia")
        // z again: nothing to recolour, so the check goes off.
        try x.key("z")
        try x.waitForOutput("check off")
    }
}
