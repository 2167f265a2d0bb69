import FoundationEssentials

/// Finds the cameras: every /dev/video* node that is a video capture device.
public enum DeviceDiscovery {
    public struct Entry: Sendable {
        public let path: String
        public let capabilities: Capabilities?
        /// Set when the node exists but could not be asked (e.g. permission denied).
        public let problem: CaptureError?

        public init(path: String, capabilities: Capabilities?, problem: CaptureError?) {
            self.path = path
            self.capabilities = capabilities
            self.problem = problem
        }
    }

    /// `/dev/video0`, `/dev/video1`, … in numeric order.
    public static func nodes(in dir: String = "/dev") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.compactMap { n -> (Int, String)? in
            guard n.hasPrefix("video"), let i = Int(n.dropFirst(5)) else { return nil }
            return (i, "\(dir)/\(n)")
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Capture devices, plus nodes that could not be opened (so the user learns why);
    /// metadata and output-only nodes are left out.
    public static func cameras(in dir: String = "/dev") -> [Entry] {
        openCameras(in: dir).map(\.entry)
    }

    /// `cameras`, each capture device still open (nil for the nodes that could not be
    /// opened), so that a caller using them does not open the node a second time.
    public static func openCameras(in dir: String = "/dev") -> [(entry: Entry, device: VideoDevice?)] {
        nodes(in: dir).compactMap { (path: String) -> (Entry, VideoDevice?)? in
            do throws(CaptureError) {
                let d = try VideoDevice(path: path)
                let caps = try d.capabilities()
                return caps.isVideoCapture ? (Entry(path: path, capabilities: caps, problem: nil), d) : nil
            } catch {
                if case .notCaptureDevice = error { return nil }
                return (Entry(path: path, capabilities: nil, problem: error), nil)
            }
        }
    }
}
