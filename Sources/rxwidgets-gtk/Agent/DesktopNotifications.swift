import DBus
import Localization
import RxCoreEssentials
import RxWidgetsClient

/// The desktop's notification server (`org.freedesktop.Notifications`) as
/// the agent uses it: whether one is there — running, or started by the bus
/// when asked for — what it can show, and what becomes of each notification.
/// No call waits: answers and signals come on the main loop, in the order the
/// bus sent them.
final class DesktopNotifications {
    private typealias API = NotificationsContract

    /// What became of the notifications sent.
    enum Event {
        /// The person chose `action` on notification `id`; `token`, when the
        /// server gave one, lets the window the action opens take the focus.
        case invoked(id: UInt32, action: String, token: String?)
        /// Notification `id` is gone: expired, dismissed, or closed.
        case closed(id: UInt32)
        /// Another server took the name, or the last one left: the ids sent are void.
        case serverChanged
    }

    /// Told each event as it comes.
    var onEvent: (Event) -> Void = { _ in }
    private let connection: Connection
    private var owner: String?
    /// Whether a NameOwnerChanged came, which is newer than the answer to GetNameOwner.
    private var ownerHeard = false
    private var activatable = false
    /// What the server shows, asked once per server; `server` counts the servers seen.
    private var capabilities: Set<String>?
    private var server = 0
    /// The activation tokens sent just before their `ActionInvoked`.
    private var tokens: [UInt32: String] = [:]
    private var watch: Disposable?

    /// Follows the server on `connection`. Create it before the first call
    /// to the daemon: the bus answers its own questions (who owns the name)
    /// before the daemon's answers, so whether a server is there is known
    /// before any prompt is read.
    init(connection: Connection) throws {
        self.connection = connection
        try connection.addMatch("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(API.busName)'")
        try connection.addMatch("type='signal',sender='\(API.busName)',path='\(API.path.rawValue)',interface='\(API.name)'")
        watch = connection.onSignal { [weak self] in self?.receive($0) }
        connection.nameOwner(of: API.busName) { [weak self] owner in
            guard let self, !ownerHeard else { return }
            self.owner = owner
        }
        // Start-up may wait: the list of services the bus can start changes only with what is installed.
        activatable = (try? connection.callBus("ListActivatableNames", []))?.first?.arrayElements?.contains(.string(API.busName)) ?? false
    }

    deinit {
        watch?.dispose()
    }

    /// Whether a notification can reach a person: a server runs, or the bus would start one.
    var isAvailable: Bool {
        owner != nil || activatable
    }

    /// Sends a notification with the action "Answer" (also its default, a
    /// click on it), kept until it is closed (`resident`); `sent` gets its
    /// id, or nil when no notification with an action can be shown — no
    /// server, a server that shows no actions, a refusal — so the caller
    /// shows its window instead.
    func notify(summary: String, body: String, expireTimeout: Int32, sent: @escaping (UInt32?) -> Void) {
        withCapabilities { [weak self] capabilities in
            guard let self, let capabilities, capabilities.contains("actions") else { return sent(nil) }
            let hints = VariantDictionary([("urgency", .byte(1)), ("resident", .boolean(true)), ("desktop-entry", .string("rxwidgets-agent"))])
            let text = capabilities.contains("body-markup") ? DesktopNotifications.escaped(body) : body
            // TRANSLATORS: the action of a notification of a waiting question, which opens its window.
            let answer = tr("Answer")
            // Actions are pairs of an identifier (which the agent reads back) and the label a person sees.
            guard let message = try? API.notify.message(to: API.busName, path: API.path, interface: API.name,
                                                        ("rxwidgets", 0, "dialog-question", summary, text, ["default", answer, "answer", answer], hints, expireTimeout))
            else { return sent(nil) }
            connection.call(message) { reply in
                sent((try? reply.get()).flatMap { try? API.notify.results(of: $0) })
            }
        }
    }

    /// Takes notification `id` away, without waiting; `closed` is told when the server answered.
    func close(_ id: UInt32, closed: @escaping () -> Void = {}) {
        guard let message = try? API.closeNotification.message(to: API.busName, path: API.path, interface: API.name, id) else { return closed() }
        connection.call(message) { _ in closed() }
    }

    private func withCapabilities(_ use: @escaping (Set<String>?) -> Void) {
        if let capabilities {
            return use(capabilities)
        }
        guard isAvailable, let question = try? API.getCapabilities.message(to: API.busName, path: API.path, interface: API.name, ()) else { return use(nil) }
        let asked = server
        connection.call(question) { [weak self] reply in
            let answered = (try? reply.get()).flatMap { try? API.getCapabilities.results(of: $0) }.map(Set.init)
            if let self, asked == server {
                capabilities = answered
            }
            use(answered)
        }
    }

    private func receive(_ message: Message) {
        guard let arguments = try? message.arguments() else { return }
        if message.sender == "org.freedesktop.DBus", message.isSignal(interface: "org.freedesktop.DBus", member: "NameOwnerChanged") {
            guard arguments.count == 3, arguments[0].stringValue == API.busName else { return }
            let new = arguments[2].stringValue ?? ""
            ownerHeard = true
            owner = new.isEmpty ? nil : new
            server += 1
            capabilities = nil
            tokens = [:]
            onEvent(.serverChanged)
            return
        }
        guard message.path == API.path.rawValue, message.interface == API.name, owner == nil || message.sender == owner else { return }
        switch message.member {
        case API.activationToken.name:
            guard let (id, token) = try? API.activationToken.decode(arguments) else { return }
            tokens[id] = token
        case API.actionInvoked.name:
            guard let (id, action) = try? API.actionInvoked.decode(arguments) else { return }
            onEvent(.invoked(id: id, action: action, token: tokens.removeValue(forKey: id)))
        case API.notificationClosed.name:
            guard let (id, _) = try? API.notificationClosed.decode(arguments) else { return }
            tokens[id] = nil
            onEvent(.closed(id: id))
        default:
            break
        }
    }

    /// `text` as markup shows it: a server with `body-markup` reads `<`, `>` and `&` as markup.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
