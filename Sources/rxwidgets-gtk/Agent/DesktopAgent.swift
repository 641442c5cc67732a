import CGtk
import DBus
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine
import Localization

/// `rxwidgets-gtk agent`: offers each waiting prompt on the desktop, as
/// `rxwidgets agent --watch` shows each at a terminal. A prompt this uid
/// may answer gets one notification whose action "Answer" opens its window
/// (`AnswerWindow`); with no notification server on the bus, or one that
/// shows no actions, the window opens at once. The person's answer there
/// finishes the prompt (`Finish`); Cancel leaves it waiting. A prompt that
/// stops waiting — answered elsewhere, cancelled, timed out, destroyed —
/// takes its notification and window with it. Several prompts are offered
/// at once, each in its own window.
///
/// Its state is the main thread's: GLib's loop runs the client library's
/// (`GLibMainLoop`), and every handler here runs inside it.
final class DesktopAgent {
    /// The name the agent holds on the bus, so that one agent runs per
    /// session however it was started (autostart, its systemd unit, by hand).
    static let busName = "org.rxwidgets.Agent"

    private let client: WidgetsClient
    private let notifications: DesktopNotifications
    private let options: WindowOptions
    private var offers: [ObjectPath: PromptOffer] = [:]
    /// Waiting prompts not offered, each said once on standard error: of a
    /// kind an agent does not show, or not this uid's to answer.
    private var skipped: Set<ObjectPath> = []
    /// The waiting prompts as last heard; a blocking read while they are
    /// applied may hear the next list, applied once the first is.
    private var waiting: [ObjectPath] = []
    private var applying = false
    /// Notifications asked for and not yet answered, and closings not yet
    /// answered: what the agent waits for before it exits.
    private var notifying = 0
    private var closing = 0
    /// After the server changed: when the prompts without a notification
    /// are offered again, by the server there then, else by their windows.
    private var fallback: LoopTimer?
    private var watch: Disposable?
    /// How the agent ends, once it does.
    private(set) var ending: Outcome?

    /// Runs the agent on GLib's loop until SIGTERM, SIGINT or SIGHUP, then
    /// takes its notifications and windows away (the prompts go on waiting
    /// for another agent) and exits 0. When another agent holds the bus
    /// name it says so and exits 0; when the bus closes the connection, 3.
    static func run(client: WidgetsClient, options: WindowOptions) -> Never {
        do {
            guard try client.connection.requestName(busName, flags: .doNotQueue) != .exists else {
                // English on purpose: the agent starts with the session, so this is a log line.
            Output.error("\(program): another agent already offers the prompts on this bus (it holds \(busName))\n")
                exit(0)
            }
        } catch let error as DBusError where error.name == DBusError.Name.accessDenied {
            // A bus whose policy lets no one own the name (a system bus): one agent is not ensured there.
        } catch {
            Outcome.failed("\(WidgetsClientError(error))").exit(program: program)
        }
        let agent: DesktopAgent
        do {
            agent = try DesktopAgent(client: client, options: options)
        } catch {
            Outcome.failed("\(WidgetsClientError(error))").exit(program: program)
        }
        UnixSignals.handle { _ in agent.end(.done("")) }
        let previous = client.connection.onDisconnected
        client.connection.onDisconnected = {
            previous?()
            agent.end(.failed(tr("the bus closed the connection")))
        }
        agent.start()
        while agent.ending == nil {
            g_main_context_iteration(nil, 1)
        }
        agent.withdrawAll()
        agent.ending!.exit(program: program)
    }

    private init(client: WidgetsClient, options: WindowOptions) throws {
        self.client = client
        self.options = options
        notifications = try DesktopNotifications(connection: client.connection)
    }

    private func start() {
        notifications.onEvent = { [weak self] in self?.notificationEvent($0) }
        watch = client.waitingPromptChanges.subscribe(onNext: { [weak self] in self?.waitingChanged($0) },
                                                      onError: { [weak self] in self?.end(.failed("\($0)")) })
    }

    private func end(_ outcome: Outcome) {
        ending = ending ?? outcome
    }

    // MARK: The waiting prompts

    private func waitingChanged(_ paths: [ObjectPath]) {
        waiting = paths
        guard !applying else { return }
        applying = true
        defer { applying = false }
        var applied: [ObjectPath]
        repeat {
            applied = waiting
            apply(applied)
        } while applied != waiting
    }

    /// Withdraws the offers of prompts no longer waiting and offers the new ones.
    private func apply(_ paths: [ObjectPath]) {
        let current = Set(paths)
        skipped.formIntersection(current)
        for offer in offers.values where !current.contains(offer.path) {
            withdraw(offer)
        }
        for path in paths where offers[path] == nil && !skipped.contains(path) && waiting.contains(path) {
            offer(path)
        }
    }

    private func offer(_ path: ObjectPath) {
        guard AnswerWindow.answers(path) else {
            // English on purpose: the agent's log.
            return skip(path, "an agent answers pickers, tables and forms")
        }
        let prompt: RemotePrompt
        do {
            prompt = try client.prompt(at: path)
        } catch let error as WidgetsClientError where error.name == WidgetsClientError.accessDeniedName {
            // A prompt for another uid: the daemon lets this one not even read it.
            // English on purpose: the agent's log.
            return skip(path, "another uid's prompt; this uid may not read it")
        } catch {
            // Most likely gone already, which the next list says; if not, it is offered again with it.
            return say(path, "\(error)")
        }
        // Only the asker's uid, root, and a uid root asked for (which the daemon does not tell) may answer.
        let asker = prompt.asker.uid
        guard getuid() == 0 || asker == getuid() || asker == 0 else {
            // English on purpose: the agent's log.
            return skip(path, "asked by uid \(asker); only that uid and root may answer it")
        }
        let offer = PromptOffer(path: path, prompt: prompt)
        offers[path] = offer
        present(offer)
    }

    /// Offers it by a notification, or, when none can be shown, by its window.
    private func present(_ offer: PromptOffer) {
        guard notifications.isAvailable else {
            return showWindow(offer, token: nil)
        }
        offer.isNotifying = true
        notifying += 1
        notifications.notify(summary: offer.summary, body: offer.body, expireTimeout: offer.expireTimeout) { [weak self, weak offer] id in
            guard let self else { return }
            notifying -= 1
            guard let offer, offers[offer.path] === offer else {
                // Withdrawn while the server was asked.
                if let id {
                    close(id)
                }
                return
            }
            offer.isNotifying = false
            if let id {
                offer.notification = id
            } else {
                showWindow(offer, token: nil)
            }
        }
    }

    private func showWindow(_ offer: PromptOffer, token: String?) {
        do {
            try offer.showWindow(client: client, options: options, token: token) { [weak self, weak offer] outcome in
                guard let self, let offer else { return }
                windowEnded(offer, outcome)
            }
        } catch {
            say(offer.path, "\(error)")
        }
    }

    /// The person answered in the window (Done, a choice, Submit): the
    /// prompt is finished with the widget's state, as the terminal agent
    /// finishes it. Any other end leaves it waiting.
    private func windowEnded(_ offer: PromptOffer, _ outcome: Outcome) {
        offer.closeWindow()
        switch outcome {
        case .done:
            do {
                try offer.prompt.finish()
            } catch let error as WidgetsClientError where error.name == WidgetsClientError.accessDeniedName {
                // Asked by root for another uid: never this one's to answer.
                withdraw(offer)
                skip(offer.path, error.message)
            } catch {
                // Another agent was first (AlreadyFinished), or the daemon refused: the list says what follows.
                say(offer.path, "\(error)")
            }
        case .failed(let message):
            say(offer.path, message)
        default:
            break
        }
    }

    private func withdraw(_ offer: PromptOffer) {
        offers[offer.path] = nil
        if offer.closeWindow() {
            say(offer.path, PromptWords.ending(offer.prompt))
        }
        if let id = offer.notification {
            close(id)
        }
    }

    /// Says why `path` is not offered, on standard error: the agent's log.
    private func skip(_ path: ObjectPath, _ reason: String) {
        skipped.insert(path)
        say(path, reason)
    }

    private func say(_ path: ObjectPath, _ message: String) {
        Output.error("\(program): \(path.rawValue): \(message)\n")
    }

    // MARK: Notifications

    private func close(_ id: UInt32) {
        closing += 1
        notifications.close(id) { [weak self] in self?.closing -= 1 }
    }

    private func notificationEvent(_ event: DesktopNotifications.Event) {
        switch event {
        case .invoked(let id, let action, let token):
            guard action == "answer" || action == "default", let offer = offers.values.first(where: { $0.notification == id }) else { return }
            showWindow(offer, token: token)
        case .closed(let id):
            // Dismissed or expired: the prompt waits on, for another agent or until it ends.
            offers.values.first { $0.notification == id }?.notification = nil
        case .serverChanged:
            for offer in offers.values {
                offer.notification = nil
            }
            // A server that comes back at once (a desktop shell restarting) shows them
            // again; windows open only when none is there a moment later.
            fallback?.dispose()
            fallback = MainLoop.shared.addTimer(after: 2_000_000_000) { [weak self] in
                guard let self else { return }
                fallback = nil
                for offer in offers.values where offer.notification == nil && offer.window == nil && !offer.isNotifying {
                    present(offer)
                }
            }
        }
    }

    /// Takes every notification and window away, waiting at most a second
    /// for the server to answer, so none is left behind with an action no
    /// agent answers.
    private func withdrawAll() {
        watch?.dispose()
        fallback?.dispose()
        for offer in offers.values {
            offer.closeWindow()
            if let id = offer.notification {
                close(id)
            }
        }
        offers = [:]
        _ = MainLoop.shared.run(while: { self.closing > 0 || self.notifying > 0 }, timeout: .seconds(1))
    }
}
