import CV4L2

extension CameraControl {
    /// The controls that decide how faithful the picture's colour is, in the order a
    /// person adjusts them (the camera panel's): exposure (automatic, time), gain (automatic, gain), white balance
    /// (automatic, temperature), brightness, contrast, saturation, focus (automatic,
    /// distance), zoom, power-line frequency (flicker under mains lighting).
    public static let colourControlIDs: [UInt32] = [
        V4L2_CID_EXPOSURE_AUTO, V4L2_CID_EXPOSURE_ABSOLUTE, V4L2_CID_AUTOGAIN, V4L2_CID_GAIN,
        V4L2_CID_AUTO_WHITE_BALANCE, V4L2_CID_WHITE_BALANCE_TEMPERATURE,
        V4L2_CID_BRIGHTNESS, V4L2_CID_CONTRAST, V4L2_CID_SATURATION,
        V4L2_CID_FOCUS_AUTO, V4L2_CID_FOCUS_ABSOLUTE, V4L2_CID_ZOOM_ABSOLUTE, V4L2_CID_POWER_LINE_FREQUENCY,
    ].map { UInt32($0) }
}
