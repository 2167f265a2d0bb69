import CVDCore
import CVDImageIO
import Glibc

/// A file the input's bytes are written to, then read as `convert` and `--image` read
/// pictures: any bytes must give a picture or a clear error, never a crash.
let path = "/tmp/cvdcam-fuzz-image-\(getpid())"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let f = fopen(path, "wb") else { return 0 }
    defer { unlink(path) } // none left behind in /tmp when the fuzzer ends
    fwrite(data, 1, size, f)
    fclose(f)
    if let image = try? ImageFile.read(path) {
        precondition(image.pixels.count == image.width * image.height * 4, "a picture's pixels match its size")
    }
    return 0
}
