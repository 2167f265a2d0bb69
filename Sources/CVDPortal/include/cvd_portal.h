// The screen of a Wayland desktop (or any desktop with xdg-desktop-portal): plumbing only.
// The portal's ScreenCast calls over D-Bus (GDBus), each waiting for its Request's answer,
// then a PipeWire stream (libpipewire-0.3) whose pictures arrive in shared memory. C,
// because PipeWire's SPA pod builder is macros that Swift cannot import. What to ask, in
// which order, what a refusal means and how it is said are Swift's
// (CVDScreen.PortalSession, PortalProblem); problems come back as codes.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct cvd_portal cvd_portal;

/// What a picture's four bytes hold: B, G, R, x (0) or R, G, B, x (1).
enum { CVD_PORTAL_BGRX = 0, CVD_PORTAL_RGBX = 1 };

/// What failed. `detail` holds GLib's or PipeWire's own words where they said any, else "".
typedef enum cvd_portal_code {
    CVD_PORTAL_OK = 0,
    /// No D-Bus session bus to talk on.
    CVD_PORTAL_NO_BUS,
    /// Nobody answers for the portal, or it has no ScreenCast interface.
    CVD_PORTAL_NO_SERVICE,
    /// The portal's method call itself failed (not a refusal: that is a response).
    CVD_PORTAL_CALL_FAILED,
    /// The request's answer did not come within the time given.
    CVD_PORTAL_NOT_ANSWERED,
    /// CreateSession was granted without a session handle.
    CVD_PORTAL_NO_SESSION_HANDLE,
    /// OpenPipeWireRemote failed (the portal could not reach PipeWire).
    CVD_PORTAL_NO_REMOTE,
    /// OpenPipeWireRemote handed over no file descriptor.
    CVD_PORTAL_NO_DESCRIPTOR,
    /// PipeWire's thread or context could not be started in this process.
    CVD_PORTAL_PIPEWIRE_START,
    /// PipeWire did not take the descriptor.
    CVD_PORTAL_PIPEWIRE_REFUSED,
    /// The stream could not be connected to the node.
    CVD_PORTAL_STREAM_CONNECT,
} cvd_portal_code;

typedef struct cvd_portal_failure {
    cvd_portal_code code;
    char detail[256];
} cvd_portal_failure;

/// Connects to the session bus. NULL with `failure` set (CVD_PORTAL_NO_BUS) when there is none.
cvd_portal *cvd_portal_connect(cvd_portal_failure *failure);

/// A uint32 property of the ScreenCast interface ("version", "AvailableSourceTypes",
/// "AvailableCursorModes"); 0 when the portal or the property is not there.
uint32_t cvd_portal_property(cvd_portal *p, const char *name);

// The requests. Each waits up to `timeout_ms` for its Response and returns it (0 granted,
// 1 cancelled by the user, 2 ended otherwise), or -1 with `failure` set.

/// CreateSession; on 0 the session is kept for the calls below and closed by `cvd_portal_close`.
int cvd_portal_create_session(cvd_portal *p, int timeout_ms, cvd_portal_failure *failure);

/// SelectSources with exactly these options: `types` (1 monitor, 2 window), `cursor_mode`
/// (0: not sent), `persist_mode` (0: not sent), `restore_token` (NULL: not sent); one source.
int cvd_portal_select_sources(cvd_portal *p, uint32_t types, uint32_t cursor_mode, uint32_t persist_mode,
                              const char *restore_token, int timeout_ms, cvd_portal_failure *failure);

/// What Start's answer held: the first stream's node, where that monitor lies on the desktop
/// (in the compositor's coordinates; `has_area` 0 when not said, as for a window), and the
/// restore token for next time ("" when none).
typedef struct cvd_portal_started {
    int streams;
    uint32_t node;
    int has_area, x, y, width, height;
    char token[256];
} cvd_portal_started;

/// Start (the desktop's dialog, or its remembered choice).
int cvd_portal_start(cvd_portal *p, int timeout_ms, cvd_portal_started *started, cvd_portal_failure *failure);

/// OpenPipeWireRemote, then a stream on `node` with its own thread: 0, or -1 with `failure`.
int cvd_portal_stream(cvd_portal *p, uint32_t node, cvd_portal_failure *failure);

/// The stream's state as `cvd_portal_look` reports it.
enum { CVD_PORTAL_STREAMING = 0, CVD_PORTAL_PAUSED = 1, CVD_PORTAL_ENDED = 2 };

/// The newest picture and the stream's state, looked at without copying.
typedef struct cvd_portal_picture {
    /// The picture's size (0 × 0 before the first) and byte order (CVD_PORTAL_BGRX or _RGBX;
    /// the fourth byte is always 255).
    int width, height, order;
    /// 1 when it came since the last `cvd_portal_copy`.
    int fresh;
    /// CVD_PORTAL_STREAMING; _PAUSED (the producer stopped sending; it may come back); or
    /// _ENDED (for good), with PipeWire's words in `detail` when it gave any.
    int state;
    char detail[256];
} cvd_portal_picture;

void cvd_portal_look(cvd_portal *p, cvd_portal_picture *picture);

/// Copies the part (x, y, w, h) of the newest picture into `dst`, rows of w × 4 bytes tightly
/// packed, and marks the picture taken. Returns 1; 0 when the part no longer lies inside the
/// picture (its size changed since the look: look again), or -2 when `capacity` is less than
/// w × h × 4; nothing is copied then.
int cvd_portal_copy(cvd_portal *p, int x, int y, int w, int h, uint8_t *dst, size_t capacity);

/// Stops the stream and closes the session.
void cvd_portal_close(cvd_portal *p);
