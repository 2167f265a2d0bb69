import CVDCore

/// One connected mark of one colour (8-connected pixels of that colour), in working pixels;
/// or a connected part that is not judged (`PixelColours.shade`, `.unknown`).
struct Mark {
    let colour: Int
    let pixels: Int
    /// The pixels' coverage summed: how much of the picture the mark's ink covers.
    let mass: Float
    let x0: Int, y0: Int, x1: Int, y1: Int
    /// Pixel edges between the mark and anything else.
    let perimeter: Int
    var kind: MarkKind = .area
    /// Its width (a line's or a stroke's thickness, a dot's diameter, an area's narrower side).
    var width: Float = 0
    /// The first pixel, in raster order: ties between equal marks are broken by position.
    let first: Int

    var long: Int { max(x1 - x0, y1 - y0) + 1 }
    var short: Int { min(x1 - x0, y1 - y0) + 1 }
    /// The mean of 1/run² over its runs (their coverage summed) along rows and along columns,
    /// each run weighted by its coverage.
    let across: Float, down: Float
    /// A stroke's thickness in any direction: a straight stroke of width w at angle θ has
    /// runs h = w/sin θ along rows and v = w/cos θ along columns, so 1/w² = 1/h² + 1/v²;
    /// over a mark's runs, weighted by coverage, this holds for bent strokes and corners too.
    var stroke: Float { 1 / max(1e-6, (across + down).squareRoot()) }
}

/// The marks of every colour and what kind each is: a dot (small, round, filled), a line
/// (far longer than it is thick), text (a colour with several small marks about a letter's
/// size: its glyphs, and with them its dots and short strokes), or an area.
enum MarkComponents {
    /// A mark whose coverage sums to less than this (working pixels) is a speck: noise, not ink.
    static let speck: Float = 2
    /// Marks up to this long (working pixels) may be glyphs or dots.
    static let small = 48
    /// A run whose coverage sums to less than this is an anti-aliased fringe, not a stroke.
    static let faintRun: Float = 0.25
    /// A colour with at least this many glyph-shaped marks is text.
    static let glyphs = 4

    static func find(_ p: PixelColours, width: Int, height: Int) -> [Mark] {
        let n = width * height
        var seen = [Bool](repeating: false, count: n)
        var stack: [Int32] = []
        var marks: [Mark] = []
        for start in 0..<n where !seen[start] {
            let colour = p.label[start]
            seen[start] = true
            guard colour != PixelColours.none else { continue }
            stack.append(Int32(start))
            var count = 0
            var mass: Float = 0
            var perimeter = 0
            // Σ 1/run and Σ run, along rows and along columns (runs under `faintRun` left out).
            var runs = (across: Float(0), acrossWeight: Float(0), down: Float(0), downWeight: Float(0))
            var x0 = Int.max
            var y0 = Int.max
            var x1 = 0
            var y1 = 0
            while let top = stack.popLast() {
                let i = Int(top)
                let x = i % width
                let y = i / width
                count += 1
                mass += Float(p.coverage[i]) / 255
                x0 = min(x0, x)
                x1 = max(x1, x)
                y0 = min(y0, y)
                y1 = max(y1, y)
                // Edges to anything else (the picture's border included), then the 8 neighbours.
                if x == 0 || p.label[i - 1] != colour {
                    perimeter += 1
                    // A run along the row starts here: its coverage, summed.
                    var run: Float = 0
                    var j = i
                    while j < (y + 1) * width, p.label[j] == colour {
                        run += Float(p.coverage[j]) / 255
                        j += 1
                    }
                    if run >= faintRun {
                        runs.across += 1 / run
                        runs.acrossWeight += run
                    }
                }
                if x == width - 1 || p.label[i + 1] != colour { perimeter += 1 }
                if y == 0 || p.label[i - width] != colour {
                    perimeter += 1
                    var run: Float = 0
                    var j = i
                    while j < n, p.label[j] == colour {
                        run += Float(p.coverage[j]) / 255
                        j += width
                    }
                    if run >= faintRun {
                        runs.down += 1 / run
                        runs.downWeight += run
                    }
                }
                if y == height - 1 || p.label[i + width] != colour { perimeter += 1 }
                for ny in max(0, y - 1)...min(height - 1, y + 1) {
                    for nx in max(0, x - 1)...min(width - 1, x + 1) {
                        let j = ny * width + nx
                        if !seen[j], p.label[j] == colour {
                            seen[j] = true
                            stack.append(Int32(j))
                        }
                    }
                }
            }
            guard mass >= speck else { continue }
            marks.append(
                Mark(
                    colour: Int(colour), pixels: count, mass: mass, x0: x0, y0: y0, x1: x1, y1: y1,
                    perimeter: perimeter, first: start, across: runs.across / max(1e-6, runs.acrossWeight),
                    down: runs.down / max(1e-6, runs.downWeight)))
        }
        classify(&marks)
        return marks
    }

    /// Each mark's kind and width.
    static func classify(_ marks: inout [Mark]) {
        var glyphCount: [Int: Int] = [:]
        for k in marks.indices where marks[k].colour < Int(PixelColours.unknown) {
            var m = marks[k]
            let fill = Float(m.pixels) / Float(m.long * m.short)
            // A dot fills the ellipse in its box (a ring, a letter, does not).
            let filled = m.mass / (Float.pi / 4 * Float(m.long * m.short))
            if m.long <= small, m.long >= 3, Float(m.long) <= 1.6 * Float(m.short), filled >= 0.75 {
                m.kind = .dot
                m.width = 2 * (m.mass / .pi).squareRoot()
            } else if m.stroke <= 6, Float(m.long) >= 4 * m.stroke {
                m.kind = .line
                m.width = m.stroke
                if m.long <= small, Float(m.short) >= 2 * m.stroke, fill < 0.6 { glyphCount[m.colour, default: 0] += 1 }
            } else {
                m.kind = .area
                m.width = min(Float(m.short), 4 * m.mass / Float(max(1, m.perimeter)))
            }
            marks[k] = m
        }
        // A colour with several glyph-shaped marks is text: its small marks are letters.
        for k in marks.indices where (glyphCount[marks[k].colour] ?? 0) >= glyphs && marks[k].long <= small {
            marks[k].kind = .text
            marks[k].width = marks[k].stroke
        }
    }
}
