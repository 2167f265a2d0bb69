import CVDCore

/// Shift+R with the screen as the source: the whole monitor shows, frozen, and a rectangle
/// dragged over it chooses the part to show live (a click without a drag: the whole
/// monitor); Shift+R again or Esc stops picking and keeps the part shown before.
extension ViewState {
    /// The rectangle being dragged, in picture points (0…1); nil until the press.
    public struct RegionPick: Equatable, Sendable {
        public var from: Point?
        public var to: Point?
    }

    mutating func applyScreenRegion(_ command: Command) -> Effect? {
        switch command {
        case .pickScreenRegion where !screenIsSource:
            notice = Message("Shift+R picks the part of the screen to show: start cvdcam with --screen")
        case .pickScreenRegion where regionPick != nil:
            regionPick = nil
            frozen = false
            notice = Message("region picking stopped")
            return .screenRegionCancelled
        case .pickScreenRegion:
            regionPick = RegionPick()
            cornerPicks = nil
            // The picture the rectangle is dragged over: the monitor's, unturned and whole.
            (zoom, centre) = (1, Point(0.5, 0.5))
            notice = Message("drag over the part of the screen to show (a click: all of it; Esc: stop)")
            return .screenRegionPicking
        case .regionDrag(let a, let b) where regionPick != nil:
            regionPick = RegionPick(from: a, to: b)
        case .regionDone(let a, let b) where regionPick != nil:
            regionPick = nil
            frozen = false
            return .screenRegionChosen(from: a, to: b)
        default:
            break
        }
        return nil
    }
}
