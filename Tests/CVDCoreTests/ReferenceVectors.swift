import Foundation

@testable import CVDCore

/// The rows of Fixtures/reference.csv (a copy of shared/color-science/vectors), grouped
/// by model, deficiency and severity.
struct ReferenceGroup: Sendable, CustomStringConvertible {
    let model: ModelKind
    let deficiency: Deficiency
    let severity: Double
    var inputs: [RGB8] = []
    var outputs: [RGB8] = []

    var description: String { "\(model.rawValue) \(deficiency.rawValue) \(severity)" }

    var simulation: Simulation { Simulation(deficiency: deficiency, severity: severity, model: model) }

    static let all: [ReferenceGroup] = {
        guard let url = Bundle.module.url(forResource: "reference", withExtension: "csv", subdirectory: "Fixtures"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            fatalError("Fixtures/reference.csv is missing from the test bundle")
        }
        var groups: [String: ReferenceGroup] = [:]
        var order: [String] = []
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let f = line.split(separator: ",").map(String.init)
            precondition(f.count == 9, "bad reference row: \(line)")
            let key = f[0...2].joined(separator: ",")
            if groups[key] == nil {
                groups[key] = ReferenceGroup(
                    model: ModelKind(rawValue: f[0])!,
                    deficiency: Deficiency(rawValue: f[1])!,
                    severity: Double(f[2])!)
                order.append(key)
            }
            let v = f[3...].map { UInt8($0)! }
            groups[key]!.inputs.append(RGB8(v[0], v[1], v[2]))
            groups[key]!.outputs.append(RGB8(v[3], v[4], v[5]))
        }
        return order.map { groups[$0]! }
    }()
}

/// Helpers to run a kernel over a list of colours through real frames.
enum FrameRunner {
    /// Colours laid out as a `width`-wide frame in `format` (with optional row padding),
    /// run through the kernel into RGBA; returns the output colours and alphas.
    static func rgb(
        _ kernel: FrameKernel, _ colours: [RGB8], format: PixelFormat = .rgba,
        width: Int? = nil, padding: Int = 0, alpha: (Int) -> UInt8 = { UInt8($0 % 256) },
        destination: PixelFormat = .rgba
    ) throws -> (colours: [RGB8], alphas: [UInt8]) {
        let w = width ?? colours.count
        let h = (colours.count + w - 1) / w
        let sl = FrameLayout(format: format, width: w, height: h, bytesPerRow: w * format.bytesPerPixel + padding)
        let dl = FrameLayout(
            format: destination, width: w, height: h, bytesPerRow: w * destination.bytesPerPixel + padding + 4)
        var src = [UInt8](repeating: 0xAB, count: sl.bytesPerRow * h)
        let o = format.rgbOffsets!
        for (i, c) in colours.enumerated() {
            let p = (i / w) * sl.bytesPerRow + (i % w) * format.bytesPerPixel
            src[p + o.r] = c.r
            src[p + o.g] = c.g
            src[p + o.b] = c.b
            if let a = o.a { src[p + a] = alpha(i) }
        }
        var dst = [UInt8](repeating: 0x55, count: dl.bytesPerRow * h)
        try src.withUnsafeBytes { s in
            try dst.withUnsafeMutableBytes { d in
                try kernel.apply(source: s, sourceLayout: sl, destination: d, destinationLayout: dl)
            }
        }
        let d = destination.rgbOffsets!
        var out: [RGB8] = []
        var alphas: [UInt8] = []
        for i in colours.indices {
            let p = (i / w) * dl.bytesPerRow + (i % w) * destination.bytesPerPixel
            out.append(RGB8(dst[p + d.r], dst[p + d.g], dst[p + d.b]))
            if let a = d.a { alphas.append(dst[p + a]) }
        }
        return (out, alphas)
    }

    /// Each colour as a flat pair (two pixels) of a 4:2:2 frame, encoded as a camera would,
    /// run through the kernel into BGRA; returns one output colour per input (both pixels
    /// of each pair are checked to agree).
    static func ycbcr(
        _ kernel: FrameKernel, _ colours: [RGB8], encoding: YCbCrEncoding,
        format: PixelFormat = .yuyv, strategy: FrameKernel.Strategy = .compute,
        pairsPerRow: Int = 64
    ) throws -> [RGB8] {
        let (src, sl) = encode(colours, encoding: encoding, format: format, pairsPerRow: pairsPerRow)
        let dl = FrameLayout(format: .bgra, width: sl.width, height: sl.height)
        var dst = [UInt8](repeating: 0, count: dl.minimumByteCount)
        try src.withUnsafeBytes { s in
            try dst.withUnsafeMutableBytes { d in
                try kernel.apply(
                    source: s, sourceLayout: sl, destination: d, destinationLayout: dl, ycbcr: encoding,
                    strategy: strategy)
            }
        }
        return colours.indices.map { i in
            let p = (i / pairsPerRow) * dl.bytesPerRow + (i % pairsPerRow) * 8
            precondition(
                dst[p..<p + 4] == dst[p + 4..<p + 8],
                "pixels of a flat pair differ: \(i) \(Array(dst[p..<p + 8])) \(colours[i]) \(encoding)")
            return RGB8(dst[p + 2], dst[p + 1], dst[p])
        }
    }

    /// Flat pairs of Y′CbCr samples with 6 bytes of row padding.
    static func encode(
        _ colours: [RGB8], encoding: YCbCrEncoding, format: PixelFormat,
        pairsPerRow: Int
    ) -> ([UInt8], FrameLayout) {
        let rows = (colours.count + pairsPerRow - 1) / pairsPerRow
        let l = FrameLayout(format: format, width: pairsPerRow * 2, height: rows, bytesPerRow: pairsPerRow * 4 + 6)
        var src = [UInt8](repeating: 128, count: l.bytesPerRow * rows)
        let o = format.ycbcrOffsets!
        for (i, c) in colours.enumerated() {
            let yuv = encoding.encode(c)
            let p = (i / pairsPerRow) * l.bytesPerRow + (i % pairsPerRow) * 4
            src[p + o.y0] = yuv.y
            src[p + o.y1] = yuv.y
            src[p + o.cb] = yuv.cb
            src[p + o.cr] = yuv.cr
        }
        return (src, l)
    }
}
