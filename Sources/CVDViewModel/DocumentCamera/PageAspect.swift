/// A page's real proportions from its four corners as a camera sees them in perspective
/// (Zhang & He, "Whiteboard scanning and image enhancement", 2007, §3): the rectangle's
/// vanishing geometry gives the camera's focal length (square pixels, the principal point at
/// the picture's centre), and with it the ratio of the page's sides. Where a pair of edges is
/// parallel in the picture (a page tilted straight away from the camera: one vanishing point
/// at infinity) the focal length cannot be measured, and a webcam's usual one is taken
/// (`typicalFocal`: a 70° horizontal field of view); a page seen straight on gets the ratio
/// of its edges.
public enum PageAspect {
    /// Width ÷ height of the page whose corners (picture pixels) are `tl`, `tr`, `br`, `bl`,
    /// in a picture whose centre is `centre`.
    /// A webcam's usual focal length, pixels, for a picture `width` wide: a 70° field of view.
    public static func typicalFocal(width: Double) -> Double { width / (2 * 0.7002075382097097) } // tan 35°

    public static func ratio(
        tl: (x: Double, y: Double), tr: (x: Double, y: Double), br: (x: Double, y: Double), bl: (x: Double, y: Double),
        centre: (x: Double, y: Double), focal: Double? = nil
    ) -> Double {
        // Zhang & He's m1…m4: (0,0), (w,0), (0,h), (w,h) of the page; homogeneous, centred.
        typealias V = (Double, Double, Double)
        func v(_ p: (x: Double, y: Double)) -> V { (p.x - centre.x, p.y - centre.y, 1) }
        func cross(_ a: V, _ b: V) -> V { (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0) }
        func dot(_ a: V, _ b: V) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
        let (m1, m2, m3, m4) = (v(tl), v(tr), v(bl), v(br))
        let k2 = dot(cross(m1, m4), m3) / dot(cross(m2, m4), m3)
        let k3 = dot(cross(m1, m4), m2) / dot(cross(m3, m4), m2)
        let n2 = (k2 * m2.0 - m1.0, k2 * m2.1 - m1.1, k2 * m2.2 - m1.2)
        let n3 = (k3 * m3.0 - m1.0, k3 * m3.1 - m1.1, k3 * m3.2 - m1.2)
        func length(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
            ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        }
        let edges = (length(tl, tr) + length(bl, br)) / max(1e-9, length(tl, bl) + length(tr, br))
        // Vanishing points at infinity (or nearly): no focal length to find.
        let scale = max(abs(n2.0), abs(n2.1), abs(n3.0), abs(n3.1), 1e-9)
        guard k2.isFinite, k3.isFinite else { return edges }
        let assumed = focal ?? typicalFocal(width: 2 * max(abs(centre.x), abs(centre.y), 1))
        // Both vanishing points finite: the focal length from them; else the assumed one.
        let measured = -(n2.0 * n3.0 + n2.1 * n3.1) / (n2.2 * n3.2)
        let f2 =
            abs(n2.2) > 1e-9 * scale && abs(n3.2) > 1e-9 * scale && measured.isFinite && measured > 0
            ? measured : assumed * assumed
        let ratio2 = (n2.0 * n2.0 + n2.1 * n2.1 + f2 * n2.2 * n2.2) / (n3.0 * n3.0 + n3.1 * n3.1 + f2 * n3.2 * n3.2)
        guard ratio2.isFinite, ratio2 > 0 else { return edges }
        let r = ratio2.squareRoot()
        // A focal length from nearly parallel edges is noise: trust it only where it agrees
        // with the edges within a factor 2 (perspective changes the ratio less than that).
        return r > edges / 2 && r < edges * 2 ? r : edges
    }
}
