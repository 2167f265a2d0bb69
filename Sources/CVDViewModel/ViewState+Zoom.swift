import CVDCore
import CVDSystem
import FoundationEssentials
import Glibc

/// Zoom and pan: the visible part of the picture.
extension ViewState {
    /// Zooms by `factor`, keeping the picture point under `at` (view coordinates, 0…1) in
    /// place; `nil` zooms about the centre of the view.
    mutating func zoom(by factor: Double, at: Point?) {
        let old = zoom
        zoom = min(max(zoom * factor, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
        // Whole steps land exactly on 2×, 4× and 8× (no 1.9999…).
        let steps = (log2(zoom) * 2).rounded()
        if abs(log2(zoom) * 2 - steps) < 1e-6 { zoom = pow(2, steps / 2) }
        if let p = at {
            // Picture point under the pointer before and after must be the same.
            let px = centre.x + (p.x - 0.5) / old
            let py = centre.y + (p.y - 0.5) / old
            centre = Point(px - (p.x - 0.5) / zoom, py - (p.y - 0.5) / zoom)
        }
        clampCentre()
    }

    mutating func clampCentre() {
        let half = 0.5 / zoom
        centre = Point(min(max(centre.x, half), 1 - half), min(max(centre.y, half), 1 - half))
    }

    /// The part of the picture that is visible, in picture coordinates (x, y, width, height).
    public var visibleRect: (x: Double, y: Double, w: Double, h: Double) {
        let s = 1 / zoom
        return (centre.x - s / 2, centre.y - s / 2, s, s)
    }
}
