import CVDCore
import Testing

/// The test scene's plate reads clearly in normal vision and vanishes for a deuteranope,
/// judged with the colour core's own CIEDE2000 between each figure dot colour and its field twin.
@Suite struct IshiharaPlateTests {
    @Test func figureIsClearInNormalVisionAndGoneInDeuteranopia() throws {
        let deut = try Simulation(mode: .deuteranopia)
        for (f, g) in zip(IshiharaPlate.figure, IshiharaPlate.field) {
            let normal = CIEDE2000.difference(f, g)
            let seen = CIEDE2000.difference(deut.simulate(f), deut.simulate(g))
            #expect(normal >= 25, "figure \(f) vs field \(g): ΔE00 \(normal) in normal vision")
            #expect(seen <= 1.5, "figure \(f) vs field \(g): ΔE00 \(seen) as a deuteranope sees them")
        }
    }

    /// Lightness gives nothing away: figure and field share their lightness levels
    /// closely enough that the figure is no lighter or darker on the whole.
    @Test func figureAndFieldMatchInLightnessOnAverage() {
        let lf = IshiharaPlate.figure.map { CIELab($0).l }.reduce(0, +) / 5
        let lg = IshiharaPlate.field.map { CIELab($0).l }.reduce(0, +) / 5
        #expect(abs(lf - lg) < 8, "figure L* \(lf), field L* \(lg)")
    }
}
