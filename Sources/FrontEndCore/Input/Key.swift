/// A key as the front end understands it.
package enum Key: Equatable {
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case tab, backTab
    case enter, escape, backspace, delete
    /// Ctrl-C: raw mode delivers it as a byte, not as SIGINT.
    case interrupt
    /// Ctrl-U: clears a text field.
    case clearLine
    /// Ctrl-A.
    case selectAll
    /// Ctrl-D: done with a text of several lines.
    case endOfText
    /// A mouse click at a terminal's cell (from 0); its screen says what is there.
    case click(row: Int, column: Int)
    /// The mouse wheel: as ↑ and ↓ in a list.
    case scrollUp, scrollDown
    /// Alt+↑ and Alt+↓: move the item a form's focus is in.
    case altUp, altDown
}
