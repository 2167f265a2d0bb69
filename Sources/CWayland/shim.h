// What cvdcam asks a Wayland compositor directly, before SDL connects (Debian
// libwayland-dev, which libsdl2-dev already depends on).
#include <string.h>
#include <wayland-client.h>
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

static inline void cvd_wayland_global(void *data, struct wl_registry *registry, uint32_t name,
                                      const char *interface, uint32_t version) {
    (void)registry; (void)name; (void)version;
    if (strcmp(interface, "wl_seat") == 0) *(int *)data = 1;
}

static inline void cvd_wayland_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}

/// Whether the compositor named by WAYLAND_DISPLAY offers an input seat (wl_seat): 1 when
/// it does, 0 when it does not (a compositor without keyboard or mouse, such as weston's
/// headless backend), -1 when it cannot be reached. SDL 2.26 dereferences the seat's
/// state unchecked while starting video (SDL issue 8898, fixed in 2.30), so without a
/// seat SDL_Init crashes instead of failing.
static inline int cvd_wayland_has_seat(void) {
    static const struct wl_registry_listener listener = { cvd_wayland_global, cvd_wayland_global_remove };
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) return -1;
    int seat = 0;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &listener, &seat);
    int ok = wl_display_roundtrip(display) >= 0;
    wl_registry_destroy(registry);
    wl_display_disconnect(display);
    return ok ? seat : -1;
}

/// Waits until the compositor has handled every request SDL sent for the window and SDL
/// has handled the answers (wl_display_roundtrip on SDL's connection). 0 when done, -1
/// when the window is not on Wayland. The compositor answers "leave full screen" with a
/// configure event some time later, and SDL 2.26 obeys a configure that is not full
/// screen by leaving full screen, even one answering an older request: going full screen
/// again (on another output) straight away would be undone by that late answer.
static inline int cvd_wayland_sync(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_WAYLAND) return -1;
    return wl_display_roundtrip(info.info.wl.display) >= 0 ? 0 : -1;
}
