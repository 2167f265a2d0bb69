import CV4L2
import Testing

@testable import CVDCapture

/// Which node a virtual camera writes to, as a pure function of what the nodes say.
@Suite struct OutputSelectionTests {
    static let capture = UInt32(V4L2_CAP_VIDEO_CAPTURE), output = UInt32(V4L2_CAP_VIDEO_OUTPUT)
    static let meta = UInt32(V4L2_CAP_META_CAPTURE)
    static func node(_ n: Int, _ driver: String, _ flags: UInt32, card: String = "card") -> OutputSelection.Node {
        .init(path: "/dev/video\(n)", driver: driver, card: card, flags: flags)
    }
    static let webcam = node(0, "uvcvideo", capture, card: "HD Webcam")
    static let webcamMeta = node(1, "uvcvideo", meta)
    static let loopback = node(4, "v4l2 loopback", output, card: "cvdcam")
    static let loopbackInUse = node(5, "v4l2 loopback", capture, card: "cvdcam") // exclusive_caps, a writer runs
    static let loopbackBoth = node(6, "v4l2 loopback", capture | output) // exclusive_caps=0
    static let vividCapture = node(2, "vivid", capture, card: "vivid")
    static let vividOutput = node(3, "vivid", output, card: "vivid")

    func choose(_ requested: String?, _ nodes: [OutputSelection.Node], loaded: Bool = true) -> Result<
        String, OutputError
    > {
        OutputSelection.choose(requested: requested, nodes: nodes, moduleLoaded: loaded)
    }

    @Test func defaultIsTheFirstLoopbackOutput() {
        #expect(
            choose(nil, [Self.webcam, Self.webcamMeta, Self.vividOutput, Self.loopbackInUse, Self.loopback])
                == .success("/dev/video4"))
        #expect(choose(nil, [Self.webcam, Self.loopbackBoth, Self.loopback]) == .success("/dev/video6"))
    }

    @Test func defaultNeverTakesAnotherDriversOutput() {
        #expect(
            choose(nil, [Self.webcam, Self.vividCapture, Self.vividOutput], loaded: false) == .failure(.moduleNotLoaded)
        )
        #expect(choose(nil, [], loaded: false) == .failure(.moduleNotLoaded))
        #expect(choose(nil, [Self.webcam], loaded: true) == .failure(.noLoopbackDevice))
        #expect(choose(nil, [Self.loopbackInUse], loaded: false) == .failure(.noLoopbackDevice))
    }

    @Test func namedNodes() {
        let all = [
            Self.webcam, Self.webcamMeta, Self.vividCapture, Self.vividOutput, Self.loopback, Self.loopbackInUse,
            Self.loopbackBoth,
        ]
        #expect(choose("/dev/video4", all) == .success("/dev/video4"))
        #expect(choose("4", all) == .success("/dev/video4"))
        #expect(choose("6", all) == .success("/dev/video6"))
        // vivid's output node, named: allowed (the VM test relays to it).
        #expect(choose("/dev/video3", all) == .success("/dev/video3"))
        // Cameras are never written to, whatever else they offer.
        #expect(choose("0", all) == .failure(.isCamera(path: "/dev/video0", card: "HD Webcam")))
        #expect(choose("2", all) == .failure(.isCamera(path: "/dev/video2", card: "vivid")))
        #expect(
            OutputSelection.check(Self.node(7, "vivid", Self.capture | Self.output))
                == .failure(.isCamera(path: "/dev/video7", card: "card")))
        #expect(choose("5", all) == .failure(.busy(path: "/dev/video5")))
        guard case .failure(.notOutput(let p, let what)) = choose("1", all) else {
            Issue.record("metadata node accepted")
            return
        }
        #expect(p == "/dev/video1" && what.contains("metadata"))
        #expect(choose("9", all) == .failure(.device(.noSuchDevice(path: "/dev/video9"))))
    }

    @Test func messagesSayWhatToDo() {
        #expect(
            OutputError.moduleNotLoaded.description.contains(
                "sudo apt install v4l2loopback-dkms, then sudo modprobe v4l2loopback exclusive_caps=1 card_label=cvdcam"
            ))
        #expect(
            OutputError.isCamera(path: "/dev/video0", card: "HD Webcam").description
                == "/dev/video0 is a camera (HD Webcam), not a virtual camera output; leave out --to to use the first v4l2loopback device"
        )
        for e in [
            OutputError.moduleNotLoaded, .noLoopbackDevice, .busy(path: "/dev/video4"),
            .formatRefused(path: "/dev/video4", what: "x"), .notOutput(path: "/dev/video1", what: "y"),
            .vanished(path: "/dev/video4"),
        ] {
            #expect(!e.description.contains("\n"))
        }
        // An output node removed mid-stream is not called a camera to plug back in.
        let gone = OutputError(CaptureError.disconnected(path: "/dev/video4"))
        #expect(gone == .vanished(path: "/dev/video4"))
        #expect(gone.description.hasPrefix("/dev/video4: the virtual camera's device went away"))
        #expect(!gone.description.contains("plug it back in"))
    }
}
