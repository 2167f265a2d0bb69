import CVDCore

/// Where a label may go on one screen: inside the window, clear of every label placed so
/// far, of every probe ring and leader line, and — while there is room off it — clear of
/// the picture.
///
/// The picture belongs to the class: the overlay plan first tries the letterbox bands
/// (`PictureBands`) and only then the picture's own edges and corners. What is `avoided`
/// (the check's tags) is kept clear where there is room: a label is placed in the first of
/// `choices` that holds it, the room clear of them before the room over them.
public struct FreeSpace: Equatable, Sendable {
    public let window: Rect
    /// What the panes show of the picture (the pieces' destinations).
    public let pictures: [Rect]
    /// Placed labels and probe rings (with their margin): never covered.
    public private(set) var taken: [Rect]
    /// Leader lines drawn: no label is placed across one.
    public private(set) var lines: [ProbeLayout.Leader] = []
    /// Kept clear unless `coversAvoided`.
    public private(set) var avoided: [Rect] = []
    /// Whether a place may cover what is `avoided`: true only in the last of `choices`.
    public private(set) var coversAvoided = false

    public init(window: Rect, pictures: [Rect], rings: [Rect] = []) {
        self.window = window
        self.pictures = pictures
        taken = rings
    }

    /// Whether `r` lies in the window and covers nothing taken (nor avoided, unless
    /// `coversAvoided`); with `offPicture`, no picture either.
    public func isFree(_ r: Rect, offPicture: Bool) -> Bool {
        guard window.contains(r, slack: 0), r.w > 0, r.h > 0 else { return false }
        if taken.contains(where: { $0.intersects(r) }) { return false }
        if lines.contains(where: { SegmentClip.span(($0.x0, $0.y0), ($0.x1, $0.y1), in: r) != nil }) { return false }
        if !coversAvoided, avoided.contains(where: { $0.intersects(r) }) { return false }
        return !offPicture || !pictures.contains { $0.intersects(r) }
    }

    /// Whether `r` covers any picture.
    public func coversPicture(_ r: Rect) -> Bool { pictures.contains { $0.intersects(r) } }

    /// How much of the pictures `r` covers, in square pixels.
    public func pictureCovered(by r: Rect) -> Double {
        pictures.reduce(0) { sum, p in
            sum + max(0, min(p.maxX, r.maxX) - max(p.x, r.x)) * max(0, min(p.maxY, r.maxY) - max(p.y, r.y))
        }
    }

    public mutating func take(_ r: Rect) { taken.append(r) }

    /// Keeps every label placed from now on off `line`.
    public mutating func take(line: ProbeLayout.Leader) { lines.append(line) }

    /// Keeps `r` clear where there is room (`choices`).
    public mutating func avoid(_ r: Rect) { avoided.append(r) }

    /// The room to place a label in, best first: clear of what is avoided, then (where
    /// anything is) the same room over it.
    public var choices: [FreeSpace] {
        guard !avoided.isEmpty, !coversAvoided else { return [self] }
        var over = self
        over.coversAvoided = true
        return [self, over]
    }

    /// What `place` finds in the first of `choices` where it finds anything.
    public func placing<T>(_ place: (FreeSpace) -> T?) -> T? {
        for room in choices { if let found = place(room) { return found } }
        return nil
    }

    /// `room` whole, then its parts beside what is placed in it already: left of what
    /// stands in its right two thirds, right of what stands in its left two thirds (that
    /// part first with `alignRight`) — for a label wrapped to the room beside a chip or a
    /// badge.
    public func parts(of room: Rect, alignRight: Bool) -> [Rect] {
        let inRoom = taken.filter { $0.intersects(room) }
        let left = inRoom.map(\.x).filter { $0 > room.x + room.w / 3 }.min()
        let right = inRoom.map(\.maxX).filter { $0 < room.maxX - room.w / 3 }.max()
        let leftPart = left.map { [Rect(room.x, room.y, $0 - room.x, room.h)] } ?? []
        let rightPart = right.map { [Rect($0, room.y, room.maxX - $0, room.h)] } ?? []
        return [room] + (alignRight ? rightPart + leftPart : leftPart + rightPart)
    }

    /// The largest rectangles of `room` that nothing taken covers (each as large as it can
    /// grow), largest first: for a label set smaller to fit where the room whole and its
    /// `parts` had no place — above the caption in the band below the picture, beside a
    /// 2×2's lower badges between its rows. Empty where more than a dozen things stand in
    /// the room (the search grows with their count).
    public func openings(of room: Rect) -> [Rect] {
        let inside = taken.filter { $0.intersects(room) }
        guard !inside.isEmpty else { return [room] }
        guard inside.count <= 12 else { return [] }
        func edges(_ ends: (Rect) -> [Double], _ low: Double, _ high: Double) -> [Double] {
            Set([low, high] + inside.flatMap(ends).map { min(max($0, low), high) }).sorted()
        }
        let xs = edges({ [$0.x, $0.maxX] }, room.x, room.maxX)
        let ys = edges({ [$0.y, $0.maxY] }, room.y, room.maxY)
        // For each left, right and top edge, the tallest free rectangle.
        var free: [Rect] = []
        for (i, x0) in xs.enumerated() {
            for x1 in xs[(i + 1)...] {
                for (j, y0) in ys.enumerated() {
                    var tallest: Rect?
                    for y1 in ys[(j + 1)...] {
                        let r = Rect(x0, y0, x1 - x0, y1 - y0)
                        if inside.contains(where: { $0.intersects(r) }) { break }
                        tallest = r
                    }
                    if let r = tallest { free.append(r) }
                }
            }
        }
        let largest = free.filter { r in !free.contains { $0 != r && $0.contains(r, slack: 0) } }
        return largest.sorted { ($0.w * $0.h, $1.y) > ($1.w * $1.h, $0.y) }
    }

    /// The lowest free place for a box of `size` in `room` (against its right or left edge,
    /// else as near that edge as is free), scanning up row by row; nil when there is none.
    public func lowest(size: Rect, in room: Rect, alignRight: Bool, offPicture: Bool) -> Rect? {
        slot(size: size, in: room, fromBottom: true, alignRight: alignRight, offPicture: offPicture)
    }

    /// The same from the top down.
    public func highest(size: Rect, in room: Rect, alignRight: Bool, offPicture: Bool) -> Rect? {
        slot(size: size, in: room, fromBottom: false, alignRight: alignRight, offPicture: offPicture)
    }

    private func slot(size: Rect, in room: Rect, fromBottom: Bool, alignRight: Bool, offPicture: Bool) -> Rect? {
        guard size.w <= room.w + 0.5, size.h <= room.h + 0.5 else { return nil }
        let dy = max(2, size.h / 4)
        let dx = max(4, size.w / 8)
        let rows = Int(((room.h - size.h) / dy).rounded(.down))
        let columns = Int(((room.w - size.w) / dx).rounded(.down))
        for row in 0...max(0, rows) {
            let y = fromBottom ? room.maxY - size.h - Double(row) * dy : room.y + Double(row) * dy
            for column in 0...max(0, columns) {
                let x = alignRight ? room.maxX - size.w - Double(column) * dx : room.x + Double(column) * dx
                let r = Rect(x, y, size.w, size.h)
                if isFree(r, offPicture: offPicture) { return r }
            }
        }
        return nil
    }

    /// A free place for a box of `size` in `room` that `accept` takes, the one nearest
    /// `near` on a grid of about an eighth of the box; nil when there is none.
    public func scan(
        size: Rect, in room: Rect, near: (x: Double, y: Double), offPicture: Bool,
        accept: (Rect) -> Bool = { _ in true }
    ) -> Rect? {
        guard size.w <= room.w, size.h <= room.h else { return nil }
        let step = max(4, min(size.w, size.h) / 8)
        var best: (Rect, Double)?
        var y = room.y
        while y + size.h <= room.maxY + 0.5 {
            var x = room.x
            while x + size.w <= room.maxX + 0.5 {
                let r = Rect(x, y, size.w, size.h)
                let dx = x + size.w / 2 - near.x
                let dy = y + size.h / 2 - near.y
                let d = dx * dx + dy * dy
                if d < best?.1 ?? .infinity, isFree(r, offPicture: offPicture), accept(r) { best = (r, d) }
                x += step
            }
            y += step
        }
        return best?.0
    }

    /// The first of `candidates` that is free off the picture, else (when `allowPicture`)
    /// the first free at all.
    public func first(_ candidates: [Rect], allowPicture: Bool) -> Rect? {
        candidates.first { isFree($0, offPicture: true) }
            ?? (allowPicture ? candidates.first { isFree($0, offPicture: false) } : nil)
    }
}

/// The strips of a pane that the picture leaves empty (letterboxing): above, below, left
/// and right of it. A band is empty (zero height or width) when the picture reaches that
/// edge of the pane.
public struct PictureBands: Equatable, Sendable {
    public let pane: Rect
    public let picture: Rect
    public var top: Rect { Rect(pane.x, pane.y, pane.w, max(0, picture.y - pane.y)) }
    public var bottom: Rect { Rect(pane.x, picture.maxY, pane.w, max(0, pane.maxY - picture.maxY)) }
    public var left: Rect { Rect(pane.x, pane.y, max(0, picture.x - pane.x), pane.h) }
    public var right: Rect { Rect(picture.maxX, pane.y, max(0, pane.maxX - picture.maxX), pane.h) }

    public init(pane: Rect, picture: Rect) {
        self.pane = pane
        self.picture = picture
    }

    /// The bands of every pane of `geometry`.
    public static func of(_ geometry: ViewGeometry) -> [PictureBands] {
        geometry.panes.map { pane in
            PictureBands(pane: pane, picture: geometry.pictureRect(in: pane))
        }
    }

    /// The window-wide strip below the pictures of the bottom row of panes, and above those
    /// of the top row: where the footer, chips and caption go first.
    public static func bottomStrip(_ geometry: ViewGeometry, window: Rect) -> Rect {
        let bottom = geometry.pieces.map(\.destination.maxY).max() ?? window.maxY
        return Rect(window.x, bottom, window.w, max(0, window.maxY - bottom))
    }

    public static func topStrip(_ geometry: ViewGeometry, window: Rect) -> Rect {
        let top = geometry.pieces.map(\.destination.y).min() ?? window.y
        return Rect(window.x, window.y, window.w, max(0, top - window.y))
    }

    /// In 2×2, the window-wide strip between the upper row's pictures and the lower row's
    /// (the lower row's badges stand in it); empty with one row of panes.
    public static func middleStrip(_ geometry: ViewGeometry, window: Rect) -> Rect {
        let rows = Set(geometry.panes.map(\.y)).sorted()
        guard rows.count == 2 else { return Rect(window.x, window.y, window.w, 0) }
        let upper = geometry.pieces.map(\.destination).filter { $0.y < rows[1] }
        let lower = geometry.pieces.map(\.destination).filter { $0.y >= rows[1] }
        guard let top = upper.map(\.maxY).max(), let bottom = lower.map(\.y).min() else {
            return Rect(window.x, window.y, window.w, 0)
        }
        return Rect(window.x, top, window.w, max(0, bottom - top))
    }
}
