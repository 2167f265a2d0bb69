import CVDCore
import Foundation
import Testing

@testable import CVDViewModel

/// A page's proportions from its corners in perspective (`PageAspect`): an A4 page and a
/// square card photographed by a pinhole camera at several tilts and turns come out within
/// 3 % of their real width ÷ height; a page seen straight on by its edges.
@Suite struct PageAspectTests {
    /// The corners of a `w`×`h` page (mm) tilted by `tilt` about the x axis and `turn` about
    /// the z axis, 600 mm from a camera of focal length `f` px, principal point `c`.
    static func photographed(
        _ w: Double, _ h: Double, tilt: Double, turn: Double, f: Double, c: (Double, Double)
    ) -> [(x: Double, y: Double)] {
        let corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
        return corners.map { p in
            let (x1, y1) = (p.0 * cos(turn) - p.1 * sin(turn), p.0 * sin(turn) + p.1 * cos(turn))
            let (y2, z2) = (y1 * cos(tilt), 600 + y1 * sin(tilt))
            return (c.0 + f * x1 / z2, c.1 + f * y2 / z2)
        }
    }

    @Test func pagesInPerspectiveKeepTheirProportions() {
        let typical = PageAspect.typicalFocal(width: 1920)
        for f in [1100.0, typical] {
            for (w, h) in [(210.0, 297.0), (297.0, 210.0), (150.0, 150.0)] {
                for tilt in [0.0, 0.3, 0.6] {
                    for turn in [0.0, 0.1, -0.2] {
                        let q = Self.photographed(w, h, tilt: tilt, turn: turn, f: f, c: (960, 540))
                        let r = PageAspect.ratio(tl: q[0], tr: q[1], br: q[2], bl: q[3], centre: (960, 540))
                        // Turned: the focal length is measured; tilted straight away, a webcam's
                        // usual one is assumed (exact for such a camera, close for a wider one).
                        let tolerance = turn != 0 || f == typical || tilt == 0 ? 0.03 : 0.12
                        #expect(
                            abs(r / (w / h) - 1) < tolerance,
                            "f \(Int(f)) \(w)×\(h) tilt \(tilt) turn \(turn): \(r), real \(w / h)")
                    }
                }
            }
        }
    }

    /// Through the picture map: the straightened page's shown size has the page's proportions.
    @Test func theStraightenedViewHasThePagesShape() {
        let q = Self.photographed(210, 297, tilt: 0.5, turn: 0.05, f: 900, c: (640, 360))
        let corners = q.map { Point($0.x / 1280, $0.y / 720) }
        let map = PictureMap(picture: FrameSize(1280, 720), corners: corners)
        #expect(map.straightened)
        #expect(abs(map.view.width / map.view.height / (210.0 / 297) - 1) < 0.03, "\(map.view)")
    }
}
