/// Format, size and row stride of a frame; says how many bytes it needs.
public struct FrameLayout: Hashable, Sendable, CustomStringConvertible {
    public var format: PixelFormat
    public var width: Int
    public var height: Int
    /// Bytes from the start of one row to the next; at least `width × bytesPerPixel`.
    public var bytesPerRow: Int

    /// A layout with tightly packed rows unless `bytesPerRow` is given.
    public init(format: PixelFormat, width: Int, height: Int, bytesPerRow: Int? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow ?? width * format.bytesPerPixel
    }

    /// Bytes a buffer must hold: the last row needs only its pixels, not the padding; a
    /// planar frame, its three planes whole (`planes`).
    public var minimumByteCount: Int {
        if format.isPlanar { return planes.bytes }
        return height == 0 ? 0 : bytesPerRow * (height - 1) + width * format.bytesPerPixel
    }

    /// Where a planar frame's planes lie in its buffer: the luma plane first, `bytesPerRow`
    /// per row, then the Cb and then the Cr plane, `chromaStride` (half of `bytesPerRow`)
    /// per row. Each plane has its rows rounded up to whole 16-row strips (`PlaneGeometry.rows`),
    /// since a JPEG decoder writes whole strips; a texture of `bytesPerRow` × `bytes /
    /// bytesPerRow` one-byte texels holds the buffer whole.
    public struct PlaneGeometry: Equatable, Sendable {
        /// Luma rows in the buffer (the height rounded up to 16), and chroma rows.
        public let lumaRows: Int
        public let chromaRows: Int
        public let chromaStride: Int
        public let cbOffset: Int
        public let crOffset: Int
        public let bytes: Int
    }

    /// The planes' geometry (meaningful for planar formats).
    public var planes: PlaneGeometry {
        let lumaRows = (height + 15) / 16 * 16
        let chromaRows = lumaRows / format.rowsPerChromaRow
        let chromaStride = bytesPerRow / 2
        let cb = bytesPerRow * lumaRows
        let cr = cb + chromaStride * chromaRows
        return PlaneGeometry(
            lumaRows: lumaRows, chromaRows: chromaRows, chromaStride: chromaStride, cbOffset: cb, crOffset: cr,
            bytes: cr + chromaStride * chromaRows)
    }

    public var pixelCount: Int { width * height }

    public var description: String { "\(width)×\(height) \(format.rawValue) (\(bytesPerRow) bytes/row)" }

    /// Checks the layout is usable, throwing a precise reason when not.
    public func validate() throws(FrameError) {
        guard width > 0, height > 0 else { throw .emptyFrame(width: width, height: height) }
        guard bytesPerRow >= width * format.bytesPerPixel else {
            throw .strideTooSmall(bytesPerRow: bytesPerRow, needed: width * format.bytesPerPixel)
        }
        if format.isYCbCr || format.isPlanar, width % 2 != 0 { throw .oddWidthFor422(width) }
        if format.isPlanar, bytesPerRow % 2 != 0 {
            throw .strideTooSmall(bytesPerRow: bytesPerRow, needed: bytesPerRow + 1)
        }
    }
}

/// Why a frame cannot be processed.
public enum FrameError: Error, Equatable, CustomStringConvertible {
    case emptyFrame(width: Int, height: Int)
    case strideTooSmall(bytesPerRow: Int, needed: Int)
    case oddWidthFor422(Int)
    case bufferTooSmall(have: Int, need: Int)
    case sizeMismatch(source: String, destination: String)
    case unsupportedDestination(PixelFormat)
    /// The Y′CbCr encoder reads RGB frames only.
    case unsupportedSource(PixelFormat)
    /// The Y′CbCr encoder writes 4:2:2 frames only.
    case not422Destination(PixelFormat)

    public var description: String {
        switch self {
        case .emptyFrame(let w, let h): "frame is empty (\(w)×\(h))"
        case .strideTooSmall(let s, let n): "row stride \(s) is shorter than a row (\(n) bytes)"
        case .oddWidthFor422(let w): "4:2:2 frames need an even width, got \(w)"
        case .bufferTooSmall(let have, let need): "buffer holds \(have) bytes, the layout needs \(need)"
        case .sizeMismatch(let s, let d): "source is \(s) but destination is \(d)"
        case .unsupportedDestination(let f): "cannot write \(f.rawValue) frames; use an RGB format"
        case .unsupportedSource(let f): "cannot encode \(f.rawValue) frames to Y′CbCr; use an RGB format"
        case .not422Destination(let f): "cannot encode to \(f.rawValue); use yuyv or uyvy"
        }
    }
}
