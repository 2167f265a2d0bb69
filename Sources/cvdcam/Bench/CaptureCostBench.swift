import CVDCapture
import CVDCore
import CVDSystem
import CVDViewModel
import FoundationEssentials

/// `cvdcam bench --capture`: CPU time per frame for what happens between the driver's
/// buffer and the colour kernel, on recorded frames (the camera-like scene as a camera
/// sends it: YUYV, NV12, and MJPEG encoded by TurboJPEG at quality 85, 4:2:2), on one
/// thread. MJPEG is decoded three ways: cvdcam's TurboJPEG → Y′CbCr planes → YUYV,
/// TurboJPEG → RGB24, and libv4lconvert → RGB24 (libv4l2's own converter, the baseline:
/// every MJPEG row is also given as a ratio of its time in the same run).
struct CaptureCostBench {
    let size: FrameSize
    let seconds: Double
    let json: Bool

    struct Row {
        let name: String
        let result: Stopwatch.Result
    }

    func run() throws {
        let w = size.width
        let h = size.height
        let scene = SyntheticFrames.camera(width: w, height: h)
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for i in 0..<(w * h) { for c in 0..<3 { rgb[i * 3 + c] = scene.pixels[i * 4 + c] } }
        let yuyv = scene.ycbcr(.yuyv).bytes
        let nv12 = Self.nv12(fromYUYV: yuyv, width: w, height: h)
        let jpeg = JPEGEncoder.encode(rgb: rgb, width: w, height: h, quality: 85, subsampling: .s422)
        var frame = [UInt8](repeating: 0, count: w * h * 4)
        var bgra = [UInt8](repeating: 0, count: w * h * 4)
        let kernel = FrameKernel(try Simulation(mode: .deuteranopia))
        kernel.prepareTable(for: .bt601Limited)
        kernel.prepareTable(for: CaptureFormat.jfif)
        let bgraLayout = FrameLayout(format: .bgra, width: w, height: h)

        func format(_ f: FourCC, _ bpl: Int, _ size: Int) -> CaptureFormat {
            CaptureFormat(fourCC: f, width: w, height: h, bytesPerLine: bpl, sizeImage: size)
        }
        let decoders: [(String, [UInt8], FrameDecoder)] = [
            ("YUYV", yuyv, FrameDecoder(format: format(.yuyv, w * 2, yuyv.count))),
            ("NV12 → YUYV repack", nv12, FrameDecoder(format: format(.nv12, w, nv12.count))),
            ("MJPEG → strips → YUYV (cvdcam)", jpeg, FrameDecoder(format: format(.mjpeg, 0, jpeg.count))),
        ]
        var rows: [Row] = []
        // Decode + copy into the frame handed to the view (what the capture thread does).
        for (name, bytes, decoder) in decoders {
            let r = bytes.withUnsafeBytes { src in
                frame.withUnsafeMutableBytes { dst in
                    Stopwatch.measure(seconds: seconds, threadCPU: true) {
                        _ = try? decoder.decode(src) { out, layout, _ in
                            dst.baseAddress!.copyMemory(
                                from: out.baseAddress!, byteCount: min(dst.count, layout.minimumByteCount))
                        }
                    }
                }
            }
            rows.append(Row(name: "\(name): decode + copy", result: r))
        }
        let turbo = JPEGDecoder()
        let header = try jpeg.withUnsafeBytes { try turbo.header($0) }
        rows.append(
            Row(
                name: "MJPEG → TurboJPEG → RGB24",
                result: jpeg.withUnsafeBytes { src in
                    frame.withUnsafeMutableBytes { dst in
                        Stopwatch.measure(seconds: seconds, threadCPU: true) {
                            try? turbo.decode(src, header, output: .rgb24, into: dst, outStride: w * 3)
                        }
                    }
                }))
        if let v4l = V4LConvert() {
            var ok = true
            let r = jpeg.withUnsafeBytes { src in
                frame.withUnsafeMutableBytes { dst in
                    Stopwatch.measure(seconds: seconds, threadCPU: true) {
                        ok = v4l.mjpegToRGB24(src, width: w, height: h, into: dst) && ok
                    }
                }
            }
            rows.append(
                Row(name: ok ? "MJPEG → libv4lconvert → RGB24" : "MJPEG → libv4lconvert → RGB24 (FAILED)", result: r))
        }
        // The whole per-frame job of the capture thread and the view: decode, then simulate to BGRA.
        for (name, bytes, decoder) in [decoders[0], decoders[2]] {
            let r = bytes.withUnsafeBytes { src in
                bgra.withUnsafeMutableBytes { dst in
                    Stopwatch.measure(seconds: seconds, threadCPU: true) {
                        _ = try? decoder.decode(src) { out, layout, enc in
                            try? kernel.apply(
                                source: out, sourceLayout: layout, destination: dst, destinationLayout: bgraLayout,
                                ycbcr: enc)
                        }
                    }
                }
            }
            let label = name.hasPrefix("MJPEG") ? "MJPEG → YUYV (cvdcam)" : name
            rows.append(Row(name: "\(label): decode + deuteranopia → BGRA", result: r))
        }
        rows += planarRows(jpeg, kernel)
        rows += sourceThreadRows(jpeg)
        // The alternative: decode to RGB24, then the kernel's computing RGB path.
        let rgbLayout = FrameLayout(format: .rgb24, width: w, height: h)
        rows.append(
            Row(
                name: "MJPEG → RGB24: decode + deuteranopia → BGRA",
                result: jpeg.withUnsafeBytes { src in
                    frame.withUnsafeMutableBytes { mid in
                        bgra.withUnsafeMutableBytes { dst in
                            Stopwatch.measure(seconds: seconds, threadCPU: true) {
                                try? turbo.decode(src, header, output: .rgb24, into: mid, outStride: w * 3)
                                try? kernel.apply(
                                    source: UnsafeRawBufferPointer(mid), sourceLayout: rgbLayout, destination: dst,
                                    destinationLayout: bgraLayout)
                            }
                        }
                    }
                }))
        report(rows, jpegBytes: jpeg.count)
    }

    /// MJPEG decode + deuteranopia with the Y′CbCr planes straight into the kernel (no
    /// packing): whole planes from TurboJPEG, and strip by strip from libjpeg's raw data
    /// (cvdcam's way: each strip simulated while in cache); at full size, and — for frames
    /// larger than 1080p — at the reduced DCT scale the live view uses at 1920×1080. Each
    /// scale's first row is the decode alone, the floor under the other two.
    /// The scales a 1920×1080 window shows this size at: 1, and the reduced DCT scale.
    var reductions: [Int] {
        let shown = DecodeScale.reduction(state: ViewState(), window: FrameSize(1920, 1080), picture: size)
        return shown > 1 ? [1, shown] : [1]
    }

    private func planarRows(_ jpeg: [UInt8], _ kernel: FrameKernel) -> [Row] {
        let turbo = JPEGDecoder()
        let strips = JPEGStripDecoder()
        guard let header = try? jpeg.withUnsafeBytes({ try turbo.header($0) }), let sub = header.planes else {
            return []
        }
        return reductions.flatMap { r in
            let (w, h) = JPEGDecoder.scaledSize(header, reduction: r)
            // The floor: libjpeg's entropy decoding and inverse DCT alone, the strips left
            // where they are — what any decode + colour work at this scale costs at least.
            let floor = jpeg.withUnsafeBytes { src in
                Stopwatch.measure(seconds: seconds, threadCPU: true) {
                    _ = try? strips.decode(src, width: header.width, subsampling: sub, reduction: r) { _, _ in }
                }
            }
            let dl = FrameLayout(format: .bgra, width: w, height: h)
            var bgra = [UInt8](repeating: 0, count: dl.minimumByteCount)
            let whole = jpeg.withUnsafeBytes { src in
                bgra.withUnsafeMutableBytes { dst in
                    Stopwatch.measure(seconds: seconds, threadCPU: true) {
                        _ = try? turbo.decodePlanes(src, header, reduction: r) { p in
                            try? kernel.apply(
                                planes: p, destination: dst, destinationLayout: dl, ycbcr: CaptureFormat.jfif)
                        }
                    }
                }
            }
            let fused = jpeg.withUnsafeBytes { src in
                bgra.withUnsafeMutableBytes { dst in
                    Stopwatch.measure(seconds: seconds, threadCPU: true) {
                        _ = try? strips.decode(src, width: header.width, subsampling: sub, reduction: r) { p, first in
                            // The strip's rows lie inside the frame: `first + p.height ≤ h`.
                            let d = UnsafeMutableRawBufferPointer(rebasing: dst[(first * dl.bytesPerRow)...])
                            try? kernel.apply(
                                planes: p, destination: d,
                                destinationLayout: FrameLayout(format: .bgra, width: w, height: p.height),
                                ycbcr: CaptureFormat.jfif)
                        }
                    }
                }
            }
            let shownAt = r == 1 ? "" : "shown at 1920×1080 (1/\(r) DCT scale): "
            return [
                Row(name: "MJPEG \(shownAt)strips alone, no colour work (the floor)", result: floor),
                Row(name: "MJPEG \(shownAt)TurboJPEG planes → deuteranopia → BGRA", result: whole),
                Row(name: "MJPEG \(shownAt)strips → deuteranopia → BGRA (cvdcam)", result: fused),
            ]
        }
    }

    private func report(_ rows: [Row], jpegBytes: Int) {
        let base = rows.first { $0.name.hasPrefix("MJPEG → libv4lconvert") }?.result.cpuMsPerRun
        if json {
            for r in rows {
                let o: [String: Any] = [
                    "capture_step": r.name, "width": size.width, "height": size.height,
                    "cpu_ms_per_frame": (r.result.cpuMsPerRun * 1000).rounded() / 1000,
                    "ms_per_frame": (r.result.msPerRun * 1000).rounded() / 1000,
                ]
                print(JSONLine.encode(o))
            }
            return
        }
        print(
            "Capture cost per \(size.width)×\(size.height) frame, one thread (CPU ms; MJPEG frame \(jpegBytes / 1024) KiB, quality 85, 4:2:2):"
        )
        for r in rows {
            var line = "  " + r.name.padded(to: 58) + String(cFormat: "%7.2f ms", r.result.cpuMsPerRun)
            if let b = base, r.name.hasPrefix("MJPEG") {
                line += String(cFormat: "   %.2f× libv4lconvert's time", r.result.cpuMsPerRun / b)
            }
            print(line)
        }
    }

    /// The same picture as NV12 (chroma of each 2×2 block from its top row's pair).
    static func nv12(fromYUYV y: [UInt8], width w: Int, height h: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h * 3 / 2)
        for row in 0..<h {
            for x in 0..<w { out[row * w + x] = y[row * w * 2 + x * 2] }
            if row % 2 == 0 {
                for p in 0..<(w / 2) {
                    out[w * h + (row / 2) * w + 2 * p] = y[row * w * 2 + p * 4 + 1]
                    out[w * h + (row / 2) * w + 2 * p + 1] = y[row * w * 2 + p * 4 + 3]
                }
            }
        }
        return out
    }
}
