import CVDCapture
import CVDCore

/// The header parser, and a frame decoder for the size the frame claims (as a camera's
/// stream of that size has), kept between inputs as the camera loop keeps its decoder.
nonisolated(unsafe) let headers = JPEGDecoder()
nonisolated(unsafe) var decoders: [Int: FrameDecoder] = [:]

/// One frame's bytes through the MJPEG path — header parse, TurboJPEG decode, packing to
/// YUYV or RGB — at the size its header claims (up to 2048 a side, as cameras send). A
/// frame it cannot decode must be refused with an error, never read past or crash; the
/// decoded picture is read through so that AddressSanitizer checks every byte the
/// decoder claims to have written.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    guard let h = try? headers.header(bytes), (2...2048).contains(h.width), (1...2048).contains(h.height) else {
        return 0
    }
    let key = h.width << 16 | h.height
    if decoders.count > 64 { decoders = [:] }
    let decoder =
        decoders[key]
        ?? FrameDecoder(
            format: CaptureFormat(
                fourCC: .mjpeg, width: h.width, height: h.height,
                bytesPerLine: 0, sizeImage: h.width * h.height * 2))
    decoders[key] = decoder
    _ = try? decoder.decode(bytes) { out, layout, _ -> Int in
        var sum = 0
        for i in stride(from: 0, to: min(out.count, layout.minimumByteCount), by: 61) { sum &+= Int(out[i]) }
        return sum
    }
    return 0
}
