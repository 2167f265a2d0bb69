/// Keys the live view reacts to, independent of any window system.
/// (The SDL layer maps its key codes to these; top-row and keypad digits map to the same value.)
public enum Key: Hashable, Sendable {
    case digit(Int)
    case leftBracket, rightBracket
    case plus, minus
    case left, right, up, down
    case comma, period
    /// a–z; "F" is Shift+f (the only shifted letter with a binding of its own).
    case letter(Character)
    case space
    case f1
    case escape
    case delete, backspace
    /// Held to see the original.
    case tab
    /// What presenter clickers send for "next" and "previous".
    case pageUp, pageDown
    /// Any other key: it gets an answer too ("h shows the keys").
    case other
}
