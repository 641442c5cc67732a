import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// A screen's model as `Program` runs it, as bubbletea's: messages in,
/// commands (data) out. Its view is a front end's own.
package protocol ScreenModel {
    associatedtype Message
    associatedtype Command
    /// Applies `message`; returns what the runtime is to do, in order.
    mutating func update(_ message: Message) -> [Command]
    /// Whether `input` (a key, a click, the deadline), next in line, may be
    /// applied now: `.ready` when the state it is judged against is the
    /// one every earlier input leads to, else what must be sent first
    /// (typed text the daemon was not given yet) and the input waits.
    mutating func prepare(for input: Message) -> Readiness<Command>
    /// The message of `key` on a screen of `rows` (a page for PgUp/PgDn).
    static func pressed(_ key: Key, rows: Int) -> Message
    /// The message that scrolls what must be seen into view and asks the
    /// daemon for the rows shown on a screen of `rows`.
    static func layingOut(rows: Int) -> Message?
}

/// Whether an input may be applied now.
package enum Readiness<Command> {
    case ready
    /// Not yet: these commands first (often none); asked again after the next message.
    case waiting([Command])
}

/// What a front end lends a screen's program: its size and where the
/// outcome goes.
package protocol ScreenHost: AnyObject {
    /// The rows the screen has for a list (a terminal's height; a window's rows).
    var rows: Int { get }
    /// Ends the screen with `outcome` (the first one given counts).
    func finish(_ outcome: Outcome)
    /// The model changed: draw it again (soon; changes that come together draw once).
    func modelChanged()
    /// Whether the daemon is away (restarting, upgraded, replaced): say so
    /// until it serves the screen's widget again; inputs wait meanwhile.
    func daemonAway(_ isAway: Bool)
}

extension ScreenHost {
    /// Ends the screen because a call failed, the daemon left or the widget was destroyed.
    package func fail(_ error: Error) {
        finish(Outcome(failure: error))
    }
}

extension ScreenHost {
    /// Says while the daemon does not serve `widget` (restarting, upgraded,
    /// replaced), for a screen without a `Program`, whose keys need not wait.
    package func sayWhileAway(from widget: RemoteWidget) -> Disposable {
        widget.rx.servedChanges.subscribe(onNext: { [weak self] served in
            self?.daemonAway(!served)
        })
    }
}
