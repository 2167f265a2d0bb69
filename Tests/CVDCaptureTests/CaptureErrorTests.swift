import CV4L2
import CVDSystem
import Foundation
import Testing

@testable import CVDCapture

/// The one errno → CaptureError mapping, the messages users see, and `isTemporary`.
@Suite struct CaptureErrorTests {
    static let path = "/dev/video0"
    /// Every kind of call a device error can come from.
    static let calls: [CaptureError.Call] =
        [.open, .mmap, .poll, .setControl(key: "brightness")]
        + V4L2Request.allCases.map { .ioctl($0) }

    @Test(arguments: calls) func errnoMapsToTheSameCaseForEveryCall(_ call: CaptureError.Call) {
        let p = Self.path
        func map(_ e: Errno) -> CaptureError { CaptureError.from(errno: e, path: p, call: call) }
        #expect(map(.noSuchFileOrDirectory) == .noSuchDevice(path: p))
        #expect(map(.permissionDenied) == .permissionDenied(path: p))
        #expect(map(.notPermitted) == .permissionDenied(path: p))
        #expect(map(.resourceBusy) == .busy(path: p))
        #expect(
            map(.inappropriateIOCTLForDevice) == .notCaptureDevice(path: p, what: "it does not answer V4L2 requests"))
        // ENODEV, ENXIO: at open there is no such device; later it went away.
        let gone: CaptureError = call == .open ? .noSuchDevice(path: p) : .disconnected(path: p)
        #expect(map(.operationNotSupportedByDevice) == gone)
        #expect(map(.noSuchAddressOrDevice) == gone)
        for e: Errno in [.ioError, .invalidArgument, .noMemory, .outOfRange, .resourceTemporarilyUnavailable] {
            #expect(map(e) == .system(path: p, call: call, errno: e))
        }
    }

    @Test func callsAreNamedAsBefore() {
        #expect("\(CaptureError.Call.open)" == "open")
        #expect("\(CaptureError.Call.mmap)" == "mmap")
        #expect("\(CaptureError.Call.poll)" == "poll")
        #expect("\(CaptureError.Call.ioctl(.sFmt))" == "VIDIOC_S_FMT")
        #expect("\(CaptureError.Call.ioctl(.enumFrameintervals))" == "VIDIOC_ENUM_FRAMEINTERVALS")
        #expect(
            "\(CaptureError.Call.setControl(key: "white_balance_automatic"))" == "VIDIOC_S_CTRL white_balance_automatic"
        )
        #expect(Set(V4L2Request.allCases.map(\.description)).count == V4L2Request.allCases.count)
        #expect(V4L2Request.allCases.allSatisfy { $0.description.hasPrefix("VIDIOC_") })
    }

    /// The texts are matched by tests and the VM script: they must not change.
    @Test func messagesAreUnchanged() {
        let p = Self.path
        #expect(
            CaptureError.noSuchDevice(path: p).description
                == "/dev/video0: no such camera; run `cvdcam devices` to list the cameras there are")
        #expect(
            CaptureError.permissionDenied(path: p).description
                == "/dev/video0: permission denied; add your user to the video group (sudo usermod -aG video $USER) and log in again"
        )
        #expect(
            CaptureError.busy(path: p).description
                == "/dev/video0: the camera is busy — another program is using it; close that program and try again")
        #expect(
            CaptureError.notCaptureDevice(path: "/dev/video1", what: "it is vivid's metadata node").description
                == "/dev/video1 is not a video capture device (it is vivid's metadata node); run `cvdcam devices` to list the cameras"
        )
        #expect(
            CaptureError.disconnected(path: p).description
                == "/dev/video0: the camera was disconnected; plug it back in and start again")
        #expect(
            CaptureError.unsupportedFormat(path: p, what: "the camera does not offer MJPG").description
                == "/dev/video0: the camera does not offer MJPG")
        #expect(
            CaptureError.badControl(path: p, what: "control gain is read-only").description
                == "/dev/video0: control gain is read-only; run `cvdcam devices --controls` to list the controls")
        #expect(
            CaptureError.timeout(path: p, seconds: 2).description
                == "/dev/video0: no frame arrived within 2.0 s; check the camera is connected, or try a smaller --size or another --format"
        )
        #expect(
            CaptureError.noCamera.description
                == "no camera found (no /dev/video* capture device); plug in a webcam — without one, `cvdcam scene` writes the test scene and `cvdcam convert` simulates a picture file"
        )
        #expect(
            CaptureError.system(path: p, call: .ioctl(.reqbufs), errno: .noMemory).description
                == "/dev/video0: VIDIOC_REQBUFS failed: Cannot allocate memory")
        #expect(
            CaptureError.system(path: p, call: .setControl(key: "gain"), errno: .ioError).description
                == "/dev/video0: VIDIOC_S_CTRL gain failed: Input/output error")
    }

    @Test func temporaryWhenTheCameraIsThereButNotUsableNow() {
        let p = Self.path
        let temporary: [CaptureError] = [
            .busy(path: p), .permissionDenied(path: p), .disconnected(path: p),
            .timeout(path: p, seconds: 2), .system(path: p, call: .poll, errno: .ioError),
        ]
        let userMustAct: [CaptureError] = [
            .noCamera, .noSuchDevice(path: p), .notCaptureDevice(path: p, what: "x"),
            .unsupportedFormat(path: p, what: "x"), .badControl(path: p, what: "x"),
        ]
        for e in temporary { #expect(e.isTemporary, "\(e)") }
        for e in userMustAct { #expect(!e.isTemporary, "\(e)") }
    }

    /// The shim's request numbers: each encodes the size of the struct Swift passes with it.
    @Test func requestNumbersMatchTheirArguments() {
        let sizes: [V4L2Request: Int] = [
            .querycap: MemoryLayout<v4l2_capability>.size, .enumFmt: MemoryLayout<v4l2_fmtdesc>.size,
            .enumFramesizes: MemoryLayout<v4l2_frmsizeenum>.size,
            .enumFrameintervals: MemoryLayout<v4l2_frmivalenum>.size,
            .gFmt: MemoryLayout<v4l2_format>.size, .sFmt: MemoryLayout<v4l2_format>.size,
            .gParm: MemoryLayout<v4l2_streamparm>.size, .sParm: MemoryLayout<v4l2_streamparm>.size,
            .reqbufs: MemoryLayout<v4l2_requestbuffers>.size, .querybuf: MemoryLayout<v4l2_buffer>.size,
            .qbuf: MemoryLayout<v4l2_buffer>.size, .dqbuf: MemoryLayout<v4l2_buffer>.size,
            .streamon: MemoryLayout<Int32>.size, .streamoff: MemoryLayout<Int32>.size,
            .queryctrl: MemoryLayout<v4l2_queryctrl>.size, .querymenu: MemoryLayout<v4l2_querymenu>.size,
            .gCtrl: MemoryLayout<v4l2_control>.size, .sCtrl: MemoryLayout<v4l2_control>.size,
        ]
        for r in V4L2Request.allCases { #expect(r.argumentSize == sizes[r], "\(r)") }
        #expect(V4L2Request.querycap.number == 0x8068_5600) // _IOR('V', 0, struct v4l2_capability)
    }
}
