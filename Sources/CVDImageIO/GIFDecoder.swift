import CVDCore
import CVDSystem

/// GIF pictures (87a and 89a), their first frame, decoded by cvdcam itself: SDL2_image's
/// GIF loader crashed (SIGSEGV inside `IMG_LoadGIF_RW`) on a 170-byte file the fuzzer
/// made, and a picture file must give a picture or an error, never a crash. Every read here
/// is bounds-checked and every malformed structure throws.
///
/// As SDL2_image does: the picture is the first image's own size (its descriptor's, not the
/// logical screen's), its local colour table or else the global one, interlaced rows put
/// in place, the transparent colour (a graphic control extension's) with alpha 0.
enum GIFDecoder {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        /// The file may be fine: its picture did not fit in the memory there is.
        var noMemory = false
        init(_ d: String, noMemory: Bool = false) { (description, self.noMemory) = (d, noMemory) }
    }

    /// Whether `bytes` start as a GIF does.
    static func isGIF(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 6 && bytes[0..<4].elementsEqual("GIF8".utf8) && (bytes[4] == 0x37 || bytes[4] == 0x39)
            && bytes[5] == 0x61
    }

    /// Decodes the first frame, no larger than `maximumSide` on a side.
    static func decode(_ bytes: [UInt8], maximumSide: Int) throws(Failure) -> RGBAImage {
        var r = Reader(bytes: bytes, at: 6)
        guard isGIF(bytes) else { throw Failure("not a GIF file") }
        _ = try r.u16() // the logical screen's width and height: the image's own size is used
        _ = try r.u16()
        let screenFlags = try r.byte()
        _ = try r.take(2) // background colour, aspect ratio
        var global: [UInt8] = []
        if screenFlags & 0x80 != 0 { global = try r.take(3 << (Int(screenFlags & 7) + 1)) }
        var transparent: Int?
        while true {
            switch try r.byte() {
            case 0x21: // an extension: a graphic control block says which colour is transparent
                let label = try r.byte()
                let first = try r.subBlock()
                if label == 0xF9, first.count >= 4, first[0] & 1 != 0 { transparent = Int(first[3]) }
                try r.skipSubBlocks()
            case 0x2C:
                return try image(&r, global: global, transparent: transparent, maximumSide: maximumSide)
            case 0x3B: throw Failure("the GIF has no image")
            case let b: throw Failure("a GIF block starts with \(b), which no block does")
            }
        }
    }

    /// The image whose descriptor `r` is at.
    private static func image(
        _ r: inout Reader, global: [UInt8], transparent: Int?, maximumSide: Int
    ) throws(Failure) -> RGBAImage {
        _ = try r.u16() // left, top
        _ = try r.u16()
        let w = try r.u16()
        let h = try r.u16()
        let flags = try r.byte()
        guard w > 0, h > 0 else { throw Failure("the GIF's image is empty") }
        guard w <= maximumSide, h <= maximumSide else {
            throw Failure("the picture is \(w)×\(h); cvdcam reads pictures up to \(maximumSide)×\(maximumSide)")
        }
        let palette = flags & 0x80 != 0 ? try r.take(3 << (Int(flags & 7) + 1)) : global
        guard !palette.isEmpty else { throw Failure("the GIF has no colour table") }
        let minimum = Int(try r.byte())
        guard (1...11).contains(minimum) else { throw Failure("the GIF's LZW code size is \(minimum)") }
        // The image data's sub-blocks, up to the terminator — or to the end of the file: a
        // file cut after its last pixels (its terminator and trailer missing) still gives the
        // whole picture, as other readers show it; one cut before them is an error below.
        var data: [UInt8] = []
        while let block = r.subBlockToEnd(), !block.isEmpty { data += block }
        // The indices and the picture: tried first, so a memory limit is a line, not an abort.
        guard Memory.canAllocate(w * h * 5) else {
            throw Failure(
                "there is not enough memory for its \(w)×\(h) picture (a memory limit, ulimit -v?)", noMemory: true)
        }
        let indices = try lzw(data, minimum: minimum, count: w * h)
        var image = RGBAImage(width: w, height: h)
        let interlaced = flags & 0x40 != 0
        let rows = interlaced ? interlacedRows(h) : Array(0..<h)
        image.pixels.withUnsafeMutableBufferPointer { out in
            for (n, y) in rows.enumerated() {
                for x in 0..<w {
                    let i = Int(indices[n * w + x])
                    let o = (y * w + x) * 4
                    if i * 3 + 2 < palette.count {
                        out[o] = palette[i * 3]
                        out[o + 1] = palette[i * 3 + 1]
                        out[o + 2] = palette[i * 3 + 2]
                    } // else black: an index past the table
                    out[o + 3] = i == transparent ? 0 : 255
                }
            }
        }
        return image
    }

    /// The picture rows in the order an interlaced GIF stores them: every 8th from 0,
    /// every 8th from 4, every 4th from 2, every 2nd from 1.
    static func interlacedRows(_ h: Int) -> [Int] {
        Array(stride(from: 0, to: h, by: 8)) + Array(stride(from: 4, to: h, by: 8))
            + Array(stride(from: 2, to: h, by: 4)) + Array(stride(from: 1, to: h, by: 2))
    }

    /// The first `count` colour indices of LZW `data` with `minimum`-bit literals; data that
    /// ends before `count` indices, or a code that refers to no entry, throws.
    static func lzw(_ data: [UInt8], minimum: Int, count: Int) throws(Failure) -> [UInt8] {
        let clear = 1 << minimum
        let end = clear + 1
        var prefix = [Int](repeating: 0, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        for i in 0..<clear { suffix[i] = UInt8(truncatingIfNeeded: i) }
        var stack = [UInt8](repeating: 0, count: 4097)
        var out = [UInt8]()
        out.reserveCapacity(count)
        var size = minimum + 1
        var next = clear + 2
        var old = -1
        var first: UInt8 = 0
        var bit = 0
        let bits = data.count * 8
        while out.count < count {
            guard bit + size <= bits else {
                throw Failure("the GIF's image data ends after \(out.count) of \(count) pixels")
            }
            var code = 0
            for k in 0..<size {
                let b = bit + k
                code |= Int((data[b >> 3] >> UInt8(b & 7)) & 1) << k
            }
            bit += size
            if code == clear {
                (size, next, old) = (minimum + 1, clear + 2, -1)
                continue
            }
            if code == end { throw Failure("the GIF's image data ends after \(out.count) of \(count) pixels") }
            if old < 0 {
                guard code < clear else { throw Failure("the GIF's image data is corrupt (code \(code) first)") }
                out.append(suffix[code])
                (old, first) = (code, suffix[code])
                continue
            }
            guard code <= next, code < 4096 else { throw Failure("the GIF's image data is corrupt (code \(code))") }
            // Walk the entry back to its first literal; `code == next` is the entry being made
            // (the previous one and its own first byte).
            var sp = 0
            var c = code
            if code == next {
                stack[sp] = first
                sp += 1
                c = old
            }
            while c >= clear {
                // Every entry in the chain was made before (`c < next`), so its prefix is
                // shorter: the walk ends within `next` steps, inside the stack.
                stack[sp] = suffix[c]
                sp += 1
                c = prefix[c]
            }
            first = suffix[c]
            stack[sp] = first
            sp += 1
            while sp > 0, out.count < count {
                sp -= 1
                out.append(stack[sp])
            }
            if next < 4096 {
                prefix[next] = old
                suffix[next] = first
                next += 1
                if next == 1 << size, size < 12 { size += 1 }
            }
            old = code
        }
        return out
    }

    /// Reads a GIF's bytes in order; reading past the end throws.
    struct Reader {
        let bytes: [UInt8]
        var at: Int

        mutating func byte() throws(Failure) -> UInt8 {
            guard at < bytes.count else { throw Failure("the GIF file ends early") }
            defer { at += 1 }
            return bytes[at]
        }

        mutating func u16() throws(Failure) -> Int {
            let lo = Int(try byte())
            return lo | Int(try byte()) << 8
        }

        mutating func take(_ n: Int) throws(Failure) -> [UInt8] {
            guard n <= bytes.count - at else { throw Failure("the GIF file ends early") }
            defer { at += n }
            return Array(bytes[at..<(at + n)])
        }

        /// One data sub-block (empty: the terminator).
        mutating func subBlock() throws(Failure) -> [UInt8] {
            try take(Int(try byte()))
        }

        /// One data sub-block, or what is left of it where the file ends; nil at the end.
        mutating func subBlockToEnd() -> [UInt8]? {
            guard at < bytes.count else { return nil }
            let n = min(Int(bytes[at]), bytes.count - at - 1)
            defer { at += 1 + n }
            return Array(bytes[(at + 1)..<(at + 1 + n)])
        }

        mutating func skipSubBlocks() throws(Failure) {
            while try !subBlock().isEmpty {}
        }
    }
}
