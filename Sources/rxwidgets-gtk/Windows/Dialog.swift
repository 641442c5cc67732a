import CGtk
import FrontEndCore
import Localization
import RxCoreEssentials
import RxWidgetsCommandLine

/// One top-level window and how the command ends: the window's content
/// above a row of buttons, its title and size from the command line.
/// Escape and the window manager's close are `onCancel`; the first
/// `finish` decides the outcome, and `main` turns GLib until there is one.
final class Dialog {
    let window: Widget
    private let content: Widget
    private let buttons: Widget
    /// A refusal or a note from the daemon, above the buttons.
    private let status: Widget
    /// A deadline counted down, above the buttons.
    private let countdown: Widget
    /// Said while the daemon is away (restarting, upgraded), above the buttons.
    private let notice: Widget
    // TRANSLATORS: said in a window while the daemon restarts; what is done meanwhile waits for it.
    static var awayNotice: String { tr("rxwidgetsd stopped; waiting for it to come back…") }
    private var countdownTimer: LoopTimer?
    /// The question's deadline, watched while the window is up (`--timeout`).
    var deadline: Deadline?
    private(set) var outcome: Outcome?
    /// Escape or close: the command's own cancel (a picker's `Cancel` call…).
    var onCancel: () -> Void = {}
    /// The screen's model changed: the window draws it.
    var onModelChanged: () -> Void = {}
    private var drawScheduled = false

    init(title: String, options: WindowOptions, height: Int?) {
        window = gtk_window_new()!
        gtk_window_set_title(window.c(), title)
        // As wide as asked (else 420), as tall as asked, else as its content
        // needs: the lists and the form scroll past a height of their own.
        gtk_window_set_default_size(window.c(), Int32(options.width ?? 420), Int32(height ?? -1))
        content = makeBox(spacing: 8)
        gtk_widget_set_vexpand(content, 1)
        status = makeLabel("")
        gtk_widget_add_css_class(status, "error")
        gtk_widget_set_visible(status, 0)
        countdown = makeLabel("")
        gtk_widget_add_css_class(countdown, "dim-label")
        gtk_widget_set_visible(countdown, 0)
        notice = makeLabel(Dialog.awayNotice)
        gtk_widget_add_css_class(notice, "warning")
        gtk_widget_set_visible(notice, 0)
        buttons = makeBox(horizontal: true, spacing: 8)
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let outer = makeBox(spacing: 10, [content, status, notice, countdown, buttons])
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(outer, 14)
        }
        gtk_window_set_child(window.c(), outer)
        // The window stays until `main` destroys it, once: GTK destroying it
        // here too made that a second destroy (a Gtk-CRITICAL on ×).
        Signals.onRequest(window.raw, "close-request") { [weak self] in
            self?.onCancel()
            return true
        }
        let keys = gtk_event_controller_key_new()!
        Signals.onKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] key, _ in
            guard key == UInt32(GDK_KEY_Escape) else { return false }
            self?.onCancel()
            return true
        }
        gtk_widget_add_controller(window, keys)
    }

    /// Adds `widget` below what is there; `expands`: it takes the height left.
    func add(_ widget: Widget, expands: Bool = false) {
        gtk_widget_set_vexpand(widget, expands ? 1 : 0)
        gtk_box_append(content.c(), widget)
    }

    /// The command's `--header`, as a title above the content, when there is one.
    func addHeader(_ header: String?) {
        guard let header else { return }
        let label = makeLabel(header)
        gtk_widget_add_css_class(label, "title-4")
        add(label)
    }

    /// A button at the end of the row; `isDefault`: Enter in an entry presses it.
    @discardableResult
    func addButton(_ label: String, isDefault: Bool = false, _ action: @escaping () -> Void) -> Widget {
        let button = gtk_button_new_with_label(label)!
        Signals.on(button.raw, "clicked", action)
        gtk_box_append(buttons.c(), button)
        if isDefault {
            gtk_widget_add_css_class(button, "suggested-action")
            gtk_window_set_default_widget(window.c(), button)
        }
        return button
    }

    /// Shows `message` above the buttons (nil hides it).
    func say(_ message: String?) {
        gtk_label_set_text(status.c(), message ?? "")
        gtk_widget_set_visible(status, message == nil ? 0 : 1)
    }

    /// Counts down to `deadline` (a prompt's, milliseconds since the Unix
    /// epoch) above the buttons, a second at a time, saying what `then` is
    /// answered when it passes.
    func countDown(to deadline: @escaping () -> UInt64, then answer: String?) {
        gtk_widget_set_visible(countdown, 1)
        // Read each second: the owner may move the deadline (SetDeadline).
        let show = { [countdown] in gtk_label_set_text(countdown.c(), Countdown.text(to: deadline(), then: answer)) }
        show()
        countdownTimer?.dispose()
        countdownTimer = MainLoop.shared.addTimer(after: 1_000_000_000, repeating: 1_000_000_000, show)
    }

    deinit {
        countdownTimer?.dispose()
    }

    /// False when the command shows a window of GTK's own instead (the
    /// file chooser): this one then only carries the outcome.
    var showsWindow = true

    func present() {
        guard showsWindow else { return }
        gtk_window_present(window.c())
    }

    /// Told the outcome once it is decided (the agent's windows, which end
    /// while the program goes on), on an idle turn of GLib's loop
    /// (`GLibIdle`): it may destroy the window and wait for the daemon.
    var onOutcome: ((Outcome) -> Void)?

    /// Ends the command with `outcome` (the first one given counts).
    func finish(_ outcome: Outcome) {
        guard self.outcome == nil else { return }
        self.outcome = outcome
        if let onOutcome {
            GLibIdle.run { onOutcome(outcome) }
        }
    }
}

/// A window lends its screen's program a page of rows and takes its outcome.
extension Dialog: ScreenHost {
    /// PgUp/PgDn move ten rows, as the lists show about so many.
    var rows: Int { 13 }

    /// Draws once the gesture being handled is over (never inside a
    /// control's own signal), once for changes that come together.
    func modelChanged() {
        guard !drawScheduled else { return }
        drawScheduled = true
        MainLoop.shared.enqueue { [weak self] in
            guard let self else { return }
            drawScheduled = false
            if outcome == nil {
                onModelChanged()
            }
        }
    }

    func daemonAway(_ isAway: Bool) {
        gtk_widget_set_visible(notice, isAway ? 1 : 0)
    }
}
