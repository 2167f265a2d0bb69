import CV4L2
import CVDCore
import Testing

@testable import CVDCapture

@Suite struct NegotiationTests {
    static func size(_ w: Int, _ h: Int, _ fps: Double...) -> FrameSizeInfo {
        FrameSizeInfo(size: FrameSize(w, h), fps: fps.map(rate))
    }
    /// 30 → 30/1, 12.5 → 25/2.
    static func rate(_ fps: Double) -> FrameRate { FrameRate(parsing: "\(fps)")! }
    static func choice(_ f: FourCC, _ w: Int, _ h: Int, _ fps: Double) -> FormatChoice.Choice {
        FormatChoice.Choice(fourCC: f, size: FrameSize(w, h), fps: rate(fps))
    }

    /// A typical UVC webcam: YUYV is fast only at small sizes, MJPEG gives 1080p30.
    static let webcam = [
        FormatInfo(
            fourCC: .yuyv, description: "YUYV 4:2:2", emulated: false,
            sizes: [size(640, 480, 30, 15), size(1280, 720, 10, 5), size(1920, 1080, 5)]),
        FormatInfo(
            fourCC: .mjpeg, description: "Motion-JPEG", emulated: false,
            sizes: [size(640, 480, 30), size(1280, 720, 30), size(1920, 1080, 30), size(2592, 1944, 15)]),
        FormatInfo(
            fourCC: .rgb24, description: "RGB3", emulated: true,
            sizes: [size(640, 480, 30), size(1280, 720, 30), size(1920, 1080, 30)]),
    ]

    @Test func defaultIsLargestSizeAt25FPSInTheFastestFormat() {
        let c = FormatChoice.best(from: Self.webcam)
        #expect(c == Self.choice(.mjpeg, 1920, 1080, 30))
        // YUYV wins over MJPEG at the same size and rate; native wins over libv4l's emulation.
        let both = [
            FormatInfo(fourCC: .mjpeg, description: "", emulated: false, sizes: [Self.size(1280, 720, 30)]),
            FormatInfo(fourCC: .rgb24, description: "", emulated: true, sizes: [Self.size(1280, 720, 30)]),
            FormatInfo(fourCC: .yuyv, description: "", emulated: false, sizes: [Self.size(1280, 720, 30)]),
        ]
        #expect(FormatChoice.best(from: both)?.fourCC == .yuyv)
        #expect(FormatChoice.best(from: Array(both.prefix(2)))?.fourCC == .mjpeg)
    }

    @Test func vividLikeCameraGets640x480() {
        let vivid = [
            FormatInfo(
                fourCC: .yuyv, description: "", emulated: false,
                sizes: [
                    Self.size(640, 360, 40, 30), Self.size(640, 480, 25, 15), Self.size(1280, 720, 12.5),
                    Self.size(1920, 1080, 5),
                ])
        ]
        #expect(FormatChoice.best(from: vivid) == Self.choice(.yuyv, 640, 480, 25))
        // Nothing reaches 25 fps: the fastest rate wins, then the size.
        let slow = [
            FormatInfo(
                fourCC: .yuyv, description: "", emulated: false,
                sizes: [Self.size(1280, 720, 10), Self.size(640, 480, 15)])
        ]
        #expect(FormatChoice.best(from: slow)?.size.width == 640)
    }

    @Test func requestsNarrowTheChoice() {
        #expect(
            FormatChoice.best(from: Self.webcam, for: FormatRequest(fourCC: .yuyv)) == Self.choice(.yuyv, 640, 480, 30))
        #expect(
            FormatChoice.best(from: Self.webcam, for: FormatRequest(fourCC: .yuyv, size: FrameSize(1280, 720)))
                == Self.choice(.yuyv, 1280, 720, 10))
        // Within 1080p unless asked.
        #expect(
            FormatChoice.best(from: Self.webcam, for: FormatRequest(fps: FrameRate(15)))?.size == FrameSize(1920, 1080))
        #expect(
            FormatChoice.best(from: Self.webcam, for: FormatRequest(fourCC: .yuyv, fps: FrameRate(12)))?.fps
                == FrameRate(15))
        #expect(FormatChoice.best(from: Self.webcam, for: FormatRequest(size: FrameSize(800, 600))) == nil)
        #expect(FormatChoice.best(from: Self.webcam, for: FormatRequest(fourCC: .nv12)) == nil)
    }

    /// Rates stay the exact fractions the driver lists: 29.97 is 30000/1001, 12.5 is 25/2.
    @Test func ratesStayExact() throws {
        let ntsc = try #require(FrameRate(interval: 1001, 30000))
        let cam = [
            FormatInfo(
                fourCC: .yuyv, description: "", emulated: false,
                sizes: [
                    FrameSizeInfo(size: FrameSize(1280, 720), fps: [ntsc, Self.rate(15)]),
                    FrameSizeInfo(size: FrameSize(640, 480), fps: [Self.rate(12.5)]),
                ])
        ]
        // 29.97 fps reaches 25: the largest size, at exactly the 30000/1001 listed.
        let c = try #require(FormatChoice.best(from: cam))
        #expect(c.size == FrameSize(1280, 720) && c.fps == ntsc && ntsc.interval == (1001, 30000))
        // Asked for 29.97 (typed as a decimal): the listed 30000/1001 is the closest, and it is fast enough.
        let typed = try #require(FrameRate(parsing: "29.97"))
        #expect(FormatChoice.best(from: cam, for: FormatRequest(fps: typed))?.fps == ntsc)
        // Asked for 30: the listed 29.97 is not within 0.01 fps, so nothing is fast enough; the fastest wins.
        #expect(FormatChoice.best(from: cam, for: FormatRequest(fps: FrameRate(30)))?.fps == ntsc)
        // 12.5 fps: 25/2, asked for exactly.
        let half = try #require(
            FormatChoice.best(from: cam, for: FormatRequest(size: FrameSize(640, 480), fps: FrameRate(parsing: "12.5")))
        )
        #expect(half.fps == FrameRate(frames: 25, per: 2) && half.fps.map { $0.interval == (2, 25) } == true)
        #expect(
            CaptureFormat.rate(Self.rate(12.5)) == "12.5" && CaptureFormat.rate(ntsc) == "29.97"
                && CaptureFormat.rate(FrameRate(25)!) == "25")
        #expect(FormatChoice.minimumFPS == FrameRate(25))
        #expect(FormatChoice.maximumSize == FrameSize(1920, 1080))
    }

    /// Nothing at 25 fps: the fastest rate wins, compared exactly.
    @Test func slowCamerasPickTheFastestRate() {
        let slow = [
            FormatInfo(
                fourCC: .yuyv, description: "", emulated: false,
                sizes: [Self.size(1280, 720, 12.5), Self.size(640, 480, 15), Self.size(320, 240, 15)])
        ]
        #expect(FormatChoice.best(from: slow) == Self.choice(.yuyv, 640, 480, 15))
        // A rate a driver rounded a hair below what is wanted (UVC's 666667 × 100 ns) still counts.
        let rounded = FrameRate(interval: 666_667, 10_000_000)!
        let uvc = [
            FormatInfo(
                fourCC: .yuyv, description: "", emulated: false,
                sizes: [FrameSizeInfo(size: FrameSize(1280, 720), fps: [rounded]), Self.size(640, 480, 30)])
        ]
        #expect(FormatChoice.best(from: uvc, for: FormatRequest(fps: FrameRate(15)))?.size == FrameSize(1280, 720))
    }

    @Test func closestRateIsExact() {
        let t = FrameRate(20)!
        #expect(FormatChoice.isCloser(FrameRate(frames: 39, per: 2)!, than: FrameRate(21)!, to: t)) // 19.5 vs 21
        #expect(!FormatChoice.isCloser(FrameRate(25)!, than: FrameRate(15)!, to: t)) // a tie keeps the first
        #expect(FormatChoice.isSlower(nil, than: FrameRate(1)) && !FormatChoice.isSlower(FrameRate(1), than: nil))
    }

    @Test func ycbcrEncodingFollowsTheFormatFields() {
        let srgb = V4L2_COLORSPACE_SRGB.rawValue
        let rec709 = V4L2_COLORSPACE_REC709.rawValue
        let jpeg = V4L2_COLORSPACE_JPEG.rawValue
        #expect(
            CaptureFormat.encoding(colorspace: srgb, ycbcrEnc: 0, quantization: 0, compressed: false)
                == YCbCrEncoding(.bt601, .limited))
        #expect(
            CaptureFormat.encoding(colorspace: rec709, ycbcrEnc: 0, quantization: 0, compressed: false)
                == YCbCrEncoding(.bt709, .limited))
        #expect(
            CaptureFormat.encoding(colorspace: jpeg, ycbcrEnc: 0, quantization: 0, compressed: false)
                == YCbCrEncoding(.bt601, .full))
        #expect(
            CaptureFormat.encoding(
                colorspace: srgb, ycbcrEnc: V4L2_YCBCR_ENC_709.rawValue,
                quantization: V4L2_QUANTIZATION_FULL_RANGE.rawValue, compressed: false) == YCbCrEncoding(.bt709, .full))
        #expect(
            CaptureFormat.encoding(colorspace: rec709, ycbcrEnc: 0, quantization: 0, compressed: true)
                == YCbCrEncoding(.bt601, .full))
    }

    @Test func controlNamesAndValues() {
        #expect(CameraControl.key("White Balance, Automatic") == "white_balance_automatic")
        #expect(CameraControl.key("Percentage of Dropped Buffers") == "percentage_of_dropped_buffers")
        #expect(ControlSetting("Brightness=200")?.key == "brightness")
        #expect(ControlSetting("=3") == nil && ControlSetting("gain") == nil && ControlSetting("gain=") == nil)
        let menu = CameraControl(
            id: 1, name: "Auto Exposure", kind: .menu, minimum: 0, maximum: 3, step: 1, defaultValue: 3,
            value: 3, menu: [(1, "Manual Mode"), (3, "Aperture Priority Mode")], inactive: false, readOnly: false)
        #expect(VideoDevice.parse("manual_mode", for: menu) == 1)
        #expect(VideoDevice.parse("3", for: menu) == 3)
        #expect(VideoDevice.parse("2", for: menu) == nil)
        let flag = CameraControl(
            id: 2, name: "Mute", kind: .boolean, minimum: 0, maximum: 1, step: 1, defaultValue: 0,
            value: 0, menu: [], inactive: false, readOnly: false)
        #expect(
            VideoDevice.parse("on", for: flag) == 1 && VideoDevice.parse("false", for: flag) == 0
                && VideoDevice.parse("maybe", for: flag) == nil)
        let int = CameraControl(
            id: 3, name: "Gain", kind: .integer, minimum: 0, maximum: 255, step: 1, defaultValue: 100,
            value: 100, menu: [], inactive: false, readOnly: false)
        #expect(VideoDevice.parse("256", for: int) == nil && VideoDevice.parse("255", for: int) == 255)
    }
}
