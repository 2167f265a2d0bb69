import CVDCore
import CVDSources

/// A frame reduced for small panes (`FrameReducer`: a box filter on the coded values), its
/// buffer reused frame to frame, and which frame (its timestamp) at which reduction it
/// holds: a zoom, pan or mode change on the same frame does not reduce it again; a frame
/// that says what changed since the one held (the screen) has only those parts reduced
/// again (8-aligned: whole blocks at every reduction). Both backends' panes read the same
/// reduced pixels, so they show the same picture.
struct ReducedFrame {
    private var bytes: [UInt8] = []
    private var from: (timestamp: Double, reduction: Int, layout: FrameLayout)?

    /// `frame` reduced by `factor` (> 1), lent to `body` with its layout.
    mutating func with<R>(_ frame: Frame, _ factor: Int, _ body: (UnsafeRawBufferPointer, FrameLayout) -> R) -> R {
        let layout = FrameReducer.layout(of: frame.layout, factor: factor)
        let wanted = (timestamp: frame.timestamp, reduction: factor, layout: frame.layout)
        if from.map({ $0 != wanted }) ?? true {
            let parts =
                from.map { $0.reduction == factor && $0.layout == frame.layout } == true
                ? frame.changed(since: from?.timestamp) : nil
            from = wanted
            if bytes.count < layout.minimumByteCount { bytes = [UInt8](repeating: 0, count: layout.minimumByteCount) }
            frame.bytes.withUnsafeBytes { s in
                bytes.withUnsafeMutableBytes { d in
                    for p in parts ?? [PixelRect(width: frame.layout.width, height: frame.layout.height)] {
                        Self.reduce(p, of: s, frame.layout, factor, into: d, layout)
                    }
                }
            }
        }
        return bytes.withUnsafeBytes { body($0, layout) }
    }

    /// Reduces the part `p` (frame pixels; its left and top edges multiples of `factor`) of
    /// the frame `s` into its place in `d`, a buffer of the reduced layout `dl`.
    private static func reduce(
        _ p: PixelRect, of s: UnsafeRawBufferPointer, _ sl: FrameLayout, _ factor: Int,
        into d: UnsafeMutableRawBufferPointer, _ dl: FrameLayout
    ) {
        let bpp = sl.format.bytesPerPixel
        let part = FrameLayout(format: sl.format, width: p.width, height: p.height, bytesPerRow: sl.bytesPerRow)
        let out = FrameReducer.layout(of: part, factor: factor)
        guard out.width > 0, out.height > 0, p.x % factor == 0, p.y % factor == 0 else { return }
        let target = FrameLayout(format: sl.format, width: out.width, height: out.height, bytesPerRow: dl.bytesPerRow)
        let so = p.y * sl.bytesPerRow + p.x * bpp
        let dOffset = (p.y / factor) * dl.bytesPerRow + (p.x / factor) * bpp
        // The part lies inside the frame (`PixelRect.merged` clips to it) and its reduction
        // inside the reduced frame (its blocks are the whole frame's): both slices hold their
        // layouts, so reduce cannot fail.
        try? FrameReducer.reduce(
            UnsafeRawBufferPointer(rebasing: s[so...]), part, factor: factor,
            into: UnsafeMutableRawBufferPointer(rebasing: d[dOffset...]), target)
    }
}
