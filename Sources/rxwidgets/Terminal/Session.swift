import FrontEndCore
import CLinux
import Glibc
import Localization
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// What an interactive command shows: it draws a frame on request and takes
/// keys, and asks its session to redraw or to finish.
protocol InteractiveScreen: AnyObject {
    /// Before each frame, for a terminal of `size`: scroll what must be
    /// seen into view and ask the daemon for the texts it will show.
    func layOut(rows: Int, columns: Int)
    /// The frame for a terminal of `size`; drawing changes nothing.
    func lines(rows: Int, columns: Int) -> [Line]
    /// A key the user pressed.
    func handle(_ key: Key)
}

extension InteractiveScreen {
    /// A screen whose frame needs nothing from the daemon beyond its state.
    func layOut(rows: Int, columns: Int) {}
}

/// Runs one screen on the terminal: raw mode, keys, redraws, resizes and
/// signals, on the main loop with the D-Bus connection. Whatever ends it,
/// the terminal is restored before `run` returns.
final class Session {
    let terminal: Terminal
    private let screen: Screen
    private var decoder = KeyDecoder()
    /// The screen shown; held while it runs (it holds the session too, so
    /// `run` lets it go when it returns).
    private var view: InteractiveScreen?
    private var outcome: Outcome?
    private var redrawScheduled = false
    private var escapeTimer: LoopTimer?
    private var sources: [LoopSource] = []
    /// A line under every frame: a deadline's countdown.
    private var footer: (() -> Line)?
    /// A line above the footer while the daemon is away.
    private var notice: Line?
    private var footerTimer: LoopTimer?

    private let isInline: Bool
    private let takesMouse: Bool

    /// `inline`: drawn below the cursor in the lines it needs, not on the
    /// alternate screen. `mouse`: clicks and the wheel are keys too (on the
    /// full screen, where a click's row is the screen's).
    init(terminal: Terminal, inline: Bool = false, mouse: Bool = false) {
        self.terminal = terminal
        isInline = inline
        takesMouse = mouse && !inline
        screen = Screen(terminal: terminal, inline: inline)
    }

    /// Shows `view` until it (or a signal, or the terminal going away) ends the session.
    func run(_ view: InteractiveScreen) -> Outcome {
        self.view = view
        terminal.activate(inline: isInline, mouse: takesMouse)
        let input = MainLoop.shared.addSource(fd: terminal.descriptor, events: Int16(POLLIN)) { [weak self] events in
            self?.readInput(events)
        }
        sources.append(input)
        if let signals = Signals.descriptor {
            sources.append(MainLoop.shared.addSource(fd: signals, events: Int16(POLLIN)) { [weak self] _ in
                self?.received(clinux_read_signal(signals))
            })
        }
        draw()
        while outcome == nil {
            MainLoop.shared.run()
        }
        for source in sources {
            source.dispose()
        }
        sources = []
        escapeTimer?.dispose()
        footerTimer?.dispose()
        footer = nil
        self.view = nil
        screen.erase()
        terminal.restore()
        return outcome ?? .cancelled
    }

    /// Draws again soon: changes that arrive together are drawn once.
    func redraw() {
        guard !redrawScheduled, outcome == nil else { return }
        redrawScheduled = true
        MainLoop.shared.enqueue { [weak self] in
            guard let self else { return }
            redrawScheduled = false
            if outcome == nil {
                draw()
            }
        }
    }

    /// Ends the session with `outcome` (the first one given counts).
    func finish(_ outcome: Outcome) {
        guard self.outcome == nil else { return }
        self.outcome = outcome
        MainLoop.shared.stop()
    }


    /// Counts down to `deadline` (a prompt's, milliseconds since the Unix
    /// epoch) under the screen, a second at a time, saying what `then` is
    /// answered when it passes.
    func countDown(to deadline: @escaping () -> UInt64, then answer: String?) {
        // Read each second: the owner may move the deadline (SetDeadline).
        footer = { Line(Countdown.text(to: deadline(), then: answer), .help) }
        footerTimer?.dispose()
        footerTimer = MainLoop.shared.addTimer(after: 1_000_000_000, repeating: 1_000_000_000) { [weak self] in self?.redraw() }
        redraw()
    }

    private func draw() {
        guard let view else { return }
        let size = terminal.size
        let below = (notice.map { [$0] } ?? []) + (footer.map { [$0()] } ?? [])
        let rows = max(size.rows - below.count, 1)
        view.layOut(rows: rows, columns: size.columns)
        screen.draw(view.lines(rows: rows, columns: size.columns) + below)
    }

    private func readInput(_ events: Int16) {
        let bytes = terminal.read()
        guard !bytes.isEmpty else {
            if events & Int16(POLLHUP | POLLERR) != 0 {
                finish(.signalled(SIGHUP))
            }
            return
        }
        escapeTimer?.dispose()
        deliver(decoder.decode(bytes))
        if decoder.isWaiting {
            // A lone Esc, or the start of a sequence whose rest is late.
            escapeTimer = MainLoop.shared.addTimer(after: 30_000_000) { [weak self] in
                guard let self else { return }
                deliver(decoder.flush())
            }
        }
    }

    private func deliver(_ keys: [Key]) {
        for key in keys where outcome == nil && (takesMouse || !key.isMouse) {
            if key == .interrupt {
                finish(.interrupted)
            } else {
                view?.handle(key)
            }
        }
        redraw()
    }

    private func received(_ signal: Int32) {
        switch signal {
        case SIGWINCH:
            terminal.refreshSize()
            redraw()
        case SIGTERM, SIGHUP, SIGINT:
            finish(.signalled(signal))
        default:
            break
        }
    }
}

/// The process's signal pipe: SIGWINCH, SIGTERM, SIGHUP and SIGINT become
/// bytes the main loop reads, so each is handled on its thread.
enum Signals {
    static let descriptor: Int32? = {
        let signals: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT]
        let descriptor = signals.withUnsafeBufferPointer { clinux_signal_pipe($0.baseAddress, Int32($0.count)) }
        return descriptor >= 0 ? descriptor : nil
    }()
}

/// A session lends its screen's program the terminal's height and takes its outcome.
extension Session: ScreenHost {
    var rows: Int { terminal.size.rows }

    func modelChanged() {
        redraw()
    }

    func daemonAway(_ isAway: Bool) {
        // TRANSLATORS: shown under a question while the daemon restarts; what is typed meanwhile waits for it. ctrl-c is a key as printed on the keyboard.
        notice = isAway ? Line(tr("rxwidgetsd stopped; waiting for it to come back (ctrl-c quits)"), .error) : nil
        redraw()
    }
}

private extension Key {
    /// A click or the wheel: keys only where the session asked for the mouse.
    var isMouse: Bool {
        switch self {
        case .click, .scrollUp, .scrollDown: return true
        default: return false
        }
    }
}
