import CVDLocale
import CVDSystem

/// The live view's frame counts, for the line printed on quit and the `i` overlay:
/// frames shown, frames cvdcam dropped (a newer frame replaced one never shown), frames
/// the camera dropped (gaps in its sequence numbers), corrupt frames, and the median
/// latency from hand-off to present.
///
/// Latencies go into a fixed histogram (0.01 ms bins up to 1 s, then one bin for longer),
/// so hours of frames take the same memory and nothing is allocated per frame.
public struct FrameTotals: Equatable, Sendable {
    public private(set) var shown = 0
    public var droppedByViewer = 0
    public var droppedByCamera = 0
    public var corrupt = 0
    /// The process's resident memory now and its peak so far, in bytes (`ProcessMemory`);
    /// nil where /proc cannot be read.
    public var memory: ProcessMemory?
    /// Which renderer draws the window ("OpenGL 4.5 (llvmpipe)", "software"); nil: not said.
    public var renderer: String?
    private var bins = [Int](repeating: 0, count: Self.binCount + 1)

    /// Width of one latency bin, in seconds.
    public static let binWidth = 0.00001
    static let binCount = 100_000

    public init() {}

    /// A new frame was presented `latency` seconds after its source handed it over.
    public mutating func shown(latency: Double) {
        shown += 1
        // Clamped before converting: Int(_:) traps on values beyond its range.
        let bin = latency.isFinite ? Int((min(max(0, latency), 2) / Self.binWidth).rounded(.down)) : Self.binCount
        bins[min(bin, Self.binCount)] += 1
    }

    /// The median latency in seconds (the middle of its bin), nil before the first frame.
    public var medianLatency: Double? {
        guard shown > 0 else { return nil }
        // The lower median for an even count, as `sorted[(n - 1) / 2]`.
        let rank = (shown - 1) / 2
        var seen = 0
        for (i, n) in bins.enumerated() {
            seen += n
            if seen > rank { return (Double(i) + 0.5) * Self.binWidth }
        }
        return nil
    }

    /// `N frames shown, D dropped by cvdcam, C dropped by the camera, K corrupt, median
    /// latency L ms, peak memory M MiB, renderer R` ("1 frame shown"): printed on quit after
    /// the usual `cvdcam: ` (scripts read that line; the memory and renderer parts are left
    /// out where unknown).
    public var line: String {
        "\(shown) \(shown == 1 ? "frame" : "frames") shown, \(droppedByViewer) dropped by cvdcam, \(droppedByCamera) dropped by the camera, "
            + "\(corrupt) corrupt, median latency \(Self.milliseconds(medianLatency)) ms"
            + (memory.map { ", peak memory \(Self.mebibytes($0.peak)) MiB" } ?? "")
            + (renderer.map { ", renderer \($0)" } ?? "")
    }

    /// The same figures for the `i` overlay, with the frame rate and CPU use of the last second.
    /// The `i` overlay's lines; for a still picture (shown once, redrawn as keys change
    /// it), what it is and the CPU instead of frame counts.
    /// `camera`: the source has a camera's counts (frames it dropped, corrupt frames); the
    /// screen has neither, and its lines say nothing of them.
    public func overlayLines(fps: Double?, cpuPercent: Double?, still: String? = nil, camera: Bool = true) -> [String] {
        // In the window's language (English without a catalogue, as in the tests).
        let cpu = cpuPercent.map { tr("%s %%", Localization.decimal($0, places: 1)) } ?? "–"
        let drawing = renderer.map { [tr("renderer: %s", $0 == "software" ? tr("software") : $0)] } ?? []
        if let still {
            return [tr("still picture: %s", still), tr("shown once, redrawn on each change · CPU %s", cpu)] + drawing
        }
        let rate = fps.map { Localization.decimal($0, places: 1) } ?? "–"
        let latency = medianLatency.map { Localization.decimal($0 * 1000, places: 1) } ?? "–"
        return [
            trn(
                "%s frame shown · %s fps · CPU %s", "%s frames shown · %s fps · CPU %s", shown, String(shown), rate, cpu
            ),
            camera
                ? tr(
                    "dropped: %s by cvdcam, %s by the camera · %s corrupt", String(droppedByViewer),
                    String(droppedByCamera), String(corrupt))
                : tr("dropped: %s by cvdcam", String(droppedByViewer)),
            memory.map {
                tr(
                    "median latency %s ms · memory %s MiB, peak %s MiB", latency, String(Self.mebibytes($0.now)),
                    String(Self.mebibytes($0.peak)))
            } ?? tr("median latency %s ms", latency),
        ] + drawing
    }

    /// Whole mebibytes, rounded to nearest.
    static func mebibytes(_ bytes: Int) -> Int { (bytes + 524_288) / 1_048_576 }

    static func milliseconds(_ seconds: Double?) -> String {
        guard let s = seconds else { return "–" }
        return decimal(s * 1000)
    }

    /// One decimal, without Foundation ("12.3").
    static func decimal(_ x: Double) -> String {
        let tenths = Int((x * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}
