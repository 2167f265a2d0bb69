// zlib (Debian's zlib1g-dev): a PNG's compressed ICC profile (iCCP) inflated.
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/// Inflates the zlib stream `in` (`n` bytes) into a malloc'd buffer of at most `cap` bytes:
/// 0 with `*out` (free it with free()) and `*len` set; 1 when the stream inflates to more
/// than `cap` bytes (a "zip bomb" stops there); 2 when it is corrupt or ends early; -1
/// without memory. The buffer starts small and doubles, so a small profile costs little.
static inline int cvd_zlib_inflate(const unsigned char *in, size_t n, size_t cap, unsigned char **out, size_t *len) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK) return -1;
    size_t size = 0, room = cap < 65536 ? cap : 65536;
    unsigned char *buf = malloc(room ? room : 1);
    if (!buf) { inflateEnd(&z); return -1; }
    z.next_in = (unsigned char *)in;
    size_t left = n;  // input not yet handed to zlib, whose counts are 32-bit: 1 GiB at a time
    int result = 2;
    for (;;) {
        if (z.avail_in == 0 && left > 0) {
            z.avail_in = left > (1u << 30) ? (1u << 30) : (uInt)left;
            left -= z.avail_in;
        }
        if (size == room) {
            if (room >= cap) { result = 1; break; }
            size_t bigger = room * 2 < cap ? room * 2 : cap;
            unsigned char *b = realloc(buf, bigger);
            if (!b) { result = -1; break; }
            buf = b; room = bigger;
        }
        z.next_out = buf + size;
        z.avail_out = (uInt)(room - size > (1u << 30) ? (1u << 30) : room - size);
        uInt before = z.avail_out;
        int status = inflate(&z, Z_NO_FLUSH);
        size += before - z.avail_out;
        if (status == Z_STREAM_END) { result = 0; break; }
        if (status == Z_MEM_ERROR) { result = -1; break; }
        if (status == Z_OK) continue;
        // Z_BUF_ERROR: no progress. With room left, that is input that ran out: the stream ends early.
        if (status == Z_BUF_ERROR && (z.avail_out == 0 || z.avail_in > 0 || left > 0)) continue;
        result = 2;  // damaged (Z_DATA_ERROR, Z_NEED_DICT) or cut short
        break;
    }
    inflateEnd(&z);
    if (result != 0) { free(buf); return result; }
    *out = buf; *len = size;
    return 0;
}
