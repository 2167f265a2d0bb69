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

/// Copies the newest picture into `dst` (`capacity` bytes; rows of width × 4 bytes, tightly
/// packed, fourth byte 255) if one came since the last call. Returns 1 (new picture, its
/// size and byte order in `width`, `height`, `order`), 0 (nothing new), -2 (`capacity` is
/// too small for `width` × `height` × 4: call again with more), -1 (the stream stopped or
/// ended: `error` says why; pictures come again only if the desktop resumes it).
int cvd_portal_take(cvd_portal *p, uint8_t *dst, size_t capacity, int *width, int *height, int *order,
                    char *error, size_t error_len);

/// Stops the stream and closes the session.
void cvd_portal_close(cvd_portal *p);
