import CVDCore

/// The check drawn on the picture (`cvdcam check --marked`), never over the material:
/// each numbered pair's two colours outlined by dashed black-and-white frames just outside
/// each group of their marks (`MarkGroups`: a word, a line series, a bar; at most
/// `framesPerColour`, the largest) — seen on any colour, and by shape, never by colour
/// alone — broken wherever they would cross anything drawn; the pairs' numbers in a white
/// tag in free paper near the frame of the group with the largest mark — the nearest place
/// that covers nothing drawn and no other tag (`FreeSpace`) — joined to that frame by a
/// leader line when it is not beside it.
public enum CheckMarks {
    /// The most groups of one colour's marks that are framed (the largest first).
    public static let framesPerColour = 8

    /// The groups of `region`'s marks that are framed, for frames `thick` wide: marks
    /// closer than a frame's width and its dash apart are one group.
    public static func groups(_ region: ColourRegion, thick: Int) -> [PixelRect] {
        Array(MarkGroups.of(region.marks.isEmpty ? [region.box] : region.marks, gap: 3 * thick).prefix(framesPerColour))
    }

    /// The frames' width on a picture `width`×`height`: a 250th of its shorter side, at least 2.
    public static func frameWidth(_ width: Int, _ height: Int) -> Int { max(2, min(width, height) / 250) }

    public static func draw(_ check: MaterialCheck, on image: RGBAImage) -> RGBAImage {
        var out = image
        let thick = frameWidth(image.width, image.height)
        let digit = max(3, min(image.width, image.height) / 120) // a tag about 1/17 of the picture high
        var tags: [Int: [Int]] = [:] // region → the numbers of its pairs
        for (n, pair) in check.numberedPairs.enumerated() {
            tags[pair.first, default: []].append(n + 1)
            tags[pair.second, default: []].append(n + 1)
        }
        let regions = check.found.regions
        let paper = FreeSpace.paper(of: check)
        let space = FreeSpace(image, paper: paper.colour, reach: paper.reach)
        let marked = tags.sorted { $0.key < $1.key }
        var framed: [Int: [PixelRect]] = [:]
        for (region, _) in marked {
            framed[region] = groups(regions[region], thick: thick).map { clear($0, thick: thick, space: space) }
            for group in framed[region]! { frame(&out, group, thick: thick, space: space) }
        }
        var taken: [PixelRect] = []
        for (region, numbers) in marked {
            // The tag at the frame around the largest mark.
            let largest = regions[region].box
            let box = framed[region]!.first { MarkGroups.near($0, largest, 0) } ?? largest
            let text = numbers.map(String.init).joined(separator: " ")
            let place = space.place(tagSize(text, scale: digit), near: box, gap: thick, avoiding: taken)
            taken.append(place)
            leader(&out, from: place, to: box, thick: thick, space: space)
            tag(&out, text, x: place.x, y: place.y, scale: digit)
        }
        return out
    }

    /// `box` widened on each side by the fewest pixels (up to `2 · thick`) that leave a
    /// frame there on the least material, so that each side is drawn whole where it can
    /// be: in a JPEG, or a camera's picture, a mark's box ends where its flat colour does,
    /// and the pixels just outside are blends and ringing (not the paper); a bar stands on
    /// an axis. A frame right against the box skipped them, leaving a line of 1 pixel or
    /// none. A side whose every place is as covered stays against the box; past the
    /// picture's edge counts as covered.
    static func clear(_ box: PixelRect, thick: Int, space: FreeSpace) -> PixelRect {
        func covered(_ r: PixelRect) -> Int {
            let w = min(space.width, r.x + r.width) - max(0, r.x)
            let h = min(space.height, r.y + r.height) - max(0, r.y)
            return space.count(r) + r.width * r.height - max(0, w) * max(0, h)
        }
        // The offset with the least covered, the nearer of equals (tuples compare in order).
        func least(_ strip: (Int) -> PixelRect) -> Int {
            (0...(2 * thick)).map { (covered(strip($0)), $0) }.min { $0 < $1 }!.1
        }
        let (x1, y1) = (box.x + box.width, box.y + box.height)
        let left = least { d in PixelRect(x: box.x - thick - d, y: box.y, width: thick, height: box.height) }
        let right = least { d in PixelRect(x: x1 + d, y: box.y, width: thick, height: box.height) }
        let top = least { d in PixelRect(x: box.x, y: box.y - thick - d, width: box.width, height: thick) }
        let bottom = least { d in PixelRect(x: box.x, y: y1 + d, width: box.width, height: thick) }
        return PixelRect(
            x: box.x - left, y: box.y - top, width: box.width + left + right, height: box.height + top + bottom)
    }

    /// A dashed frame `thick` pixels wide just outside `box`, on the paper only.
    static func frame(_ img: inout RGBAImage, _ box: PixelRect, thick: Int, space: FreeSpace) {
        let x0 = box.x - thick
        let y0 = box.y - thick
        let x1 = box.x + box.width
        let y1 = box.y + box.height
        let dash = 4 * thick
        for y in y0..<(y1 + thick) {
            for x in x0..<(x1 + thick) where x < box.x || x >= x1 || y < box.y || y >= y1 {
                guard !space.isMaterial(x, y) else { continue }
                let along = (y < box.y || y >= y1) ? x - x0 : y - y0
                put(&img, x, y, (along / dash) % 2 == 0 ? RGB8(0, 0, 0) : RGB8(255, 255, 255))
            }
        }
    }

    /// A black line, `thick` / 2 wide, from the tag's centre to the nearest point of the
    /// frame, on the paper only; none when the tag is beside the frame.
    static func leader(
        _ img: inout RGBAImage, from tag: PixelRect, to box: PixelRect, thick: Int, space: FreeSpace
    ) {
        let (cx, cy) = tag.centre
        let tx = min(max(cx, box.x - thick), box.x + box.width + thick - 1)
        let ty = min(max(cy, box.y - thick), box.y + box.height + thick - 1)
        let gapX = max(0, max(box.x - (tag.x + tag.width), tag.x - (box.x + box.width)))
        let gapY = max(0, max(box.y - (tag.y + tag.height), tag.y - (box.y + box.height)))
        guard max(gapX, gapY) > 3 * thick else { return }
        let steps = max(abs(tx - cx), abs(ty - cy))
        let half = max(1, thick / 2)
        for s in 0...steps {
            let x = cx + (tx - cx) * s / max(1, steps)
            let y = cy + (ty - cy) * s / max(1, steps)
            for dy in 0..<half {
                for dx in 0..<half where !space.isMaterial(x + dx, y + dy) { put(&img, x + dx, y + dy, RGB8(0, 0, 0)) }
            }
        }
    }

    /// The size of `text`'s tag at `scale`.
    static func tagSize(_ text: String, scale s: Int) -> (w: Int, h: Int) {
        let digits = text.compactMap { $0.wholeNumberValue }.count
        let spaces = text.filter { $0 == " " }.count
        return ((digits * 4 + spaces * 2 + 1) * s + 2, 7 * s + 2)
    }

    /// `text` (digits and spaces) in black on a white tag with a black border, `tagSize`.
    static func tag(_ img: inout RGBAImage, _ text: String, x: Int, y: Int, scale s: Int) {
        let (w, h) = tagSize(text, scale: s)
        for ty in 0..<h {
            for tx in 0..<w {
                let border = tx == 0 || ty == 0 || tx == w - 1 || ty == h - 1
                put(&img, x + tx, y + ty, border ? RGB8(0, 0, 0) : RGB8(255, 255, 255))
            }
        }
        var col0 = 1 // in units of `s`, from the tag's left edge
        for ch in text {
            guard let d = ch.wholeNumberValue else {
                col0 += 2
                continue
            }
            for row in 0..<5 {
                for col in 0..<3 where glyphs[d][row] & (4 >> col) != 0 {
                    for dy in 0..<s {
                        for dx in 0..<s {
                            put(&img, x + 1 + (col0 + col) * s + dx, y + 1 + (1 + row) * s + dy, RGB8(0, 0, 0))
                        }
                    }
                }
            }
            col0 += 4
        }
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
