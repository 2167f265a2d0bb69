import CVDCore

/// The keys that concern the camera: the white card and the next camera.
extension ViewState {
    mutating func applyCamera(_ command: Command) -> Effect? {
        switch command {
        case .whiteCard:
            helpVisible = false
            guard whiteBalance == nil else {
                whiteBalance = nil
                notice = "white balance released: the camera balances itself again"
                return .releaseWhiteCard
            }
            return .measureWhiteCard
        case .nextCamera:
            helpVisible = false
            if whiteBalance != nil {
                // A card balance belongs to the camera it was measured with.
                whiteBalance = nil
                notice = "white balance released for the next camera"
            }
            return .nextCamera
        default:
            break
        }
        return nil
    }
}
