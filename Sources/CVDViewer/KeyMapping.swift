import CSDL2
import CVDViewModel

/// SDL key codes → the view model's keys. Top-row and keypad digits are the same key;
/// `+` arrives as `=` with Shift from many layouts (and from xdotool), so both count.
enum KeyMapping {
    /// Shift, Ctrl, Alt, … and lock keys: pressed on their own they ask nothing.
    static func isModifierOrLock(_ code: SDL_KeyCode) -> Bool {
        [
            SDLK_LSHIFT, SDLK_RSHIFT, SDLK_LCTRL, SDLK_RCTRL, SDLK_LALT, SDLK_RALT, SDLK_LGUI, SDLK_RGUI,
            SDLK_CAPSLOCK, SDLK_NUMLOCKCLEAR, SDLK_SCROLLLOCK, SDLK_MODE,
        ].contains(code)
    }

    /// `shift`: Shift is held (only Shift+f has a binding of its own: Caps Lock or Shift
    /// with any other letter is the letter).
    static func key(_ sym: Int32, shift: Bool = false) -> Key? {
        let code = SDL_KeyCode(rawValue: UInt32(bitPattern: sym))
        switch code {
        case SDLK_f where shift: return .letter("F")
        case SDLK_u where shift: return .letter("U")
        case SDLK_g where shift: return .letter("G")
        case SDLK_0, SDLK_KP_0: return .digit(0)
        case SDLK_1, SDLK_KP_1: return .digit(1)
        case SDLK_2, SDLK_KP_2: return .digit(2)
        case SDLK_3, SDLK_KP_3: return .digit(3)
        case SDLK_4, SDLK_KP_4: return .digit(4)
        case SDLK_5, SDLK_KP_5: return .digit(5)
        case SDLK_6, SDLK_KP_6: return .digit(6)
        case SDLK_7, SDLK_KP_7: return .digit(7)
        case SDLK_8, SDLK_KP_8: return .digit(8)
        case SDLK_9, SDLK_KP_9: return .digit(9)
        case SDLK_LEFTBRACKET: return .leftBracket
        case SDLK_RIGHTBRACKET: return .rightBracket
        case SDLK_EQUALS, SDLK_PLUS, SDLK_KP_PLUS: return .plus
        case SDLK_MINUS, SDLK_KP_MINUS: return .minus
        case SDLK_LEFT: return .left
        case SDLK_RIGHT: return .right
        case SDLK_UP: return .up
        case SDLK_DOWN: return .down
        case SDLK_COMMA: return .comma
        case SDLK_PERIOD: return .period
        case SDLK_SPACE: return .space
        case SDLK_F1: return .f1
        case SDLK_ESCAPE: return .escape
        case SDLK_PAGEUP: return .pageUp
        case SDLK_DELETE: return .delete
        case SDLK_TAB: return .tab
        case SDLK_BACKSPACE: return .backspace
        case SDLK_PAGEDOWN: return .pageDown
        default:
            if sym >= Int32(SDLK_a.rawValue), sym <= Int32(SDLK_z.rawValue), let u = Unicode.Scalar(UInt32(sym)) {
                return .letter(Character(u))
            }
            return Self.isModifierOrLock(code) ? nil : .other
        }
    }

    /// A key by name, for `--press`: a letter or digit as itself, or one of `keyNames`.
    static func key(named name: String) -> Key? {
        if name.count == 1, let c = name.first {
            if let d = c.wholeNumberValue { return .digit(d) }
            // Shift+F, Shift+G and Shift+U have bindings of their own (as the window sees
            // them, `key(_:shift:)`); any other capital is its lower-case key.
            if c.isASCII, c.isLetter { return .letter("FGU".contains(c) ? c : Character(c.lowercased())) }
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
