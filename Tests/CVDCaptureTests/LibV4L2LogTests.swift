import CV4L2
import Foundation
import Testing

@testable import CVDCapture

/// libv4l2's own messages go to `LibV4L2Log`, never to file descriptor 2; and nodes that
/// are no V4L2 device never reach libv4l2 (whose plugins would print on stderr).
@Suite struct LibV4L2LogTests {
    /// libv4l2 handed a descriptor that is no V4L2 node says so itself ("error getting
    /// capabilities"): the line lands in the log. (libv4l's plugins print their own
    /// `perror` line here, on the test's stderr: the reason `VideoDevice` refuses such
    /// nodes before libv4l2 sees them, tested next.)
    @Test func libv4l2sWordsLandInTheLog() {
        LibV4L2Log.install()
        let fd = open("/dev/null", O_RDWR)
        defer { close(fd) }
        #expect(v4l2_fd_open(fd, 0) == -1)
        let said = LibV4L2Log.recent
        #expect(said.contains { $0.hasPrefix("libv4l2: error getting capabilities") }, "libv4l2 said: \(said)")
        #expect(said.count <= LibV4L2Log.keep)
    }

    /// /dev/null through `VideoDevice`: cvdcam's own error, and libv4l2 never asked.
    @Test func aNodeThatIsNoV4L2DeviceIsRefusedFirst() {
        #expect(throws: CaptureError.notCaptureDevice(path: "/dev/null", what: "it does not answer V4L2 requests")) {
            _ = try VideoDevice(path: "/dev/null")
        }
    }
}
