@testable import CVDCore

#if canImport(Glibc)
    import Glibc
#endif

/// The check's corpus of marks other than bars: a line chart, a worksheet's coloured text,
/// a scatter plot, hatching with its legend — each drawn (`Drawing`) in known colours on
/// white paper, with an axis and black labels as a chart has.
enum MarkCorpus {
    static let red = RGB8(0xD6, 0x27, 0x28)
    static let green = RGB8(0x2C, 0xA0, 0x2C)
    static let blue = RGB8(0x1F, 0x77, 0xB4)
    static let black = RGB8(0x22, 0x22, 0x22)

    /// A line chart: one series per colour, `width` pixels wide, with a legend (a short line
    /// and a label per series), axes and tick labels.
    static func lineChart(_ colours: [RGB8], width lw: Double, size: (Int, Int) = (960, 640)) -> RGBAImage {
        var d = Drawing(width: size.0, height: size.1)
        let (w, h) = (Double(size.0), Double(size.1))
        d.line(70, h - 60, w - 30, h - 60, width: 1.5, black)
        d.line(70, 40, 70, h - 60, width: 1.5, black)
        for (k, c) in colours.enumerated() {
            var points: [(Double, Double)] = []
            for i in 0...24 {
                let x = 80 + (w - 120) * Double(i) / 24
                let phase: Double = Double(i) / 3 + Double(k) * 1.7
                let y: Double = h / 2 + (h / 4) * sin(phase) - Double(k) * 20
                points.append((x, y))
            }
            d.polyline(points, width: lw, c)
            // The legend: a short line of the series and its name in black.
            d.line(w - 220, 50 + Double(k) * 26, w - 180, 50 + Double(k) * 26, width: lw, c)
            d.text("abnoe", x: w - 170, y: 55 + Double(k) * 26, xHeight: 10, black)
        }
        for i in 0..<6 { d.text("lo", x: 60 + Double(i) * 150, y: h - 30, xHeight: 10, black) }
        return d.image
    }

    /// A worksheet: rows of black text, with answers written in the given colours.
    static func worksheet(answers: [RGB8], xHeight: Double = 10, size: (Int, Int) = (900, 700)) -> RGBAImage {
        var d = Drawing(width: size.0, height: size.1)
        for row in 0..<14 {
            let y = 60 + Double(row) * 44
            let end = d.text("banzo vaneo lobna", x: 50, y: y, xHeight: xHeight, black)
            let c = answers[row % answers.count]
            d.text("zealo", x: end + 20, y: y, xHeight: xHeight, c)
        }
        return d.image
    }

    /// A scatter plot: dots of each colour, `diameter` pixels across, with axes.
    static func scatter(_ colours: [RGB8], diameter: Double, size: (Int, Int) = (900, 640)) -> RGBAImage {
        var d = Drawing(width: size.0, height: size.1)
        d.line(60, Double(size.1) - 50, Double(size.0) - 30, Double(size.1) - 50, width: 1.5, black)
        d.line(60, 30, 60, Double(size.1) - 50, width: 1.5, black)
        var rng = SceneRandom(seed: 7)
        for (k, c) in colours.enumerated() {
            for _ in 0..<40 {
                let x = rng.uniform(90, Double(size.0) - 60) + Double(k) * 3
                let y = rng.uniform(60, Double(size.1) - 90)
                d.disc(x, y, diameter: diameter, c)
            }
        }
        return d.image
    }
}
