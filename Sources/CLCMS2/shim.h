// Little CMS 2 (Debian's liblcms2-dev): a picture's embedded ICC profile converted to sRGB.
#include <lcms2.h>
#include <string.h>

// lcms2 says why a profile cannot be read through its context's error handler, not through
// a return value. Each conversion makes a context of its own whose user data is one of these:
// the first message is kept (later ones follow from it), so the line cvdcam prints can name it.
struct cvd_lcms_log { char text[200]; };

static void cvd_lcms_log_handler(cmsContext ctx, cmsUInt32Number code, const char *text) {
    (void)code;
    struct cvd_lcms_log *log = (struct cvd_lcms_log *)cmsGetContextUserData(ctx);
    if (log && text && !log->text[0]) {
        strncpy(log->text, text, sizeof log->text - 1);
        log->text[sizeof log->text - 1] = 0;
    }
}

/// A context that writes lcms2's messages into `*log` (which must outlive it); NULL when
/// there is no memory. Free it with cmsDeleteContext.
static inline cmsContext cvd_lcms_context(struct cvd_lcms_log *log) {
    cmsContext ctx = cmsCreateContext(NULL, log);
    if (ctx) cmsSetLogErrorHandlerTHR(ctx, cvd_lcms_log_handler);
    return ctx;
}

// The pixel formats as constants: lcms2's TYPE_* are macros of macros, which Swift does not import.
static const cmsUInt32Number cvd_lcms_rgb8 = TYPE_RGB_8;
static const cmsUInt32Number cvd_lcms_gray8 = TYPE_GRAY_8;
