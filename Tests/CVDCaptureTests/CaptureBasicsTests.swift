import Foundation
import TestFolders
import Testing

@testable import CVDCapture

/// What can be checked without a camera. Streaming against a real driver (vivid in a VM)
/// is the capture issue's test bed, still to come.
@Suite struct CaptureBasicsTests {
    @Test func fourCCRoundTrips() {
        #expect(FourCC("YUYV")?.rawValue == 0x5659_5559)
        #expect(FourCC.mjpeg.description == "MJPG")
        #expect(FourCC(rawValue: 0x3342_4752).description == "RGB3")
        #expect(FourCC("TOOLONG") == nil)
        #expect(FourCC("ab\u{1}c") == nil)
    }

    @Test func errorsSayWhatToDo() {
        #expect(
            CaptureError.from(errno: .noSuchFileOrDirectory, path: "/dev/video7", call: .open)
                == .noSuchDevice(path: "/dev/video7"))
        #expect(
            CaptureError.from(errno: .permissionDenied, path: "/dev/video0", call: .open).description.contains(
                "video group"))
        #expect(
            CaptureError.from(errno: .resourceBusy, path: "/dev/video0", call: .ioctl(.streamon)).description.contains(
                "another program"))
        #expect(
            CaptureError.from(errno: .operationNotSupportedByDevice, path: "/dev/video0", call: .ioctl(.dqbuf))
                == .disconnected(path: "/dev/video0"))
        #expect(
            CaptureError.from(errno: .operationNotSupportedByDevice, path: "/dev/video0", call: .open)
                == .noSuchDevice(path: "/dev/video0"))
    }

    @Test func missingPathIsNoSuchDevice() {
        #expect(throws: CaptureError.noSuchDevice(path: "/dev/video-none")) { try VideoDevice(path: "/dev/video-none") }
    }

    /// A node that is not V4L2 at all (/dev/null) is "not a video capture device".
    /// (libv4l2 already refuses it at open; a driver that opens would fail VIDIOC_QUERYCAP.)
    @Test func nonV4L2NodeIsNotACaptureDevice() {
        #expect { _ = try VideoDevice(path: "/dev/null").capabilities() } throws: { e in
            guard case .notCaptureDevice(path: "/dev/null", what: _)? = e as? CaptureError else { return false }
            return "\(e)".contains("is not a video capture device")
        }
    }

    @Test func nodesAreListedInNumericOrder() throws {
        let dir = TestFolder.make("cvdcam-dev")
        for n in ["video10", "video2", "video0", "vbi0", "videoX"] {
            _ = FileManager.default.createFile(atPath: "\(dir)/\(n)", contents: nil)
        }
        #expect(DeviceDiscovery.nodes(in: dir) == ["\(dir)/video0", "\(dir)/video2", "\(dir)/video10"])
        // Plain files answer no V4L2 request: none of them is listed as a camera.
        #expect(DeviceDiscovery.cameras(in: dir).isEmpty)
    }
}
