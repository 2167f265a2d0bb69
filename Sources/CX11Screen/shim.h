// What cvdcam asks an X server to read the screen (`cvdcam --screen`): Xlib, MIT-SHM
// (libXext), RandR 1.5 monitors, DAMAGE and XFIXES (the cursor's picture). Debian:
// libx11-dev, libxext-dev, libxrandr-dev, libxdamage-dev, libxfixes-dev. A module of its
// own, so that Xlib's names (Window, Display, Screen, …) reach only the screen source.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xdamage.h>
#include <X11/extensions/Xfixes.h>
#include <sys/ipc.h>
#include <sys/shm.h>

/// Xlib's default error handler prints and exits the process. A server without shared
/// memory for this client (over ssh: MIT-SHM is listed, but attaching fails) answers
/// XShmAttach with a BadAccess error, and a window that closes while it is read answers
/// XGetImage with BadMatch: both are expected, so the handler notes the last error code
/// and returns. Set once per process; `cvd_x11_take_error` waits for the server to answer
/// every request sent (XSync), then reads and clears the code; after a request that waited
/// for its reply, `cvd_x11_take_received_error` does without the wait: the server answers in
/// order, so every earlier request's error came in before that reply.
static int cvd_x11_last_error = 0;
static inline int cvd_x11_note_error(Display *d, XErrorEvent *e) {
    (void)d;
    cvd_x11_last_error = e->error_code;
    return 0;
}
static inline void cvd_x11_catch_errors(void) { XSetErrorHandler(cvd_x11_note_error); }
static inline int cvd_x11_take_received_error(void) {
    int code = cvd_x11_last_error;
    cvd_x11_last_error = 0;
    return code;
}
static inline int cvd_x11_take_error(Display *d) {
    XSync(d, False);
    return cvd_x11_take_received_error();
}

/// XDestroyImage is a macro (it calls the image's own destroy function).
static inline void cvd_x11_destroy_image(XImage *image) { XDestroyImage(image); }

/// The event type a DAMAGE notify arrives as (the extension's first event number + XDamageNotify).
static inline int cvd_x11_damage_notify(int eventBase) { return eventBase + XDamageNotify; }
/// The rectangle a DAMAGE notify reports, in the watched drawable's pixels (with
/// `XDamageReportRawRectangles`: what one drawing changed). `e` is a notify event.
static inline XRectangle cvd_x11_damage_area(const XEvent *e) { return ((const XDamageNotifyEvent *)e)->area; }
/// The event type RandR sends when the screen's size changes, from its event base.
static inline int cvd_x11_screen_change_notify(int eventBase) { return eventBase + RRScreenChangeNotify; }
/// The event type of RandR's finer notices (a CRTC or an output switched on or off).
static inline int cvd_x11_rr_notify(int eventBase) { return eventBase + RRNotify; }
/// Asks for every change of the screen's layout on `root`: RandR's screen, CRTC and output
/// changes (a monitor plugged in or out, switched off, moved, resized), and the root
/// window's ConfigureNotify, which is all the server sends when a RandR 1.5 monitor is set
/// or deleted (`xrandr --setmonitor`, `--delmonitor`).
static inline void cvd_x11_select_screen_changes(Display *d, Window root, int randr) {
    if (randr) XRRSelectInput(d, root, RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask);
    XSelectInput(d, root, StructureNotifyMask);
}

/// A private shared-memory segment of `bytes`, attached here and marked for removal at
/// once (it goes when the last process detaches — never left behind, even on a crash).
/// Returns the segment's id (or -1) and its address in `address` (NULL on failure).
static inline int cvd_shm_create(size_t bytes, void **address) {
    *address = NULL;
    int id = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0600);
    if (id < 0) return -1;
    void *a = shmat(id, NULL, 0);
    if (a == (void *)-1) {
        shmctl(id, IPC_RMID, NULL);
        return -1;
    }
    *address = a;
    return id;
}

/// Marks the segment for removal once the X server has attached it too.
static inline void cvd_shm_release(int id) { shmctl(id, IPC_RMID, NULL); }
