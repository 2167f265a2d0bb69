import CVDCore
import CVDSources

/// A frame reduced for small panes (`FrameReducer`: a box filter on the coded values), its
/// buffer reused frame to frame, and which frame (its timestamp) at which reduction it
/// holds: a zoom, pan or mode change on the same frame does not reduce it again. Both
/// backends' panes read the same reduced pixels, so they show the same picture.
struct ReducedFrame {
    private var bytes: [UInt8] = []
    private var from: (timestamp: Double, reduction: Int, layout: FrameLayout)?

    /// `frame` reduced by `factor` (> 1), lent to `body` with its layout.
    mutating func with<R>(_ frame: Frame, _ factor: Int, _ body: (UnsafeRawBufferPointer, FrameLayout) -> R) -> R {
        let layout = FrameReducer.layout(of: frame.layout, factor: factor)
        let wanted = (timestamp: frame.timestamp, reduction: factor, layout: frame.layout)
        if from.map({ $0 != wanted }) ?? true {
            from = wanted
            if bytes.count < layout.minimumByteCount { bytes = [UInt8](repeating: 0, count: layout.minimumByteCount) }
            frame.bytes.withUnsafeBytes { s in
                bytes.withUnsafeMutableBytes { d in
                    // `layout` is the reducer's own layout for this frame, in a buffer at
                    // least that large: reduce cannot fail.
                    try? FrameReducer.reduce(s, frame.layout, factor: factor, into: d, layout)
                }
            }
        }
        return bytes.withUnsafeBytes { body($0, layout) }
    }
}
