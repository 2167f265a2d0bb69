import CSDL2
import CVDViewModel

/// SDL key codes → the view model's keys. Top-row and keypad digits are the same key;
/// `+` arrives as `=` with Shift from many layouts (and from xdotool), so both count.
enum KeyMapping {
    /// Shift, Ctrl, Alt, … and lock keys: pressed on their own they ask nothing.
    static func isModifierOrLock(_ code: SDL_Keycode) -> Bool {
        [
            cvd_SDLK_LSHIFT, cvd_SDLK_RSHIFT, cvd_SDLK_LCTRL, cvd_SDLK_RCTRL, cvd_SDLK_LALT, cvd_SDLK_RALT,
            cvd_SDLK_LGUI, cvd_SDLK_RGUI,
            cvd_SDLK_CAPSLOCK, cvd_SDLK_NUMLOCKCLEAR, cvd_SDLK_SCROLLLOCK, cvd_SDLK_MODE,
        ].contains(code)
    }

    /// `shift`: Shift is held (only Shift+f has a binding of its own: Caps Lock or Shift
    /// with any other letter is the letter).
    static func key(_ sym: Int32, shift: Bool = false) -> Key? {
        // SDL's key codes as the shim's constants (`cvd_SDLK_…`: see CSDL2/shim.h).
        switch sym {
        case cvd_SDLK_f where shift: return .letter("F")
        case cvd_SDLK_u where shift: return .letter("U")
        case cvd_SDLK_g where shift: return .letter("G")
        case cvd_SDLK_r where shift: return .letter("R")
        case cvd_SDLK_0, cvd_SDLK_KP_0: return .digit(0)
        case cvd_SDLK_1, cvd_SDLK_KP_1: return .digit(1)
        case cvd_SDLK_2, cvd_SDLK_KP_2: return .digit(2)
        case cvd_SDLK_3, cvd_SDLK_KP_3: return .digit(3)
        case cvd_SDLK_4, cvd_SDLK_KP_4: return .digit(4)
        case cvd_SDLK_5, cvd_SDLK_KP_5: return .digit(5)
        case cvd_SDLK_6, cvd_SDLK_KP_6: return .digit(6)
        case cvd_SDLK_7, cvd_SDLK_KP_7: return .digit(7)
        case cvd_SDLK_8, cvd_SDLK_KP_8: return .digit(8)
        case cvd_SDLK_9, cvd_SDLK_KP_9: return .digit(9)
        case cvd_SDLK_LEFTBRACKET: return .leftBracket
        case cvd_SDLK_RIGHTBRACKET: return .rightBracket
        case cvd_SDLK_EQUALS, cvd_SDLK_PLUS, cvd_SDLK_KP_PLUS: return .plus
        case cvd_SDLK_MINUS, cvd_SDLK_KP_MINUS: return .minus
        case cvd_SDLK_LEFT: return .left
        case cvd_SDLK_RIGHT: return .right
        case cvd_SDLK_UP: return .up
        case cvd_SDLK_DOWN: return .down
        case cvd_SDLK_COMMA: return .comma
        case cvd_SDLK_PERIOD: return .period
        case cvd_SDLK_SPACE: return .space
        case cvd_SDLK_F1: return .f1
        case cvd_SDLK_ESCAPE: return .escape
        case cvd_SDLK_PAGEUP: return .pageUp
        case cvd_SDLK_DELETE: return .delete
        case cvd_SDLK_TAB: return .tab
        case cvd_SDLK_BACKSPACE: return .backspace
        case cvd_SDLK_PAGEDOWN: return .pageDown
        default:
            if sym >= cvd_SDLK_a, sym <= cvd_SDLK_z, let u = Unicode.Scalar(UInt32(sym)) {
                return .letter(Character(u))
            }
            return Self.isModifierOrLock(sym) ? nil : .other
        }
    }

    /// A key by name, for `--press`: a letter or digit as itself, or one of `keyNames`.
    static func key(named name: String) -> Key? {
        if name.count == 1, let c = name.first {
            if let d = c.wholeNumberValue { return .digit(d) }
            // Shift+F, Shift+G, Shift+R and Shift+U have bindings of their own (as the window sees
            // them, `key(_:shift:)`); any other capital is its lower-case key.
            if c.isASCII, c.isLetter { return .letter("FGRU".contains(c) ? c : Character(c.lowercased())) }
        }
        return keyNames[name.lowercased()]
    }

    /// The named keys `--press` takes.
    static let keyNames: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right, "space": .space, "escape": .escape,
        "pageup": .pageUp, "pagedown": .pageDown, "plus": .plus, "minus": .minus, "comma": .comma, "period": .period,
        "f1": .f1, "delete": .delete, "bracketleft": .leftBracket, "bracketright": .rightBracket,
    ]

}
