import CV4L2
import FoundationEssentials

/// Which /dev/video* node a virtual camera writes to: a pure decision over what the
/// nodes say they are, so it is tested without devices.
///
/// - No device named: the first node whose driver is v4l2loopback and which takes video
///   output (`V4L2_CAP_VIDEO_OUTPUT`).
/// - A device named: any node that takes video output — a v4l2loopback node, or an
///   output-only node of another driver (vivid's, in the tests) — but never a camera
///   (video capture from a driver other than v4l2loopback).
public enum OutputSelection {
    /// What one node answered to `VIDIOC_QUERYCAP` (nil: it could not be asked).
    public struct Node: Sendable, Equatable {
        public let path: String
        public let driver: String
        public let card: String
        /// The node's capabilities (`device_caps`).
        public let flags: UInt32

        public init(path: String, driver: String, card: String, flags: UInt32) {
            self.path = path
            self.driver = driver
            self.card = card
            self.flags = flags
        }

        /// v4l2loopback names itself "v4l2 loopback".
        public var isLoopback: Bool { driver.replacing(" ", with: "").lowercased() == "v4l2loopback" }
        public var takesOutput: Bool { flags & UInt32(V4L2_CAP_VIDEO_OUTPUT) != 0 }
        public var captures: Bool { flags & UInt32(V4L2_CAP_VIDEO_CAPTURE) != 0 }
        public var streams: Bool { flags & UInt32(V4L2_CAP_STREAMING) != 0 }
    }

    /// How frames reach a node.
    public enum Method: String, Sendable {
        /// Whole frames with `write()`.
        case write = "write()"
        /// Memory-mapped streaming (`VideoOutput` falls back to `write()` if the driver
        /// then refuses `VIDIOC_REQBUFS`).
        case mappedBuffers = "mapped buffers"
    }

    /// v4l2loopback: `write()`, as OBS's virtual camera does (its output `VIDIOC_DQBUF`
    /// never waits: it hands back the newest listed buffer, done or not). Other drivers that stream
    /// (videobuf2 ones, vivid): mapped buffers — vb2's `write()` emulation queues frames
    /// without a payload size, which vivid refuses. Drivers that do not stream: `write()`.
    public static func method(for n: Node) -> Method {
        !n.isLoopback && n.streams ? .mappedBuffers : .write
    }

    /// The node to write to.
    ///
    /// - Parameters:
    ///   - requested: `--to` as given (a path, or an index: "5" is /dev/video5), or nil.
    ///   - nodes: every /dev/video* node that answered, in numeric order.
    ///   - moduleLoaded: whether /sys/module/v4l2loopback exists.
    public static func choose(requested: String?, nodes: [Node], moduleLoaded: Bool) -> Result<String, OutputError> {
        guard let requested else {
            if let n = nodes.first(where: { $0.isLoopback && $0.takesOutput }) { return .success(n.path) }
            return .failure(moduleLoaded || nodes.contains(where: \.isLoopback) ? .noLoopbackDevice : .moduleNotLoaded)
        }
        let path = devicePath(requested)
        guard let n = nodes.first(where: { $0.path == path }) else {
            return .failure(.device(.noSuchDevice(path: path)))
        }
        return check(n)
    }

    /// Whether a node that was named may be written to.
    public static func check(_ n: Node) -> Result<String, OutputError> {
        if n.isLoopback {
            // With exclusive_caps=1 a loopback node shows capture only once a writer runs.
            return n.takesOutput ? .success(n.path) : .failure(.busy(path: n.path))
        }
        if n.captures { return .failure(.isCamera(path: n.path, card: n.card)) }
        guard n.takesOutput else {
            let caps = Capabilities(card: n.card, driver: n.driver, bus: "", flags: n.flags)
            return .failure(.notOutput(path: n.path, what: caps.nodeDescription))
        }
        return .success(n.path)
    }

    /// "5" → "/dev/video5"; paths as given.
    public static func devicePath(_ s: String) -> String {
        Int(s) != nil ? "/dev/video\(s)" : s
    }

    /// Asks every /dev/video* node what it is (opening each briefly).
    public static func scan(in dir: String = "/dev") -> [Node] {
        DeviceDiscovery.nodes(in: dir).compactMap { path in
            guard let d = try? VideoDevice(path: path), let c = try? d.capabilities() else { return nil }
            return Node(path: path, driver: c.driver, card: c.card, flags: c.flags)
        }
    }

    /// Whether the v4l2loopback module is loaded.
    public static var loopbackModuleLoaded: Bool {
        FileManager.default.fileExists(atPath: "/sys/module/v4l2loopback")
    }
}
