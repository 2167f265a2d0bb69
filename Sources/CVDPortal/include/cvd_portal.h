// The screen of a Wayland desktop (or any desktop with xdg-desktop-portal): the portal's
// ScreenCast interface over D-Bus (GDBus), then a PipeWire stream on the node it names
// (libpipewire-0.3), frames in shared memory. C, because PipeWire's SPA pod builder is
// macros that Swift cannot import; Swift sees these few calls (CVDScreen.PortalScreenSource).
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct cvd_portal cvd_portal;

/// What a picture's four bytes hold: B, G, R, x (0) or R, G, B, x (1).
enum { CVD_PORTAL_BGRX = 0, CVD_PORTAL_RGBX = 1 };

/// Asks the desktop for a monitor to read: CreateSession → SelectSources (one monitor, or
/// one window where the desktop offers windows,
/// the pointer drawn in when `cursor` and the desktop can, persist_mode 2 with
/// `restore_token` when not NULL or empty, so the teacher is asked once) → Start (the
/// desktop's dialog; waits up to `timeout_ms` for the answer) → OpenPipeWireRemote, then
/// starts a PipeWire stream on the node. On success returns the handle and writes the
/// token to give next time into `token_out` (empty when none); on failure NULL and one
/// line in `error` saying what happened and what to do.
cvd_portal *cvd_portal_open(const char *restore_token, int cursor, int timeout_ms, char *token_out,
                            size_t token_len, char *error, size_t error_len);

/// A picture of the stream and the part of it wanted.
typedef struct cvd_portal_picture {
    /// Set by `cvd_portal_take` once a picture has come: the monitor's size, and the byte
    /// order of its pixels (0 BGRA, 1 RGBA; the fourth byte always 255).
    int width, height, order;
    /// The part wanted, in the picture's pixels (all of it where `w` or `h` is 0); clipped
    /// by `cvd_portal_take` to the picture, which takes it all when nothing of it is left.
    int x, y, w, h;
} cvd_portal_picture;

/// Copies the part `pic` asks for of the newest picture into `dst` (`capacity` bytes; rows
/// of the part's w × 4 bytes, tightly packed), if one came since the last call — or, with
/// `again`, the newest one anyway (another part of it). Copied straight from the picture
/// the stream last delivered: a part costs only its own bytes. Returns 1 (copied; `pic`
/// holds the picture's size and order and the part as clipped), 0 (nothing new),
/// -2 (`capacity` is less than the part's w × h × 4, or `dst` NULL: `pic` says the sizes;
/// the picture stays new for the next call), -1 (the stream stopped or ended: `error` says
/// why; pictures come again only if the desktop resumes it).
int cvd_portal_take(cvd_portal *p, cvd_portal_picture *pic, int again, uint8_t *dst, size_t capacity, char *error,
                    size_t error_len);

/// Where the shared monitor lies on the desktop, in the compositor's (logical) coordinates,
/// as the portal said when sharing began: 1 and the rectangle, or 0 when it did not say
/// (a window was shared, or an older portal).
int cvd_portal_area(const cvd_portal *p, int *x, int *y, int *width, int *height);

/// Stops the stream and closes the session.
void cvd_portal_close(cvd_portal *p);
