import CVDCore

/// The keys that concern the camera: the white card, the next camera and the camera panel.
extension ViewState {
    mutating func applyCamera(_ command: Command) -> Effect? {
        switch command {
        case .whiteCard:
            helpVisible = false
            guard whiteBalance == nil else {
                whiteBalance = nil
                notice = Message("white balance released: the camera balances itself again")
                return .releaseWhiteCard
            }
            return .measureWhiteCard
        case .nextCamera:
            helpVisible = false
            if whiteBalance != nil {
                // A card balance belongs to the camera it was measured with.
                whiteBalance = nil
                notice = Message("white balance released for the next camera")
            }
            return .nextCamera
        case .toggleCameraPanel:
            cameraPanelVisible.toggle()
            helpVisible = false
            return cameraPanelVisible ? .cameraPanelOpened : nil
        case .panelSelect(let d): panelSelection += d
        case .panelChange(let d): return .changeControl(d)
        case .panelReset: return .resetControl
        default:
            break
        }
        return nil
    }
}
