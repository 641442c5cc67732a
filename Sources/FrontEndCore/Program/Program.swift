import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// Runs one screen's model for any front end — the terminal's screens and
/// GTK's windows alike — and keeps the ordering rule (docs/behaviour.md,
/// "Typing ahead"): every input is applied to the state all earlier inputs
/// lead to.
///
/// News from the daemon (its state, answers, fetched rows, timers) is
/// applied as it comes. Inputs (keys, clicks, the deadline) wait in line,
/// first come first applied, each once the model says it is `.ready` for
/// it — until then the calls earlier inputs made are unanswered, or the
/// rows a query shows are not in yet. Nothing typed is dropped; nothing is
/// decided against a state the person had not reached yet. While the
/// daemon is away (restarting, upgraded, replaced) inputs wait for it too.
/// Runs on the main loop's thread, as the client it calls does.
package final class Program<Model: ScreenModel> {
    package private(set) var model: Model
    private weak var host: ScreenHost?
    /// Runs a batch of commands; set by the front end's performer.
    private var perform: ([Model.Command]) -> Void = { _ in }
    private var messages: [Model.Message] = []
    private var inputs: [Model.Message] = []
    private var isPumping = false
    private var isFinished = false
    /// Whether the daemon does not serve the screen's widget now: inputs wait.
    package private(set) var isDaemonAway = false

    package init(_ model: Model, host: ScreenHost) {
        self.model = model
        self.host = host
    }

    /// Sets what runs the model's commands, and runs `initial` with it.
    package func start(performing perform: @escaping ([Model.Command]) -> Void, initial: [Model.Command] = []) {
        self.perform = perform
        perform(initial)
        pump()
    }

    /// Whether inputs are waiting for the answers to earlier ones.
    package var hasWaitingInput: Bool { !inputs.isEmpty }

    /// A person's key.
    package func press(_ key: Key) {
        input(Model.pressed(key, rows: host?.rows ?? 24))
    }

    /// A person's input (or the deadline), applied after every input before it.
    package func input(_ message: Model.Message) {
        guard !isFinished else { return }
        inputs.append(message)
        pump()
    }

    /// News from the daemon or a timer, applied now.
    package func receive(_ message: Model.Message) {
        guard !isFinished else { return }
        messages.append(message)
        pump()
    }

    /// Lays the screen out again (its size changed) and applies what is
    /// ready. Called as a frame is drawn: a layout alone is in the frame
    /// being drawn, so only news or inputs applied here ask for another.
    package func refresh() {
        pump(layOutIsNews: false)
    }

    /// Follows `widget`: while the daemon does not serve it, inputs wait and
    /// the host says so; `returned` runs each time it is served again.
    package func follow(_ widget: RemoteWidget, returned: @escaping () -> Void = {}) -> Disposable {
        widget.rx.servedChanges.subscribe(onNext: { [weak self] served in
            guard let self, !isFinished else { return }
            isDaemonAway = !served
            host?.daemonAway(!served)
            if served {
                returned()
            }
            pump()
        })
    }

    /// Ends the screen with `outcome`: nothing after it is applied, and the
    /// host is told (the first outcome given counts).
    package func finish(_ outcome: Outcome) {
        stop()
        host?.finish(outcome)
    }

    /// Ends the screen because a call failed, the daemon left or the widget was destroyed.
    package func fail(_ error: Error) {
        finish(Outcome(failure: error))
    }

    /// Ends the program: nothing after this is applied.
    package func stop() {
        isFinished = true
        inputs = []
        messages = []
    }

    /// Applies what came, then every input that is ready, in order; a
    /// command that delivers a message at once (a cached read) is queued,
    /// not applied inside the update that made it. The host hears of a
    /// change once, at the end, when anything was applied or asked for.
    private func pump(layOutIsNews: Bool = true) {
        guard !isPumping else { return }
        isPumping = true
        defer { isPumping = false }
        var changed = false
        defer {
            if changed {
                host?.modelChanged()
            }
        }
        while !isFinished {
            if !messages.isEmpty {
                apply(messages.removeFirst())
                changed = true
                continue
            }
            if let layOut = Model.layingOut(rows: host?.rows ?? 24) {
                apply(layOut)
                changed = changed || layOutIsNews
                if !messages.isEmpty { continue }
            }
            guard !isDaemonAway, let next = inputs.first else { break }
            switch model.prepare(for: next) {
            case .ready:
                inputs.removeFirst()
                apply(next)
                changed = true
            case .waiting(let first):
                perform(first)
                changed = changed || !first.isEmpty
                guard !messages.isEmpty else { return }
            }
        }
    }

    private func apply(_ message: Model.Message) {
        perform(model.update(message))
    }
}
