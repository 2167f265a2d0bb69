#include <SDL2/SDL_image.h>
#include <stdlib.h>
#include <string.h>

// Encoding a picture into memory (not a file): SDL2_image writes through an SDL_RWops, and
// its file RWops loses a write error at fclose (a full disk then looks like success). This
// one grows a malloc'd buffer; the caller writes the bytes itself, checking every step.
struct cvd_membuf { unsigned char *data; size_t size, capacity; int failed; };

static size_t cvd_membuf_write(SDL_RWops *rw, const void *p, size_t size, size_t n) {
    struct cvd_membuf *b = (struct cvd_membuf *)rw->hidden.unknown.data1;
    size_t len = size * n;
    if (n != 0 && len / n != size) { b->failed = 1; return 0; }
    if (b->size + len > b->capacity) {
        size_t cap = b->capacity ? b->capacity : 65536;
        while (cap < b->size + len) cap *= 2;
        unsigned char *d = realloc(b->data, cap);
        if (!d) { b->failed = 1; return 0; }
        b->data = d; b->capacity = cap;
    }
    memcpy(b->data + b->size, p, len);
    b->size += len;
    return n;
}
static Sint64 cvd_membuf_size(SDL_RWops *rw) { return (Sint64)((struct cvd_membuf *)rw->hidden.unknown.data1)->size; }
static Sint64 cvd_membuf_seek(SDL_RWops *rw, Sint64 off, int whence) {
    struct cvd_membuf *b = (struct cvd_membuf *)rw->hidden.unknown.data1;
    // Encoders only append; a seek to the end (or asking where it is) is all they do.
    if ((whence == RW_SEEK_CUR || whence == RW_SEEK_END) && off == 0) return (Sint64)b->size;
    return -1;
}
static size_t cvd_membuf_read(SDL_RWops *rw, void *p, size_t size, size_t n) { (void)rw; (void)p; (void)size; (void)n; return 0; }
static int cvd_membuf_close(SDL_RWops *rw) { SDL_FreeRW(rw); return 0; }

/// Encodes `s` as PNG (`quality` < 0) or JPEG (`quality` 1…100) into a malloc'd buffer:
/// 0 with `*out` and `*len` set (free `*out` with free()), -1 on failure (SDL_GetError says why).
static inline int cvd_img_encode(SDL_Surface *s, int quality, unsigned char **out, size_t *len) {
    struct cvd_membuf b = { 0, 0, 0, 0 };
    SDL_RWops *rw = SDL_AllocRW();
    if (!rw) return -1;
    rw->type = SDL_RWOPS_UNKNOWN;
    rw->hidden.unknown.data1 = &b;
    rw->size = cvd_membuf_size; rw->seek = cvd_membuf_seek; rw->read = cvd_membuf_read;
    rw->write = cvd_membuf_write; rw->close = cvd_membuf_close;
    int rc = quality < 0 ? IMG_SavePNG_RW(s, rw, 1) : IMG_SaveJPG_RW(s, rw, 1, quality);
    if (rc != 0 || b.failed) {
        free(b.data);
        if (b.failed) SDL_SetError("out of memory encoding the picture");
        return -1;
    }
    *out = b.data; *len = b.size;
    return 0;
}
