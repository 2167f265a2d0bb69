import CVDCheck
import CVDCore
import CVDSources
import Testing

@testable import CVDViewer

/// The live check's picture (`LiveCheck.reduced`): a planar frame, as the GL renderer's
/// source sends it, is reduced in its planes and never packed at full size — and gives the
/// very bytes the frame packed first gives (the check then sees the same picture in both
/// renderers).
@Suite struct LiveCheckTests {
    /// A 4:2:2 planar frame of pseudo-random samples (a row stride wider than the picture).
    static func planar(width w: Int, height h: Int) -> Frame {
        let layout = FrameLayout(format: .i422, width: w, height: h, bytesPerRow: (w + 15) / 16 * 16)
        var bytes = [UInt8](repeating: 0, count: layout.minimumByteCount)
        var seed: UInt32 = 2026
        for i in bytes.indices {
            seed = seed &* 1_103_515_245 &+ 12345
            bytes[i] = UInt8(truncatingIfNeeded: seed >> 16)
        }
        return Frame(bytes: bytes, layout: layout, timestamp: 1)
    }

    @Test(arguments: [2, 3, 5])
    func aPlanarFrameReducedInItsPlanesIsThePackedFramesPicture(_ factor: Int) {
        let frame = Self.planar(width: 646, height: 363)
        let direct = LiveCheck.reduced(frame, by: factor)
        let packedFirst = LiveCheck.reduced(frame.packed(), by: factor)
        #expect(direct.width == packedFirst.width && direct.height == packedFirst.height)
        #expect(direct.width == (646 / factor) & ~1 && direct.height == 363 / factor)
        #expect(direct.pixels == packedFirst.pixels)
    }

    /// A picture from a JPEG file (`ImageSource(lossy:)`) is checked as `cvdcam check`
    /// checks the file: the lines of blends JPEG leaves at borders are borders. A bar chart
    /// whose chroma was halved as a JPEG halves it (`JPEGBorders`) has those lines; the
    /// live check finds fewer colours when the job says lossy than when it does not, and an
    /// `ImageSource` carries the flag (the view hands `take.source.blendedBorders` to the stage:
    /// `Viewer+Check`, where the flag is a required argument all the way down).
    @Test func aLossyPicturesBordersAreNoColours() {
        let picture = JPEGBorders.barChart()
        let frame = Frame(
            bytes: picture.pixels,
            layout: FrameLayout(
                format: .rgba, width: picture.width, height: picture.height, bytesPerRow: 4 * picture.width),
            timestamp: 1)
        let sims = [try! Simulation(mode: .deuteranopia)]
        let asPNG = LiveCheck.run(
            LiveCheck.Job(frame: frame, simulations: sims, recolour: false, blendedBorders: false), picture)
        let asJPEG = LiveCheck.run(
            LiveCheck.Job(frame: frame, simulations: sims, recolour: false, blendedBorders: true), picture)
        #expect(
            asJPEG.check.found.regions.count < asPNG.check.found.regions.count,
            "\(asJPEG.check.found.regions.map(\.rgb.hexString)) against \(asPNG.check.found.regions.map(\.rgb.hexString))"
        )
        #expect(ImageSource(path: "c.jpg", image: picture, lossy: true).blendedBorders)
        #expect(!ImageSource(path: "c.png", image: picture).blendedBorders)
    }
}

/// A bar chart on a black axis whose chroma is halved as JPEG's 4:2:0 halves it (BT.601,
/// 2×2 blocks a pixel off the chart's edges): every border becomes a line of blends.
enum JPEGBorders {
    static func barChart() -> RGBAImage {
        var img = RGBAImage(width: 320, height: 200, fill: RGB8(255, 255, 255))
        let bars = [RGB8(0xD6, 0x27, 0x28), RGB8(0x2C, 0xA0, 0x2C), RGB8(0x1F, 0x77, 0xB4)]
        for (i, c) in bars.enumerated() {
            for y in (60 + i * 20)..<180 { for x in (30 + i * 90)..<(90 + i * 90) { img[x, y] = c } }
        }
        for y in 180..<182 { for x in 20..<300 { img[x, y] = RGB8(25, 25, 25) } }
        var out = img
        for by in stride(from: -1, to: img.height, by: 2) {
            for bx in stride(from: -1, to: img.width, by: 2) {
                let block = [(bx, by), (bx + 1, by), (bx, by + 1), (bx + 1, by + 1)].filter {
                    $0.0 >= 0 && $0.1 >= 0 && $0.0 < img.width && $0.1 < img.height
                }
                func ycc(_ c: RGB8) -> (Double, Double, Double) {
                    let y = 0.299 * Double(c.r) + 0.587 * Double(c.g) + 0.114 * Double(c.b)
                    return (y, 0.564 * (Double(c.b) - y), 0.713 * (Double(c.r) - y))
                }
                let all = block.map { ycc(img[$0.0, $0.1]) }
                let (cb, cr) = (
                    all.map(\.1).reduce(0, +) / Double(all.count), all.map(\.2).reduce(0, +) / Double(all.count)
                )
                for (k, (x, y)) in block.enumerated() {
                    func level(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
                    let (l, r, b) = (all[k].0, all[k].0 + cr / 0.713, all[k].0 + cb / 0.564)
                    out[x, y] = RGB8(level(r), level((l - 0.299 * r - 0.114 * b) / 0.587), level(b))
                }
            }
        }
        return out
    }
}
