import CVDCheck
import CVDCore

/// A check tag beside the picture (`checkMarks`), for a group whose surroundings in the
/// picture hold no bare paper for it: a crowded colour chart, a photograph. It goes in the
/// band beside the picture's edge (left or right, where it borders this piece), within the
/// picture's height, at the free height nearest the group's, on the side whose leader is
/// the shorter. The leader joins it to the group's outline across the material: a thin
/// line covers less of it than the tag would. The tag is never over any picture, another
/// tag or a label.
extension OverlayPlan {
    /// The tag's window box and its leader (window points, tag to outline); nil when the
    /// bands beside this piece have no free place for it.
    static func tagBeside(
        _ tag: LabelBox, outline around: Rect, _ g: ViewGeometry, _ piece: ViewGeometry.Piece, avoiding taken: [Rect]
    ) -> (tag: LabelBox, leader: [(x: Double, y: Double)])? {
        let d = piece.destination
        guard let pane = g.panes.first(where: { $0.contains(d.x + d.w / 2, d.y + d.h / 2) }),
            let a = g.unclippedPoint(Point(around.x, around.y), in: piece),
            let b = g.unclippedPoint(Point(around.maxX, around.maxY), in: piece)
        else { return nil }
        let outline = Rect(min(a.x, b.x), min(a.y, b.y), abs(b.x - a.x), abs(b.y - a.y))
        // The pictures in this pane: the bands are what is beside all of them.
        let pictures = g.pieces.map(\.destination).filter { $0.intersects(pane) }
        let left = pictures.map(\.x).min() ?? d.x
        let right = pictures.map(\.maxX).max() ?? d.maxX
        // Beside the pictures only, not in the bands above and below them (the badges').
        let top = max(pane.y, pictures.map(\.y).min() ?? d.y)
        let bottom = min(pane.maxY, pictures.map(\.maxY).max() ?? d.maxY)
        let (w, h) = (tag.shim.w, tag.shim.h)
        let gap = max(2, (h / 6).rounded())
        var sides: [Double] = []
        if abs(d.x - left) < 0.5, left - pane.x >= w + gap { sides.append(left - gap - w) }
        if abs(d.maxX - right) < 0.5, pane.maxX - right >= w + gap { sides.append(right + gap) }
        let centre = outline.y + outline.h / 2 - h / 2
        let step = 2.0 // fine enough that a gap barely a tag high between two others is found
        let rows = Int((bottom - top) / step) + 1
        // On each side, the free place nearest the group's height; of the two, the one
        // whose leader is shorter.
        var best: (tag: LabelBox, leader: [(x: Double, y: Double)], length: Double)?
        for x in sides {
            for k in 0...(2 * rows) {
                // The group's height, then alternately below and above it.
                let y = (centre + Double(k % 2 == 0 ? k / 2 : -(k + 1) / 2) * step).rounded()
                guard y >= top, y + h <= bottom else { continue }
                let box = Rect(x, y, w, h)
                guard !pictures.contains(where: { overlaps($0, box, margin: 1) }),
                    !taken.contains(where: { overlaps($0, box, margin: 2) })
                else { continue }
                // From the tag's side that faces the picture to the outline's nearest point.
                let from = (x: x < left ? x + w : x, y: y + h / 2)
                let to = (x: min(max(from.x, outline.x), outline.maxX), y: min(max(from.y, outline.y), outline.maxY))
                let length = ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot()
                if length < best?.length ?? .infinity {
                    best = (tag.moved(dx: x - tag.shim.x, dy: y - tag.shim.y), [from, to], length)
                }
                break
            }
        }
        return best.map { ($0.tag, $0.leader) }
    }
}
