import CV4L2
import CVDCore
import Testing
@testable import CVDCapture

@Suite struct NegotiationTests {
    static func size(_ w: Int, _ h: Int, _ fps: Double...) -> FrameSizeInfo { FrameSizeInfo(width: w, height: h, fps: fps) }

    /// A typical UVC webcam: YUYV is fast only at small sizes, MJPEG gives 1080p30.
    static let webcam = [
        FormatInfo(fourCC: .yuyv, description: "YUYV 4:2:2", emulated: false,
                   sizes: [size(640, 480, 30, 15), size(1280, 720, 10, 5), size(1920, 1080, 5)]),
        FormatInfo(fourCC: .mjpeg, description: "Motion-JPEG", emulated: false,
                   sizes: [size(640, 480, 30), size(1280, 720, 30), size(1920, 1080, 30), size(2592, 1944, 15)]),
        FormatInfo(fourCC: .rgb24, description: "RGB3", emulated: true,
                   sizes: [size(640, 480, 30), size(1280, 720, 30), size(1920, 1080, 30)]),
    ]

    @Test func defaultIsLargestSizeAt25FPSInTheFastestFormat() {
        let c = FormatChoice.best(from: Self.webcam)
        #expect(c == FormatChoice.Choice(fourCC: .mjpeg, width: 1920, height: 1080, fps: 30))
        // YUYV wins over MJPEG at the same size and rate; native wins over libv4l's emulation.
        let both = [FormatInfo(fourCC: .mjpeg, description: "", emulated: false, sizes: [Self.size(1280, 720, 30)]),
                    FormatInfo(fourCC: .rgb24, description: "", emulated: true, sizes: [Self.size(1280, 720, 30)]),
                    FormatInfo(fourCC: .yuyv, description: "", emulated: false, sizes: [Self.size(1280, 720, 30)])]
        #expect(FormatChoice.best(from: both)?.fourCC == .yuyv)
        #expect(FormatChoice.best(from: Array(both.prefix(2)))?.fourCC == .mjpeg)
    }

    @Test func vividLikeCameraGets640x480() {
        let vivid = [FormatInfo(fourCC: .yuyv, description: "", emulated: false,
                                sizes: [Self.size(640, 360, 40, 30), Self.size(640, 480, 25, 15), Self.size(1280, 720, 12.5), Self.size(1920, 1080, 5)])]
        #expect(FormatChoice.best(from: vivid) == FormatChoice.Choice(fourCC: .yuyv, width: 640, height: 480, fps: 25))
        // Nothing reaches 25 fps: the fastest rate wins, then the size.
        let slow = [FormatInfo(fourCC: .yuyv, description: "", emulated: false, sizes: [Self.size(1280, 720, 10), Self.size(640, 480, 15)])]
        #expect(FormatChoice.best(from: slow)?.width == 640)
    }

    @Test func requestsNarrowTheChoice() {
        #expect(FormatChoice.best(from: Self.webcam, for: FormatRequest(fourCC: .yuyv)) ==
                FormatChoice.Choice(fourCC: .yuyv, width: 640, height: 480, fps: 30))
        #expect(FormatChoice.best(from: Self.webcam, for: FormatRequest(fourCC: .yuyv, width: 1280, height: 720)) ==
                FormatChoice.Choice(fourCC: .yuyv, width: 1280, height: 720, fps: 10))
        #expect(FormatChoice.best(from: Self.webcam, for: FormatRequest(fps: 15))?.width == 1920)  // sizes stay within 1080p unless asked
        #expect(FormatChoice.best(from: Self.webcam, for: FormatRequest(fourCC: .yuyv, fps: 12))?.fps == 15)
        #expect(FormatChoice.best(from: Self.webcam, for: FormatRequest(width: 800, height: 600)) == nil)
        #expect(FormatChoice.best(from: Self.webcam, for: FormatRequest(fourCC: .nv12)) == nil)
    }

    @Test func ycbcrEncodingFollowsTheFormatFields() {
        let srgb = V4L2_COLORSPACE_SRGB.rawValue, rec709 = V4L2_COLORSPACE_REC709.rawValue, jpeg = V4L2_COLORSPACE_JPEG.rawValue
        #expect(CaptureFormat.encoding(colorspace: srgb, ycbcrEnc: 0, quantization: 0, compressed: false) == YCbCrEncoding(.bt601, .limited))
        #expect(CaptureFormat.encoding(colorspace: rec709, ycbcrEnc: 0, quantization: 0, compressed: false) == YCbCrEncoding(.bt709, .limited))
        #expect(CaptureFormat.encoding(colorspace: jpeg, ycbcrEnc: 0, quantization: 0, compressed: false) == YCbCrEncoding(.bt601, .full))
        #expect(CaptureFormat.encoding(colorspace: srgb, ycbcrEnc: V4L2_YCBCR_ENC_709.rawValue,
                                       quantization: V4L2_QUANTIZATION_FULL_RANGE.rawValue, compressed: false) == YCbCrEncoding(.bt709, .full))
        #expect(CaptureFormat.encoding(colorspace: rec709, ycbcrEnc: 0, quantization: 0, compressed: true) == YCbCrEncoding(.bt601, .full))
    }

    @Test func controlNamesAndValues() {
        #expect(CameraControl.key("White Balance, Automatic") == "white_balance_automatic")
        #expect(CameraControl.key("Percentage of Dropped Buffers") == "percentage_of_dropped_buffers")
        #expect(ControlSetting("Brightness=200")?.key == "brightness")
        #expect(ControlSetting("=3") == nil && ControlSetting("gain") == nil && ControlSetting("gain=") == nil)
        let menu = CameraControl(id: 1, name: "Auto Exposure", kind: .menu, minimum: 0, maximum: 3, step: 1, defaultValue: 3,
                                 value: 3, menu: [(1, "Manual Mode"), (3, "Aperture Priority Mode")], inactive: false, readOnly: false)
        #expect(VideoDevice.parse("manual_mode", for: menu) == 1)
        #expect(VideoDevice.parse("3", for: menu) == 3)
        #expect(VideoDevice.parse("2", for: menu) == nil)
        let flag = CameraControl(id: 2, name: "Mute", kind: .boolean, minimum: 0, maximum: 1, step: 1, defaultValue: 0,
                                 value: 0, menu: [], inactive: false, readOnly: false)
        #expect(VideoDevice.parse("on", for: flag) == 1 && VideoDevice.parse("false", for: flag) == 0 && VideoDevice.parse("maybe", for: flag) == nil)
        let int = CameraControl(id: 3, name: "Gain", kind: .integer, minimum: 0, maximum: 255, step: 1, defaultValue: 100,
                                value: 100, menu: [], inactive: false, readOnly: false)
        #expect(VideoDevice.parse("256", for: int) == nil && VideoDevice.parse("255", for: int) == 255)
    }
}
