import CGtk
import FrontEndCore
import RxWidgetsClient
import RxWidgetsCommandLine

/// One waiting prompt the agent offers to answer: its notification and,
/// once the person asks for it (or when no notification can be shown),
/// its window. The agent keeps it while the prompt waits.
final class PromptOffer {
    let path: ObjectPath
    let prompt: RemotePrompt
    /// Its notification on the current server: nil until the server
    /// answered, and when none shows it.
    var notification: UInt32?
    /// A notification was asked for and the server has not answered yet.
    var isNotifying = false
    /// The window shown and the object that runs it.
    private(set) var window: (dialog: Dialog, shown: AnyObject)?

    init(path: ObjectPath, prompt: RemotePrompt) {
        self.path = path
        self.prompt = prompt
    }

    /// The notification's summary: the prompt's title, else its path.
    var summary: String {
        prompt.title.isEmpty ? path.rawValue : prompt.title
    }

    /// The notification's body: the prompt's message and who asks (the
    /// command line longer than a window's header takes it, as a body wraps).
    var body: String {
        [prompt.message, PromptWords.askedBy(prompt, limit: 200)].filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// How long the notification stays, in milliseconds: until the
    /// prompt's deadline, else as long as the server chooses (-1).
    var expireTimeout: Int32 {
        guard prompt.deadline > 0 else { return -1 }
        return Int32(clamping: max(Countdown.millisecondsLeft(to: prompt.deadline), 1))
    }

    /// Shows its window, made the first time and brought to the front
    /// after; `token` (a notification's activation token) lets it take the
    /// focus. `ended` is told how the window ended, unless it was closed first.
    func showWindow(client: WidgetsClient, options: WindowOptions, token: String?, ended: @escaping (Outcome) -> Void) throws {
        let dialog: Dialog
        if let shown = window {
            dialog = shown.dialog
        } else {
            let (made, shown) = try AnswerWindow.make(path, prompt: prompt, client: client, options: options)
            dialog = made
            window = (made, shown)
            dialog.onOutcome = { [weak self, weak dialog] outcome in
                guard let self, let dialog, window?.dialog === dialog else { return }
                ended(outcome)
            }
        }
        if let token {
            gtk_window_set_startup_id(dialog.window.c(), token)
        }
        dialog.present()
    }

    /// Destroys its window; whether one was shown.
    @discardableResult
    func closeWindow() -> Bool {
        guard let dialog = window?.dialog else { return false }
        window = nil
        gtk_window_destroy(dialog.window.c())
        return true
    }
}
