import CSDL2
import Glibc
import Synchronization

/// A ceiling on any one allocation SDL makes (`SDL_SetMemoryFunctions`): a picture file
/// whose header claims an absurd size (fuzzing found a 43-byte BMP of 536870914×6 pixels)
/// made SDL2_image allocate and fill a 9 GiB surface for 18 s before cvdcam could look at
/// the size. With the ceiling the surface's allocation fails at once and the loader says
/// "Out of memory"; `ImageFile.read` then names the real cause.
///
/// The ceiling is the largest surface a picture cvdcam reads can need (`ImageFile.maximumSide`
/// squared, four bytes a pixel) plus 1 MiB: nothing else SDL allocates for cvdcam (textures
/// the size of a camera frame, the window's surface) comes near it. The functions call
/// libc's own, as SDL's defaults do, so memory allocated before they are installed is freed
/// correctly after.
enum AllocationCap {
    static let limit = ImageFile.maximumSide * ImageFile.maximumSide * 4 + (1 << 20)

    /// How many allocations were refused so far, and the size of the last (bytes).
    static let refusals = Atomic<Int>(0)
    static let lastRefused = Atomic<Int>(0)

    /// Installs the ceiling, once, before the first picture is read.
    static let installed: Void = {
        _ = SDL_SetMemoryFunctions(
            { size in AllocationCap.allows(size) ? malloc(size) : nil },
            { count, size in
                let (total, overflow) = count.multipliedReportingOverflow(by: size)
                return !overflow && AllocationCap.allows(total) ? calloc(count, size) : nil
            },
            { pointer, size in AllocationCap.allows(size) ? realloc(pointer, size) : nil },
            { pointer in free(pointer) })
    }()

    /// Whether an allocation of `size` bytes is under the ceiling; records it when not.
    static func allows(_ size: Int) -> Bool {
        guard size > limit else { return true }
        lastRefused.store(size, ordering: .relaxed)
        refusals.wrappingAdd(1, ordering: .relaxed)
        return false
    }
}
