import CVDCore

/// What the user asked for (`--format`, `--size`, `--fps`); nil fields are left to
/// `FormatChoice`, which picks the best the camera offers.
public struct FormatRequest: Hashable, Sendable {
    public var fourCC: FourCC?
    public var size: FrameSize?
    public var fps: FrameRate?

    public init(fourCC: FourCC? = nil, size: FrameSize? = nil, fps: FrameRate? = nil) {
        self.fourCC = fourCC
        self.size = size
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
        public let size: FrameSize
        /// The rate to ask for: one the camera lists, exactly as it lists it.
        public let fps: FrameRate?

        public init(fourCC: FourCC, size: FrameSize, fps: FrameRate?) {
            self.fourCC = fourCC
            self.size = size
            self.fps = fps
        }
    }

    public static let minimumFPS = FrameRate(25)!
    public static let maximumSize = FrameSize(1920, 1080)
    /// How far below the rate wanted a listed rate may be and still count: drivers list
    /// intervals rounded to their clock (UVC: 100 ns units, so 15 fps may be 666667 units,
    /// 14.99998 fps).
    static let rateTolerance = 0.01

    /// Formats cvdcam handles, fastest to convert first: 4:2:2 goes straight into the
    /// colour kernel's lookup table, NV12 needs a repack, RGB the computing path, and
    /// MJPEG a JPEG decode first.
    public static let speedRank: [FourCC] = [.yuyv, .uyvy, .nv12, .rgb24, .bgr24, .grey, .mjpeg]

    public static func isSupported(_ f: FourCC) -> Bool { speedRank.contains(f) }

    /// The best choice for `request` among `formats`, or nil when nothing fits it.
    public static func best(from formats: [FormatInfo], for request: FormatRequest = FormatRequest()) -> Choice? {
        struct Candidate {
            let choice: Choice
            let rank: Int
            let top: FrameRate?
        }
        var candidates: [Candidate] = []
        for f in formats where isSupported(f.fourCC) {
            if let want = request.fourCC, want != f.fourCC { continue }
            let rank = speedRank.firstIndex(of: f.fourCC)! + (f.emulated ? speedRank.count : 0)
            for s in f.sizes {
                if let want = request.size {
                    guard s.size == want else { continue }
                } else if !s.size.fits(in: maximumSize) {
                    continue
                }
                let fps: FrameRate? =
                    if let want = request.fps {
                        // The listed rate closest to the one asked for (the driver has the last word).
                        s.fps.min(by: { isCloser($0, than: $1, to: want) }) ?? want
                    } else {
                        s.fps.first
                    }
                candidates.append(
                    Candidate(
                        choice: Choice(fourCC: f.fourCC, size: s.size, fps: fps),
                        rank: rank, top: s.fps.first))
            }
        }
        // Fast enough: reaches 25 fps, or the rate asked for.
        let wanted = request.fps ?? minimumFPS
        func fast(_ c: Candidate) -> Bool { (c.top ?? wanted).perSecond >= wanted.perSecond - rateTolerance }
        return candidates.max { a, b in
            if fast(a) != fast(b) { return !fast(a) }
            if fast(a) {
                if a.choice.size.area != b.choice.size.area { return a.choice.size.area < b.choice.size.area }
            } else {
                if a.top != b.top { return isSlower(a.top, than: b.top) }
                if a.choice.size.area != b.choice.size.area { return a.choice.size.area < b.choice.size.area }
            }
            return a.rank > b.rank
        }?.choice
    }

    /// Rates compared with an unknown rate (nil) as the slowest.
    static func isSlower(_ a: FrameRate?, than b: FrameRate?) -> Bool {
        guard let b else { return false }
        guard let a else { return true }
        return a < b
    }

    /// Whether `a` is nearer to `target` than `b`, exactly: |a − t| < |b − t| with the
    /// fractions cross-multiplied (a = af/as, t = tf/ts: |af·ts − tf·as| / (as·ts)).
    static func isCloser(_ a: FrameRate, than b: FrameRate, to t: FrameRate) -> Bool {
        let da = abs(a.frames * t.seconds - t.frames * a.seconds)
        let db = abs(b.frames * t.seconds - t.frames * b.seconds)
        return da * b.seconds < db * a.seconds
    }
}
