// SDL2 for Swift. Function-like macros are not imported by Swift; the few cvdcam
// needs are re-declared here as inline functions or constants.
#include <SDL2/SDL.h>

static inline int cvd_SDL_WINDOWPOS_CENTERED(void) { return SDL_WINDOWPOS_CENTERED; }
static inline int cvd_SDL_BlitSurface(SDL_Surface *src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect) {
    return SDL_BlitSurface(src, srcrect, dst, dstrect);
}
/// SDL_SetError is variadic, which Swift does not import: a fixed message instead.
static inline int cvd_SDL_SetError(const char *message) { return SDL_SetError("%s", message); }

// SDL's event types, window events and key codes as plain constants, computed by the C
// compiler: Swift 6.0 (Debian 13's) does not import the members of SDL 2.32's named enums
// (`typedef enum SDL_EventType {…} SDL_EventType`), nor key codes made with
// SDL_SCANCODE_TO_KEYCODE; SDL 2.26 and Swift 6.3 would, but these work with both.
static const Uint32 cvd_SDL_KEYDOWN = SDL_KEYDOWN;
static const Uint32 cvd_SDL_KEYUP = SDL_KEYUP;
static const Uint32 cvd_SDL_MOUSEBUTTONDOWN = SDL_MOUSEBUTTONDOWN;
static const Uint32 cvd_SDL_MOUSEBUTTONUP = SDL_MOUSEBUTTONUP;
static const Uint32 cvd_SDL_MOUSEMOTION = SDL_MOUSEMOTION;
static const Uint32 cvd_SDL_MOUSEWHEEL = SDL_MOUSEWHEEL;
static const Uint32 cvd_SDL_QUIT = SDL_QUIT;
static const Uint32 cvd_SDL_WINDOWEVENT = SDL_WINDOWEVENT;
static const Uint8 cvd_SDL_WINDOWEVENT_RESIZED = SDL_WINDOWEVENT_RESIZED;
static const SDL_Keycode cvd_SDLK_0 = SDLK_0;
static const SDL_Keycode cvd_SDLK_1 = SDLK_1;
static const SDL_Keycode cvd_SDLK_2 = SDLK_2;
static const SDL_Keycode cvd_SDLK_3 = SDLK_3;
static const SDL_Keycode cvd_SDLK_4 = SDLK_4;
static const SDL_Keycode cvd_SDLK_5 = SDLK_5;
static const SDL_Keycode cvd_SDLK_6 = SDLK_6;
static const SDL_Keycode cvd_SDLK_7 = SDLK_7;
static const SDL_Keycode cvd_SDLK_8 = SDLK_8;
static const SDL_Keycode cvd_SDLK_9 = SDLK_9;
static const SDL_Keycode cvd_SDLK_BACKSPACE = SDLK_BACKSPACE;
static const SDL_Keycode cvd_SDLK_COMMA = SDLK_COMMA;
static const SDL_Keycode cvd_SDLK_DELETE = SDLK_DELETE;
static const SDL_Keycode cvd_SDLK_EQUALS = SDLK_EQUALS;
static const SDL_Keycode cvd_SDLK_ESCAPE = SDLK_ESCAPE;
static const SDL_Keycode cvd_SDLK_LEFTBRACKET = SDLK_LEFTBRACKET;
static const SDL_Keycode cvd_SDLK_MINUS = SDLK_MINUS;
static const SDL_Keycode cvd_SDLK_PERIOD = SDLK_PERIOD;
static const SDL_Keycode cvd_SDLK_PLUS = SDLK_PLUS;
static const SDL_Keycode cvd_SDLK_RIGHTBRACKET = SDLK_RIGHTBRACKET;
static const SDL_Keycode cvd_SDLK_SPACE = SDLK_SPACE;
static const SDL_Keycode cvd_SDLK_TAB = SDLK_TAB;
static const SDL_Keycode cvd_SDLK_a = SDLK_a;
static const SDL_Keycode cvd_SDLK_f = SDLK_f;
static const SDL_Keycode cvd_SDLK_g = SDLK_g;
static const SDL_Keycode cvd_SDLK_u = SDLK_u;
static const SDL_Keycode cvd_SDLK_r = SDLK_r;
static const SDL_Keycode cvd_SDLK_z = SDLK_z;
static const SDL_Keycode cvd_SDLK_CAPSLOCK = SDLK_CAPSLOCK;
static const SDL_Keycode cvd_SDLK_DOWN = SDLK_DOWN;
static const SDL_Keycode cvd_SDLK_F1 = SDLK_F1;
static const SDL_Keycode cvd_SDLK_KP_0 = SDLK_KP_0;
static const SDL_Keycode cvd_SDLK_KP_1 = SDLK_KP_1;
static const SDL_Keycode cvd_SDLK_KP_2 = SDLK_KP_2;
static const SDL_Keycode cvd_SDLK_KP_3 = SDLK_KP_3;
static const SDL_Keycode cvd_SDLK_KP_4 = SDLK_KP_4;
static const SDL_Keycode cvd_SDLK_KP_5 = SDLK_KP_5;
static const SDL_Keycode cvd_SDLK_KP_6 = SDLK_KP_6;
static const SDL_Keycode cvd_SDLK_KP_7 = SDLK_KP_7;
static const SDL_Keycode cvd_SDLK_KP_8 = SDLK_KP_8;
static const SDL_Keycode cvd_SDLK_KP_9 = SDLK_KP_9;
static const SDL_Keycode cvd_SDLK_KP_MINUS = SDLK_KP_MINUS;
static const SDL_Keycode cvd_SDLK_KP_PLUS = SDLK_KP_PLUS;
static const SDL_Keycode cvd_SDLK_LALT = SDLK_LALT;
static const SDL_Keycode cvd_SDLK_LCTRL = SDLK_LCTRL;
static const SDL_Keycode cvd_SDLK_LEFT = SDLK_LEFT;
static const SDL_Keycode cvd_SDLK_LGUI = SDLK_LGUI;
static const SDL_Keycode cvd_SDLK_LSHIFT = SDLK_LSHIFT;
static const SDL_Keycode cvd_SDLK_MODE = SDLK_MODE;
static const SDL_Keycode cvd_SDLK_NUMLOCKCLEAR = SDLK_NUMLOCKCLEAR;
static const SDL_Keycode cvd_SDLK_PAGEDOWN = SDLK_PAGEDOWN;
static const SDL_Keycode cvd_SDLK_PAGEUP = SDLK_PAGEUP;
static const SDL_Keycode cvd_SDLK_RALT = SDLK_RALT;
static const SDL_Keycode cvd_SDLK_RCTRL = SDLK_RCTRL;
static const SDL_Keycode cvd_SDLK_RGUI = SDLK_RGUI;
static const SDL_Keycode cvd_SDLK_RIGHT = SDLK_RIGHT;
static const SDL_Keycode cvd_SDLK_RSHIFT = SDLK_RSHIFT;
static const SDL_Keycode cvd_SDLK_SCROLLLOCK = SDLK_SCROLLLOCK;
static const SDL_Keycode cvd_SDLK_UP = SDLK_UP;
