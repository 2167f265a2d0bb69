// What cvdcam asks the X server directly, beside SDL (Debian libx11-dev, which
// libsdl2-dev already depends on, and libxrandr-dev). Kept in a module of its own so that Xlib's names
// (Window, Display, Font, …) reach only the code that needs them.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xatom.h>
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
