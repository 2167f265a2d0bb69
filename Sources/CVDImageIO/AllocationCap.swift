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
/// the size of a camera frame, the window's surface) comes near it. The functions call the
/// ones SDL had (`SDL_GetMemoryFunctions`), so memory allocated before they are installed is
/// freed by the same allocator after. `cvdcam` installs them first thing (`install`), before
/// any other thread uses SDL; reading a picture installs them too, for other callers.
enum AllocationCap {
    static let limit = ImageFile.maximumSide * ImageFile.maximumSide * 4 + (1 << 20)

    /// SDL's own functions, called under the ceiling. Written once, by `installed`, before
    /// the wrappers that read them are handed to SDL.
    nonisolated(unsafe) private static var original:
        (
            malloc: SDL_malloc_func?, calloc: SDL_calloc_func?, realloc: SDL_realloc_func?, free: SDL_free_func?
        ) = (nil, nil, nil, nil)

    /// How many allocations were refused so far, and the size of the last (bytes).
    static let refusals = Atomic<Int>(0)
    static let lastRefused = Atomic<Int>(0)

    /// Installs the ceiling, once, before the first picture is read.
    static let installed: Void = {
        var m: SDL_malloc_func?
        var c: SDL_calloc_func?
        var r: SDL_realloc_func?
        var f: SDL_free_func?
        SDL_GetMemoryFunctions(&m, &c, &r, &f)
        guard let m, let c, let r, let f else { return }
        original = (m, c, r, f)
        _ = SDL_SetMemoryFunctions(
            { size in AllocationCap.allows(size) ? AllocationCap.original.malloc?(size) : nil },
            { count, size in
                let (total, overflow) = count.multipliedReportingOverflow(by: size)
                return !overflow && AllocationCap.allows(total) ? AllocationCap.original.calloc?(count, size) : nil
            },
            { pointer, size in AllocationCap.allows(size) ? AllocationCap.original.realloc?(pointer, size) : nil },
            { pointer in AllocationCap.original.free?(pointer) })
    }()

    /// Whether an allocation of `size` bytes is under the ceiling; records it when not (a
    /// size_t past Int's range arrives negative, and is refused too).
    static func allows(_ size: Int) -> Bool {
        guard size < 0 || size > limit else { return true }
        lastRefused.store(size, ordering: .relaxed)
        refusals.wrappingAdd(1, ordering: .relaxed)
        return false
    }
}
