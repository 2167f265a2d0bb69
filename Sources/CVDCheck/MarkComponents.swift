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

    /// A pixel a mark has taken has this bit of its label flipped. Labels are colours
    /// (fewer than 32,765: at most 96 flat groups, and inks at most 96 backgrounds × the
    /// 234 directions 15° apart that `InkColours` can tell) or `none`, `shade`, `unknown`
    /// (the top three values): flipped, neither range meets the other, so a label still
    /// says its colour and whether it is taken, and no array of the picture's size is needed.
    static let taken: UInt16 = 0x8000

    /// The marks of `p`'s labels, which are left taken (nothing reads them after).
    static func find(_ p: inout PixelColours, width: Int, height: Int) -> [Mark] {
        let n = width * height
        precondition(p.colours.count < Int(PixelColours.unknown ^ taken), "too many colours to mark pixels taken")
        var stack: [Int32] = []
        var marks: [Mark] = []
        // A coverage as a share: the same division, done once per value.
        let share = (0...255).map { Float($0) / 255 }
        let lowestSpecial = PixelColours.unknown
        /// The label as it was, taken or not.
        @inline(__always) func original(_ l: UInt16) -> UInt16 {
            l >= lowestSpecial ^ taken && l < lowestSpecial ? l ^ taken : l
        }
        p.coverage.withUnsafeBufferPointer { coverage in
            share.withUnsafeBufferPointer { share in
                p.label.withUnsafeMutableBufferPointer { label in
                    for start in 0..<n where label[start] == original(label[start]) {
                        let colour = label[start]
                        guard colour != PixelColours.none else { continue }
                        label[start] ^= taken
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
                        // Whether pixel j is of this colour, taken or not.
                        @inline(__always) func same(_ j: Int) -> Bool {
                            label[j] == colour || label[j] == colour ^ taken
                        }
                        while let top = stack.popLast() {
                            let i = Int(top)
                            let y = i / width
                            let x = i - y * width
                            count += 1
                            mass += share[Int(coverage[i])]
                            x0 = min(x0, x)
                            x1 = max(x1, x)
                            y0 = min(y0, y)
                            y1 = max(y1, y)
                            // Edges to anything else (the picture's border included), then the 8 neighbours.
                            if x == 0 || !same(i - 1) {
                                perimeter += 1
                                // A run along the row starts here: its coverage, summed.
                                var run: Float = 0
                                var j = i
                                let end = (y + 1) * width
                                while j < end, same(j) {
                                    run += share[Int(coverage[j])]
                                    j += 1
                                }
                                if run >= faintRun {
                                    runs.across += 1 / run
                                    runs.acrossWeight += run
                                }
                            }
                            if x == width - 1 || !same(i + 1) { perimeter += 1 }
                            if y == 0 || !same(i - width) {
                                perimeter += 1
                                var run: Float = 0
                                var j = i
                                while j < n, same(j) {
                                    run += share[Int(coverage[j])]
                                    j += width
                                }
                                if run >= faintRun {
                                    runs.down += 1 / run
                                    runs.downWeight += run
                                }
                            }
                            if y == height - 1 || !same(i + width) { perimeter += 1 }
                            // The row above, this row, the row below, each left to right (the
                            // pixel itself is taken): a neighbour of this colour not yet taken
                            // is taken and looked at later.
                            let left = x > 0
                            let right = x < width - 1
                            let above = y > 0 ? Int32(i - width) : -1
                            let below = y < height - 1 ? Int32(i + width) : -1
                            var around = SIMD8<Int32>(repeating: -1)
                            if above >= 0 {
                                if left { around[0] = above - 1 }
                                around[1] = above
                                if right { around[2] = above + 1 }
                            }
                            if left { around[3] = Int32(i - 1) }
                            if right { around[4] = Int32(i + 1) }
                            if below >= 0 {
                                if left { around[5] = below - 1 }
                                around[6] = below
                                if right { around[7] = below + 1 }
                            }
                            for k in 0..<8 where around[k] >= 0 && label[Int(around[k])] == colour {
                                label[Int(around[k])] ^= taken
                                stack.append(around[k])
                            }
                        }
                        guard mass >= speck else { continue }
                        marks.append(
                            Mark(
                                colour: Int(colour), pixels: count, mass: mass, x0: x0, y0: y0, x1: x1, y1: y1,
                                perimeter: perimeter, first: start, across: runs.across / max(1e-6, runs.acrossWeight),
                                down: runs.down / max(1e-6, runs.downWeight)))
                    }
                }
            }
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
