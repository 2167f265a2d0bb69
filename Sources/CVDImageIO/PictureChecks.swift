import CVDCore
import CVDSystem
import Glibc

/// What is refused before a picture is decoded, each with the reason in plain words: a JPEG
/// in print colours (CMYK/YCCK: SDL2_image would show it in wrong colours, silently), a PNG
/// cut short, a picture larger than cvdcam reads or than the machine's memory can hold.
enum PictureChecks {
    static func before(_ bytes: [UInt8], _ path: String) throws(ImageFileError) {
        let h = PictureHeader(bytes)
        if h.jpegComponents == 4 {
            throw .unreadable(
                path,
                "it is a CMYK JPEG (print colours), which cvdcam does not convert: wrong colours would be worse than none; "
                    + "save it as RGB first (GIMP: Image → Mode → RGB; ImageMagick: convert IN -colorspace sRGB OUT.png)"
            )
        }
        if h.pngCutShort {
            throw .unreadable(path, "the PNG file ends early (it was cut short: copy it again)")
        }
        if h.jpegCutShort {
            throw .unreadable(
                path, "the JPEG file ends early, before its picture begins (it was cut short: copy it again)")
        }
        guard h.width > 0, h.height > 0 else { return }
        guard h.width <= ImageFile.maximumSide, h.height <= ImageFile.maximumSide else {
            throw .unreadable(
                path,
                "the picture is \(h.width)×\(h.height); cvdcam reads pictures up to \(ImageFile.maximumSide)×\(ImageFile.maximumSide)"
            )
        }
        // The file, the decoded picture, its RGBA copy and a result: three times 4 bytes a pixel.
        let need = bytes.count + h.width * h.height * 12
        if let available = availableMemory(), need > available {
            // "3.0 GiB"; below 1 GiB in MiB ("138 MiB"), where tenths of a GiB say too little.
            let gib = { (b: Int) in
                b >= 1 << 30 ? String(cFormat: "%.1f GiB", Double(b) / Double(1 << 30)) : "\(b >> 20) MiB"
            }
            throw .unreadable(
                path,
                "the picture is \(h.width)×\(h.height), which needs about \(gib(need)) to work on; "
                    + "this machine has \(gib(available)) free: make it smaller first")
        }
    }

    /// What the process may still allocate: the kernel's MemAvailable, or less where a
    /// memory limit (`ulimit -v`) says so; nil when unknown.
    static func availableMemory() -> Int? {
        var limit = rlimit()
        var fromLimit: Int?
        if getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max {
            // The limit counts the address space mapped, not what is resident.
            fromLimit = max(0, Int(limit.rlim_cur) - (ProcessMemory.addressSpace() ?? ProcessMemory.read()?.now ?? 0))
        }
        var fromSystem: Int?
        if let f = fopen("/proc/meminfo", "r") {
            defer { fclose(f) }
            var line = [CChar](repeating: 0, count: 256)
            while fgets(&line, 256, f) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if text.hasPrefix("MemAvailable:") {
                    let kib = text.split(separator: " ").compactMap { Int($0) }.first ?? 0
                    fromSystem = kib * 1024
                }
            }
        }
        switch (fromLimit, fromSystem) {
        case (let a?, let b?): return min(a, b)
        case (let a?, nil): return a
        case (nil, let b?): return b
        default: return nil
        }
    }
}
