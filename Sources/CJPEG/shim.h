// libjpeg-turbo's libjpeg API (Debian's libjpeg62-turbo-dev), for reading MJPEG frames as
// raw Y′CbCr strips (jpeg_read_raw_data): one iMCU row at a time, while it is in cache.
#include <stdio.h>
#include <setjmp.h>
#include <string.h>
#include <jpeglib.h>

// libjpeg reports an error by calling error_exit, which must not return. cvdcam's jumps
// back into cvd_jpeg_decode_strips, the C function that called libjpeg: never across a
// Swift frame (the Swift strip callback runs between libjpeg calls, not inside them).
// Warnings (corrupt data libjpeg would paper over) are errors too: the frame is dropped.
struct cvd_jpeg {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr mgr;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void cvd_jpeg_error_exit(j_common_ptr c) {
    struct cvd_jpeg *d = (struct cvd_jpeg *)c->client_data;
    (*c->err->format_message)(c, d->message);
    longjmp(d->jump, 1);
}

static void cvd_jpeg_emit_message(j_common_ptr c, int level) {
    if (level < 0) cvd_jpeg_error_exit(c);
}

/// Sets up `d` (caller-owned memory); 0 on success.
static inline int cvd_jpeg_init(struct cvd_jpeg *d) {
    memset(d, 0, sizeof *d);
    d->cinfo.err = jpeg_std_error(&d->mgr);
    d->mgr.error_exit = cvd_jpeg_error_exit;
    d->mgr.emit_message = cvd_jpeg_emit_message;
    d->cinfo.client_data = d;
    if (setjmp(d->jump)) return -1;
    jpeg_create_decompress(&d->cinfo);
    return 0;
}

static inline void cvd_jpeg_destroy(struct cvd_jpeg *d) { jpeg_destroy_decompress(&d->cinfo); }

/// Called once per strip: the first output row, the number of luma rows in it, and the
/// row pointers of the three components (luma `rows`, chroma as sampled).
typedef void (*cvd_jpeg_strip_fn)(void *context, int first_row, int rows);

/// Decodes a 4:2:2 or 4:2:0 Y′CbCr JPEG at 1/`scale` (1, 2, 4, 8) as raw Y′CbCr strips into
/// the caller's row pointers (`rows[0]`: 16 luma rows, `rows[1]`, `rows[2]`: 16 chroma rows,
/// each row at least `row_bytes` long), calling `strip` after each. Returns 0, or -1 with
/// the reason in d->message; `*width` and `*height` get the output size.
static inline int cvd_jpeg_decode_strips(struct cvd_jpeg *d, const unsigned char *data, unsigned long size, int scale,
                                         JSAMPROW *rows[3], int row_bytes, void *context, cvd_jpeg_strip_fn strip,
                                         int *width, int *height) {
    struct jpeg_decompress_struct *c = &d->cinfo;
    if (setjmp(d->jump)) { jpeg_abort_decompress(c); return -1; }
    jpeg_mem_src(c, data, size);
    jpeg_read_header(c, TRUE);
    const jpeg_component_info *k = c->comp_info;
    if (c->num_components != 3 || c->jpeg_color_space != JCS_YCbCr || k[0].h_samp_factor != 2
        || k[0].v_samp_factor < 1 || k[0].v_samp_factor > 2 || k[1].h_samp_factor != 1 || k[1].v_samp_factor != 1
        || k[2].h_samp_factor != 1 || k[2].v_samp_factor != 1) {
        strcpy(d->message, "not a 4:2:2 or 4:2:0 Y'CbCr JPEG");
        jpeg_abort_decompress(c);
        return -1;
    }
    c->raw_data_out = TRUE;
    c->scale_num = 1;
    c->scale_denom = (unsigned)scale;
    jpeg_start_decompress(c);
    *width = (int)c->output_width;
    *height = (int)c->output_height;
    // At a reduced scale libjpeg decodes 4:2:0 chroma with a larger inverse DCT (so it
    // needs no upsampling): its raw planes are then no longer 4:2:0. Refused here.
    if (k[1].DCT_scaled_size != c->min_DCT_scaled_size || k[2].DCT_scaled_size != c->min_DCT_scaled_size) {
        strcpy(d->message, "chroma scaled differently from luma (4:2:0 at a reduced scale)");
        jpeg_abort_decompress(c);
        return -1;
    }
    int strip_rows = c->max_v_samp_factor * c->min_DCT_scaled_size;
    // libjpeg writes whole blocks: the padded width must fit the caller's rows.
    if (strip_rows > 16 || (int)(k[0].width_in_blocks * k[0].DCT_scaled_size) > row_bytes) {
        strcpy(d->message, "frame too wide for the strip buffer");
        jpeg_abort_decompress(c);
        return -1;
    }
    JSAMPARRAY planes[3] = { rows[0], rows[1], rows[2] };
    while (c->output_scanline < c->output_height) {
        int first = (int)c->output_scanline;
        JDIMENSION got = jpeg_read_raw_data(c, planes, (JDIMENSION)strip_rows);
        if (got == 0) { strcpy(d->message, "JPEG data ended early"); jpeg_abort_decompress(c); return -1; }
        int valid = (int)c->output_height - first;
        strip(context, first, valid < (int)got ? valid : (int)got);
    }
    jpeg_finish_decompress(c);
    return 0;
}

/// The last error's text.
static inline const char *cvd_jpeg_message(const struct cvd_jpeg *d) { return d->message; }
