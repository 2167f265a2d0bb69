import CVDCore

/// The check drawn on the picture: each numbered pair's two regions outlined by a dashed
/// black-and-white frame (seen on any colour, and by shape, never by colour alone) with
/// the pair's number in a white tag at its top-left corner — `cvdcam check --marked`.
public enum CheckMarks {
    public static func draw(_ check: MaterialCheck, on image: RGBAImage) -> RGBAImage {
        var out = image
        let thick = max(2, min(image.width, image.height) / 250)
        let digit = max(3, min(image.width, image.height) / 120) // a tag about 1/17 of the picture high
        var tags: [Int: [Int]] = [:] // region → the numbers of its pairs
        for (n, pair) in check.numberedPairs.enumerated() {
            tags[pair.first, default: []].append(n + 1)
            tags[pair.second, default: []].append(n + 1)
        }
        for (region, numbers) in tags.sorted(by: { $0.key < $1.key }) {
            let box = check.found.regions[region].box
            frame(&out, box, thick: thick)
            var x = box.x
            for n in numbers {
                x += tag(&out, String(n), x: x, y: max(0, box.y - thick), scale: digit) + thick
            }
        }
        return out
    }

    /// A dashed frame `thick` pixels wide just outside `box`.
    static func frame(_ img: inout RGBAImage, _ box: ColourRegion.Box, thick: Int) {
        let x0 = box.x - thick
        let y0 = box.y - thick
        let x1 = box.x + box.width
        let y1 = box.y + box.height
        let dash = 4 * thick
        for y in y0..<(y1 + thick) {
            for x in x0..<(x1 + thick) where x < box.x || x >= x1 || y < box.y || y >= y1 {
                let along = (y < box.y || y >= y1) ? x - x0 : y - y0
                put(&img, x, y, (along / dash) % 2 == 0 ? RGB8(0, 0, 0) : RGB8(255, 255, 255))
            }
        }
    }

    /// `text` (digits) in black on a white tag with a black border; returns its width.
    static func tag(_ img: inout RGBAImage, _ text: String, x: Int, y: Int, scale s: Int) -> Int {
        let digits = text.compactMap { $0.wholeNumberValue }
        let w = (digits.count * 4 + 1) * s + 2
        let h = 7 * s + 2
        for ty in 0..<h {
            for tx in 0..<w {
                let border = tx == 0 || ty == 0 || tx == w - 1 || ty == h - 1
                put(&img, x + tx, y + ty, border ? RGB8(0, 0, 0) : RGB8(255, 255, 255))
            }
        }
        for (i, d) in digits.enumerated() {
            for row in 0..<5 {
                for col in 0..<3 where glyphs[d][row] & (4 >> col) != 0 {
                    for dy in 0..<s {
                        for dx in 0..<s {
                            put(&img, x + 1 + (1 + i * 4 + col) * s + dx, y + 1 + (1 + row) * s + dy, RGB8(0, 0, 0))
                        }
                    }
                }
            }
        }
        return w
    }

    /// The digits 0–9 in 3×5 pixels, each row three bits (4 = left).
    static let glyphs: [[Int]] = [
        [7, 5, 5, 5, 7], [2, 6, 2, 2, 7], [7, 1, 7, 4, 7], [7, 1, 7, 1, 7], [5, 5, 7, 1, 1],
        [7, 4, 7, 1, 7], [7, 4, 7, 5, 7], [7, 1, 1, 1, 1], [7, 5, 7, 5, 7], [7, 5, 7, 1, 7],
    ]

    private static func put(_ img: inout RGBAImage, _ x: Int, _ y: Int, _ c: RGB8) {
        guard x >= 0, y >= 0, x < img.width, y < img.height else { return }
        img[x, y] = c
    }
}
