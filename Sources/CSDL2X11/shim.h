// What cvdcam asks the X server directly, beside SDL (Debian libx11-dev, which
// libsdl2-dev already depends on, and libxrandr-dev), and the GLX calls that show part of a
// GL window (through libepoxy, libepoxy-dev). Kept in a module of its own so that Xlib's names
// (Window, Display, Font, …) reach only the code that needs them.
#include <epoxy/glx.h>
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <stdio.h>
#include <X11/extensions/Xrandr.h>

/// Whether an EWMH window manager runs on the window's X display: 1 when the root window
/// names one (`_NET_SUPPORTING_WM_CHECK`), 0 when none does (a bare kiosk session),
/// -1 when the window is not on X11 (Wayland, KMS/DRM) or SDL cannot say.
static inline int cvd_x11_window_manager_running(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    Display *d = info.info.x11.display;
    Atom check = XInternAtom(d, "_NET_SUPPORTING_WM_CHECK", True);
    if (check == None) return 0;
    Atom type = None;
    int format = 0;
    unsigned long count = 0, after = 0;
    unsigned char *data = NULL;
    int status = XGetWindowProperty(d, DefaultRootWindow(d), check, 0, 1, False, XA_WINDOW,
                                    &type, &format, &count, &after, &data);
    int running = status == Success && data != NULL && count == 1;
    if (data) XFree(data);
    return running;
}

/// Xlib errors while OpenGL starts. A GLX driver that cannot be loaded (no driver for the
/// GPU, LIBGL_DRIVERS_PATH pointing nowhere) makes libGL fall back to indirect rendering,
/// and the X server answers its context request with an error (BadValue on
/// X_GLXCreateContext) that reaches Xlib's default handler — which prints it and ends the
/// process. Between `cvd_gl_x11_catch` and `cvd_gl_x11_release` the first such error on
/// the window's display is noted instead (`cvd_gl_x11_take`); errors on other
/// connections go to the handler that was there before. The handler is the process's
/// (Xlib has one), so the two calls bracket the GL start on the main thread only.
static int cvd_gl_x11_error = 0, cvd_gl_x11_major = 0, cvd_gl_x11_minor = 0;
static Display *cvd_gl_x11_display = NULL;
static XErrorHandler cvd_gl_x11_previous = NULL;
static inline int cvd_gl_x11_note(Display *d, XErrorEvent *e) {
    if (cvd_gl_x11_display != NULL && d != cvd_gl_x11_display && cvd_gl_x11_previous != NULL)
        return cvd_gl_x11_previous(d, e);
    if (cvd_gl_x11_error == 0) {
        cvd_gl_x11_error = e->error_code;
        cvd_gl_x11_major = e->request_code;
        cvd_gl_x11_minor = e->minor_code;
        cvd_gl_x11_display = d;
    }
    return 0;
}
static inline void cvd_gl_x11_catch(void) {
    cvd_gl_x11_error = 0;
    cvd_gl_x11_display = NULL;
    cvd_gl_x11_previous = XSetErrorHandler(cvd_gl_x11_note);
}
/// The window's display, or NULL when the window is not on X11.
static inline Display *cvd_gl_x11_window_display(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (window == NULL || !SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return NULL;
    return info.info.x11.display;
}
/// Whether the GL context current on the window is GLX's and can show a part of its back
/// buffer without a swap (GLX_MESA_copy_sub_buffer, which Mesa's drivers offer): 0 on EGL
/// (Wayland; OpenGL ES where SDL takes EGL), without GLX, or without the extension.
static inline int cvd_glx_shows_parts(SDL_Window *window) {
    Display *d = cvd_gl_x11_window_display(window);
    if (d == NULL || !epoxy_has_glx(d) || glXGetCurrentContext() == NULL) return 0;
    return epoxy_has_glx_extension(d, DefaultScreen(d), "GLX_MESA_copy_sub_buffer") ? 1 : 0;
}
/// Copies the part (x, y) w × h of the current context's back buffer to the window (y
/// counted from the top of a drawable `height` pixels high; GLX counts from the bottom).
/// Only after `cvd_glx_shows_parts` said 1.
static inline void cvd_glx_show_part(int x, int y, int w, int h, int height) {
    Display *d = glXGetCurrentDisplay();
    if (d != NULL) glXCopySubBufferMESA(d, glXGetCurrentDrawable(), x, height - y - h, w, h);
}
/// The descriptor of the X connection the window is on (`ConnectionNumber`): readable
/// when the server has sent something. -1 when the window is not on X11.
static inline int cvd_x11_window_connection(SDL_Window *window) {
    Display *d = cvd_gl_x11_window_display(window);
    return d != NULL ? ConnectionNumber(d) : -1;
}
/// Waits for the server to answer everything sent so far on the window's display, then
/// returns the first error noted (0: none) and clears it; `text` gets Xlib's words for it
/// and the request ("BadValue (integer parameter out of range for operation), request 150.3").
static inline int cvd_gl_x11_take(SDL_Window *window, char *text, int size) {
    Display *d = cvd_gl_x11_window_display(window);
    if (d != NULL) {
        if (cvd_gl_x11_display == NULL) cvd_gl_x11_display = d;
        XSync(d, False);
    }
    int code = cvd_gl_x11_error;
    if (code != 0 && text != NULL && size > 0) {
        char words[160] = "";
        if (cvd_gl_x11_display != NULL) XGetErrorText(cvd_gl_x11_display, code, words, sizeof words);
        snprintf(text, (size_t)size, "%s, request %d.%d", words, cvd_gl_x11_major, cvd_gl_x11_minor);
    }
    cvd_gl_x11_error = 0;
    return code;
}
static inline void cvd_gl_x11_release(SDL_Window *window) {
    Display *d = cvd_gl_x11_window_display(window);
    if (d != NULL) XSync(d, False);
    XSetErrorHandler(cvd_gl_x11_previous);
    cvd_gl_x11_previous = NULL;
    cvd_gl_x11_display = NULL;
}

/// How the X display DISPLAY names stands, when SDL found no display there: -1 when it does
/// not answer; -2 when it answers without RandR; else how many of its RandR outputs are
/// switched on (have a CRTC) — 0 when every monitor is off (`xrandr --output … --off`),
/// where SDL's X11 driver sees no display at all.
static inline int cvd_x11_outputs_on(void) {
    Display *d = XOpenDisplay(NULL);
    if (d == NULL) return -1;
    int event, error, on = -2;
    if (XRRQueryExtension(d, &event, &error)) {
        XRRScreenResources *r = XRRGetScreenResourcesCurrent(d, DefaultRootWindow(d));
        if (r != NULL) {
            on = 0;
            for (int i = 0; i < r->noutput; i++) {
                XRROutputInfo *o = XRRGetOutputInfo(d, r, r->outputs[i]);
                if (o != NULL) {
                    if (o->crtc != None) on++;
                    XRRFreeOutputInfo(o);
                }
            }
            XRRFreeScreenResources(r);
        }
    }
    XCloseDisplay(d);
    return on;
}
