/// What the user asked for (`--format`, `--size`, `--fps`); nil fields are left to
/// `FormatChoice`, which picks the best the camera offers.
public struct FormatRequest: Hashable, Sendable {
    public var fourCC: FourCC?
    public var width: Int?
    public var height: Int?
    public var fps: Double?

    public init(fourCC: FourCC? = nil, width: Int? = nil, height: Int? = nil, fps: Double? = nil) {
        self.fourCC = fourCC
        self.width = width
        self.height = height
        self.fps = fps
    }
}

/// Picks format, size and rate from what a camera lists.
///
/// Default: the largest size up to 1920×1080 that delivers at least 25 fps; among
/// formats that reach it, the one cvdcam converts fastest (`speedRank`); formats the
/// camera sends itself before those libv4l converts in software. When nothing reaches
/// 25 fps, the fastest rate wins, then the size.
public enum FormatChoice {
    public struct Choice: Hashable, Sendable {
        public let fourCC: FourCC
        public let width: Int
        public let height: Int
        public let fps: Double?
    }

    public static let minimumFPS = 25.0
    public static let maximumSize = (width: 1920, height: 1080)

    /// Formats cvdcam handles, fastest to convert first: 4:2:2 goes straight into the
    /// colour kernel's lookup table, NV12 needs a repack, RGB the computing path, and
    /// MJPEG a JPEG decode first.
    public static let speedRank: [FourCC] = [.yuyv, .uyvy, .nv12, .rgb24, .bgr24, .grey, .mjpeg]

    public static func isSupported(_ f: FourCC) -> Bool { speedRank.contains(f) }

    /// The best choice for `request` among `formats`, or nil when nothing fits it.
    public static func best(from formats: [FormatInfo], for request: FormatRequest = FormatRequest()) -> Choice? {
        struct Candidate { let choice: Choice; let rank: Int; let top: Double? }
        var candidates: [Candidate] = []
        for f in formats where isSupported(f.fourCC) {
            if let want = request.fourCC, want != f.fourCC { continue }
            let rank = speedRank.firstIndex(of: f.fourCC)! + (f.emulated ? speedRank.count : 0)
            for s in f.sizes {
                if let w = request.width, let h = request.height {
                    guard s.width == w, s.height == h else { continue }
                } else if s.width > maximumSize.width || s.height > maximumSize.height {
                    continue
                }
                let fps: Double? = if let want = request.fps {
                    // The listed rate closest to the one asked for (the driver has the last word).
                    s.fps.min(by: { abs($0 - want) < abs($1 - want) }) ?? want
                } else {
                    s.fps.first
                }
                candidates.append(Candidate(choice: Choice(fourCC: f.fourCC, width: s.width, height: s.height, fps: fps),
                                            rank: rank, top: s.fps.first))
            }
        }
        // Fast enough: reaches 25 fps, or the rate asked for.
        let wanted = request.fps ?? minimumFPS
        func fast(_ c: Candidate) -> Bool { (c.top ?? wanted) >= wanted - 0.01 }
        func area(_ c: Candidate) -> Int { c.choice.width * c.choice.height }
        return candidates.max { a, b in
            if fast(a) != fast(b) { return !fast(a) }
            if fast(a) {
                if area(a) != area(b) { return area(a) < area(b) }
            } else {
                let fa = a.top ?? 0, fb = b.top ?? 0
                if fa != fb { return fa < fb }
                if area(a) != area(b) { return area(a) < area(b) }
            }
            return a.rank > b.rank
        }?.choice
    }
}
