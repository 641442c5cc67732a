/// A window system's key as the front end understands it: X11 keysyms,
/// which GDK's keyvals are, so a GTK window's keys become the same `Key`s
/// a terminal's bytes do.
extension Key {
    /// The key of `keysym` with Control (`control`) and Shift held; nil for a
    /// key no screen takes (a modifier alone, a function key).
    package init?(keysym: UInt32, control: Bool = false, shift: Bool = false) {
        switch keysym {
        case 0xff52, 0xff97: self = .up
        case 0xff54, 0xff99: self = .down
        case 0xff51, 0xff96: self = .left
        case 0xff53, 0xff98: self = .right
        case 0xff55, 0xff9a: self = .pageUp
        case 0xff56, 0xff9b: self = .pageDown
        case 0xff50, 0xff95: self = .home
        case 0xff57, 0xff9c: self = .end
        case 0xff09: self = shift ? .backTab : .tab
        case 0xfe20: self = .backTab
        case 0xff0d, 0xff8d, 0xfe34: self = .enter
        case 0xff1b: self = .escape
        case 0xff08: self = .backspace
        case 0xffff, 0xff9f: self = .delete
        case 0x20: self = .character(" ")
        default:
            guard let scalar = Key.scalar(of: keysym) else { return nil }
            if control {
                switch scalar {
                case "c": self = .interrupt
                case "u": self = .clearLine
                case "a": self = .selectAll
                case "d": self = .endOfText
                default: return nil
                }
            } else {
                self = .character(Character(scalar))
            }
        }
    }

    /// The character of a keysym that types one: Latin-1 keysyms are their
    /// code points, others are 0x1000000 plus theirs.
    private static func scalar(of keysym: UInt32) -> Unicode.Scalar? {
        switch keysym {
        case 0x21...0x7e, 0xa0...0xff: return Unicode.Scalar(keysym)
        case 0x100_0000...0x110_ffff: return Unicode.Scalar(keysym - 0x100_0000)
        default: return nil
        }
    }
}
