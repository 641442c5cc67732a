import FrontEndCore
import RxWidgetsCommandLine
import CLinux
import Glibc

/// The controlling terminal, opened as `/dev/tty` so that standard output
/// stays free for the result (`x=$(rxwidgets choose a b c)` works). While the
/// interface runs it is in raw mode on the alternate screen with the cursor
/// hidden; `restore()` puts back exactly what was there, and is called on
/// every way out (a result, Esc, Ctrl-C, SIGTERM, SIGHUP, the daemon leaving,
/// a crash: see `clinux_restore_terminal_on_crash`).
final class Terminal {
    let descriptor: Int32
    private var saved = termios()
    private var isActive = false
    private var leaveSequence = Terminal.leaveSequence
    /// Rows and columns, as the terminal last reported them.
    private(set) var size: (rows: Int, columns: Int) = (24, 80)

    /// The terminal, or nil when the process has none (a pipe, cron, CI without a pty).
    init?() {
        let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        guard tcgetattr(descriptor, &saved) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        refreshSize()
    }

    deinit {
        restore()
        close(descriptor)
    }

    /// Raw input (no echo, no line editing, keys such as Ctrl-C as bytes),
    /// no cursor, and the alternate screen unless `inline`; with `mouse`,
    /// clicks and the wheel reported (SGR, as fzf asks for them).
    func activate(inline: Bool = false, mouse: Bool = false) {
        guard !isActive else { return }
        leaveSequence = (mouse ? Terminal.mouseOffSequence : "") + (inline ? Terminal.inlineLeaveSequence : Terminal.leaveSequence)
        var raw = saved
        cfmakeraw(&raw)
        // One byte is enough for a read to return; never wait for more.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(descriptor, TCSAFLUSH, &raw)
        isActive = true
        clinux_restore_terminal_on_crash(descriptor, &saved, leaveSequence)
        write((inline ? Terminal.inlineEnterSequence : Terminal.enterSequence) + (mouse ? Terminal.mouseOnSequence : ""))
    }

    /// Back to the terminal as it was: main screen, cursor, cooked mode.
    func restore() {
        guard isActive else { return }
        isActive = false
        write(leaveSequence)
        tcsetattr(descriptor, TCSAFLUSH, &saved)
        clinux_restore_terminal_on_crash(-1, nil, nil)
    }

    /// Reads the size again (after SIGWINCH).
    func refreshSize() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if clinux_terminal_size(descriptor, &rows, &columns) == 0, rows > 0, columns > 0 {
            size = (Int(rows), Int(columns))
        }
    }

    /// Writes all of `text`.
    func write(_ text: String) {
        Output.write(text, to: descriptor)
    }

    /// Reads what is available (at most 4 KiB); empty at end of input or on error.
    func read() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
        return count > 0 ? Array(buffer[..<count]) : []
    }

    /// Alternate screen, cursor hidden, screen cleared.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    /// Styles reset, cursor shown, main screen back.
    static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    /// Inline: only the cursor hidden.
    static let inlineEnterSequence = "\u{1B}[?25l"
    /// Inline: styles reset, cursor shown.
    static let inlineLeaveSequence = "\u{1B}[0m\u{1B}[?25h"
    /// Button presses and the wheel, reported in SGR's form (any size of screen).
    static let mouseOnSequence = "\u{1B}[?1000h\u{1B}[?1006h"
    static let mouseOffSequence = "\u{1B}[?1006l\u{1B}[?1000l"
}
