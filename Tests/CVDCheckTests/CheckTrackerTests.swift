import Foundation
import Testing

@testable import CVDCheck
@testable import CVDCore

/// The live view's check made calm (`CheckTracker`): what a camera's noise does to one
/// check changes nothing on screen; a change of the material shows once two checks agree;
/// a pair keeps its number while it stays, and a pair that comes keeps the numbers of
/// those that stayed.
@Suite struct CheckTrackerTests {
    static let sims = [VisionMode.protanopia, .deuteranopia, .tritanopia].map { try! Simulation(mode: $0) }
    // matplotlib's tab10: red ↔ green at risk in deuteranopia, green ↔ orange in
    // protanopia, blue ↔ purple in both.
    static let red = RGB8(0xD6, 0x27, 0x28)
    static let green = RGB8(0x2C, 0xA0, 0x2C)
    static let blue = RGB8(0x1F, 0x77, 0xB4)
    static let orange = RGB8(0xFF, 0x7F, 0x0E)
    static let purple = RGB8(0x94, 0x67, 0xBD)

    static func check(_ colours: [RGB8], noiseSeed: UInt64? = nil, shift: Int = 0) -> MaterialCheck {
        var img = CheckCorpus.barChart(colours)
        if let seed = noiseSeed { img = noisy(img, seed: seed) }
        if shift > 0 { img = shifted(img, by: shift) }
        return MaterialCheck(img, simulations: sims)
    }

    /// Sensor noise, σ 4 levels a channel, from `seed` (each camera frame's own).
    static func noisy(_ img: RGBAImage, seed: UInt64) -> RGBAImage {
        var rng = SceneRandom(seed: seed)
        var out = img
        for i in stride(from: 0, to: out.pixels.count, by: 4) {
            for k in 0..<3 {
                let u1 = max(rng.uniform(0, 1), 1e-12)
                let n = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * rng.uniform(0, 1)) * 4
                out.pixels[i + k] = UInt8(max(0, min(255, (Double(out.pixels[i + k]) + n).rounded())))
            }
        }
        return out
    }

    /// The chart moved `dx` pixels right on the same paper (the sheet slid under the camera).
    static func shifted(_ img: RGBAImage, by dx: Int) -> RGBAImage {
        var out = RGBAImage(width: img.width, height: img.height, fill: RGB8(255, 255, 255))
        for y in 0..<img.height {
            for x in 0..<(img.width - dx) { out[x + dx, y] = img[x, y] }
        }
        return out
    }

    static func update(_ t: inout CheckTracker, _ c: MaterialCheck) -> Bool {
        t.update(c, suggestions: Replacement.suggest(for: c))
    }

    /// Each shown pair as "number first↔second" (names), for comparing what the class sees.
    static func names(_ t: CheckTracker) -> Set<String> {
        Set(
            t.shown?.pairs.map {
                "\($0.number) "
                    + [$0.first.name.description, $0.second.name.description].sorted().joined(separator: "↔")
            }
                ?? [])
    }

    @Test func theFirstCheckShowsAtOnceNumberedFromOne() throws {
        var t = CheckTracker()
        let c = Self.check([Self.red, Self.green, Self.blue])
        #expect(Self.update(&t, c))
        let shown = try #require(t.shown)
        #expect(!shown.isSafe, "red and green are at risk in deuteranopia")
        #expect(shown.pairs.map(\.number) == Array(1...shown.pairs.count))
        #expect(shown.modes == [.protanopia, .deuteranopia, .tritanopia])
        #expect(Self.names(t).contains { $0.hasSuffix("green↔red") }, "\(Self.names(t))")
        // Each pair names the modes it is at risk in, with that mode's verdict.
        for p in shown.pairs { #expect(!p.risks.isEmpty && p.risks.allSatisfy { $0.verdict != .easyToTellApart }) }
    }

    /// Frame after frame of the same chart through a noisy camera: never a change on screen.
    @Test func cameraNoiseChangesNothing() {
        var t = CheckTracker()
        let colours = [Self.red, Self.green, Self.blue, Self.orange]
        _ = Self.update(&t, Self.check(colours, noiseSeed: 1))
        let first = t.shown
        for seed in UInt64(2)...7 {
            #expect(!Self.update(&t, Self.check(colours, noiseSeed: seed)), "frame \(seed) changed the check")
        }
        #expect(t.shown == first)
    }

    /// One check that sees another pair (a hand over the sheet, a reflection) is not shown;
    /// two in a row are, and the pairs that stayed keep their numbers.
    @Test func aChangeShowsOnceTwoChecksAgree() {
        var t = CheckTracker()
        let before = [Self.red, Self.green, Self.blue]
        let after = [Self.red, Self.green, Self.blue, Self.orange, Self.purple]
        _ = Self.update(&t, Self.check(before))
        let shownBefore = Self.names(t)
        #expect(!Self.update(&t, Self.check(after)), "one check changed the screen")
        #expect(Self.names(t) == shownBefore)
        #expect(!Self.update(&t, Self.check(before)))
        #expect(!Self.update(&t, Self.check(after)))
        #expect(Self.update(&t, Self.check(after)), "two checks agreed and nothing changed")
        let shownAfter = Self.names(t)
        #expect(shownAfter.count > shownBefore.count)
        #expect(shownBefore.isSubset(of: shownAfter), "numbers moved: \(shownBefore) → \(shownAfter)")
    }

    /// A pair that goes frees its number; the others keep theirs; the next new pair takes
    /// the smallest free number.
    @Test func numbersStayAndFreedOnesAreReused() throws {
        var t = CheckTracker()
        let all = [Self.red, Self.green, Self.blue, Self.orange, Self.purple]
        _ = Self.update(&t, Self.check(all))
        let full = Self.names(t)
        let shown = try #require(t.shown)
        // Take away the colour of pair 1's first region.
        let gone = shown.pairs[0].first.rgb
        let fewer = all.filter { CIEDE2000.difference($0, gone) > 5 }
        #expect(fewer.count == all.count - 1)
        _ = Self.update(&t, Self.check(fewer))
        #expect(Self.update(&t, Self.check(fewer)))
        let reduced = Self.names(t)
        #expect(reduced.isSubset(of: full), "a staying pair changed its number: \(full) → \(reduced)")
        #expect(!(t.shown?.pairs.contains { $0.number == 1 } ?? true), "pair 1 went, its number stays free")
        // Back again: the pairs of the colour that came back take the free numbers.
        _ = Self.update(&t, Self.check(all))
        #expect(Self.update(&t, Self.check(all)))
        let back = try #require(t.shown)
        #expect(back.pairs.map(\.number) == Array(1...back.pairs.count), "numbers have gaps: \(Self.names(t))")
        #expect(reduced.isSubset(of: Self.names(t)))
    }

    /// Outlines stay put through a few pixels of jitter and follow the sheet when it moves.
    @Test func boxesMoveOnlyWhenTheMaterialDoes() throws {
        var t = CheckTracker()
        let colours = [Self.red, Self.green, Self.blue]
        _ = Self.update(&t, Self.check(colours))
        let x0 = try #require(t.shown?.pairs.first?.first.x)
        _ = Self.update(&t, Self.check(colours, shift: 4))
        _ = Self.update(&t, Self.check(colours, shift: 4))
        #expect(t.shown?.pairs.first?.first.x == x0, "4 px of 960 moved the outline")
        _ = Self.update(&t, Self.check(colours, shift: 96))
        #expect(Self.update(&t, Self.check(colours, shift: 96)))
        let x1 = try #require(t.shown?.pairs.first?.first.x)
        #expect(abs(x1 - x0 - 0.1) < 0.02, "the outline did not follow a sheet moved by a tenth: \(x0) → \(x1)")
    }

    /// Other modes asked for (a mode key) show at once.
    @Test func otherModesShowAtOnce() {
        var t = CheckTracker()
        let colours = [Self.red, Self.green, Self.blue]
        _ = Self.update(&t, Self.check(colours))
        let c = MaterialCheck(CheckCorpus.barChart(colours), simulations: [try! Simulation(mode: .tritanopia)])
        let changed = t.update(c, suggestions: Replacement.suggest(for: c))
        #expect(changed)
        #expect(t.shown?.modes == [.tritanopia])
        t.reset()
        #expect(t.shown == nil)
    }
}
