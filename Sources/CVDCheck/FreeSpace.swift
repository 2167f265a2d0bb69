import CVDCore

/// Where a picture has nothing but paper, for the check's marks (`CheckMarks`): a pixel
/// holds material when it lies more than `reach` levels (any channel) from the paper's
/// colour — at most `reach`, and less than half way to the nearest other colour found (a
/// white patch on cream paper is material). Counts over any rectangle in constant time (a summed-area table), so a tag's
/// place can be searched among thousands.
struct FreeSpace {
    let width: Int, height: Int
    /// `material[y · width + x]`: whether that pixel is drawn on.
    let material: [Bool]
    /// The summed-area table, (width + 1) × (height + 1).
    private let sums: [Int32]

    /// How far from the paper's colour a pixel may lie and still be paper (its grain, a
    /// camera's noise once the live check has reduced the frame by block means): half the
    /// `Recolouring` reach, so that a white patch on cream paper, which the check may count
    /// as the paper's colour, is still kept clear.
    static let reach = 12

    /// The paper of `check` (its colour with most ink, when drawn as areas; else white) and
    /// how far from it a pixel may lie and still be paper.
    static func paper(of check: MaterialCheck) -> (colour: RGB8, reach: Int) {
        let regions = check.found.regions
        let paper = regions.first { $0.kinds.first?.kind == .area }?.rgb ?? RGB8(255, 255, 255)
        var nearest = 2 * reach
        for c in regions.map(\.rgb) where c != paper {
            let dr = abs(Int(c.r) - Int(paper.r))
            let dg = abs(Int(c.g) - Int(paper.g))
            let db = abs(Int(c.b) - Int(paper.b))
            nearest = min(nearest, max(dr, dg, db))
        }
        return (paper, max(2, min(reach, (nearest - 1) / 2)))
    }

    init(_ image: RGBAImage, paper: RGB8, reach: Int = FreeSpace.reach) {
        width = image.width
        height = image.height
        var material = [Bool](repeating: false, count: width * height)
        var sums = [Int32](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row: Int32 = 0
            for x in 0..<width {
                let p = image[x, y]
                let far =
                    abs(Int(p.r) - Int(paper.r)) > reach || abs(Int(p.g) - Int(paper.g)) > reach
                    || abs(Int(p.b) - Int(paper.b)) > reach
                material[y * width + x] = far
                row += far ? 1 : 0
                sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row
            }
        }
        self.material = material
        self.sums = sums
    }

    /// The material pixels in `box` (clipped to the picture).
    func count(_ box: PixelRect) -> Int {
        let x0 = max(0, box.x)
        let y0 = max(0, box.y)
        let x1 = min(width, box.x + box.width)
        let y1 = min(height, box.y + box.height)
        guard x1 > x0, y1 > y0 else { return 0 }
        let w = width + 1
        return Int(sums[y1 * w + x1] - sums[y0 * w + x1] - sums[y1 * w + x0] + sums[y0 * w + x0])
    }

    func isMaterial(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height && material[y * width + x]
    }

    /// A place for a `size` tag near `box`, `gap` pixels off it: the first, going outwards
    /// round the box ring by ring, that is inside the picture, on paper only (with a
    /// `gap` margin) and clear of every box in `taken`; where none is, the one with the
    /// least material under it. Deterministic: the rings are walked in a fixed order.
    func place(
        _ size: (w: Int, h: Int), near box: PixelRect, gap: Int, avoiding taken: [PixelRect]
    ) -> PixelRect {
        var best: (covered: Int, box: PixelRect)?
        func consider(_ x: Int, _ y: Int) -> Bool {
            guard x >= 0, y >= 0, x + size.w <= width, y + size.h <= height else { return false }
            let tag = PixelRect(x: x, y: y, width: size.w, height: size.h)
            let margin = PixelRect(x: x - gap, y: y - gap, width: size.w + 2 * gap, height: size.h + 2 * gap)
            guard !taken.contains(where: { Self.overlap($0, margin) }) else { return false }
            let covered = count(margin)
            if covered == 0 {
                best = (0, tag)
                return true
            }
            if best == nil || covered < best!.covered { best = (covered, tag) }
            return false
        }
        // Ring 0: above the top-left and top-right corners, below, left, right.
        let above = box.y - size.h - 2 * gap
        let below = box.y + box.height + 2 * gap
        let first = [
            (box.x, above), (box.x + box.width - size.w, above), (box.x, below),
            (box.x - size.w - 2 * gap, box.y), (box.x + box.width + 2 * gap, box.y),
        ]
        for (x, y) in first where consider(x, y) { return best!.box }
        // Then rings of growing distance, each walked clockwise from its top-left corner.
        let step = max(2, min(size.w, size.h) / 2)
        var r = step
        while r < max(width, height) {
            let x0 = box.x - size.w - 2 * gap - r
            let y0 = box.y - size.h - 2 * gap - r
            let x1 = box.x + box.width + 2 * gap + r
            let y1 = box.y + box.height + 2 * gap + r
            var x = x0
            while x <= x1 {
                if consider(x, y0) || consider(x, y1) { return best!.box }
                x += step
            }
            var y = y0
            while y <= y1 {
                if consider(x0, y) || consider(x1, y) { return best!.box }
                y += step
            }
            r += step
        }
        return best?.box ?? PixelRect(x: max(0, box.x), y: max(0, box.y), width: size.w, height: size.h)
    }

    static func overlap(_ a: PixelRect, _ b: PixelRect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }
}
