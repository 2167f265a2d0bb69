extension ViewState {
    /// Side effects for the window layer; state changes are in `self`.
    public enum Effect: Equatable, Sendable {
        case quit, snapshot, fullscreenChanged, fullscreenOnNextDisplay, toggleVirtualCamera
        /// `w`: measure the card in the current picture (and lock the camera's automatics).
        case measureWhiteCard
        /// `w` again: the balance is off; release the camera's automatics.
        case releaseWhiteCard
        case nextCamera
        /// The panel opened (read the camera's controls), or asks to change or reset the
        /// selected control.
        case cameraPanelOpened
        case changeControl(Int)
        case resetControl
        /// `g`: keep the current picture as the still; Shift+G: save the still as a picture file.
        case grabStill
        case saveStill
        /// Shift+R: show the whole monitor, frozen, to pick a region on; picking stopped
        /// (back to the region before); a region chosen (picture points; nil: the whole).
        case screenRegionPicking
        case screenRegionCancelled
        case screenRegionChosen(from: Point, to: Point)
    }
}
