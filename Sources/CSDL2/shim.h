// SDL2 for Swift. Function-like macros are not imported by Swift; the few cvdcam
// needs are re-declared here as inline functions or constants.
#include <SDL2/SDL.h>

static inline int cvd_SDL_WINDOWPOS_CENTERED(void) { return SDL_WINDOWPOS_CENTERED; }
static inline int cvd_SDL_BlitSurface(SDL_Surface *src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect) {
    return SDL_BlitSurface(src, srcrect, dst, dstrect);
}
/// SDL_SetError is variadic, which Swift does not import: a fixed message instead.
static inline int cvd_SDL_SetError(const char *message) { return SDL_SetError("%s", message); }
