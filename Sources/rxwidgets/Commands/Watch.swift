import CLinux
import DBus
import Glibc
import RxCoreEssentials
import RxWidgetsClient

/// `rxwidgets watch`: each signal of the widgets (not PropertiesChanged,
/// nor the object manager's), one line each, written and flushed as it
/// arrives, so `rxwidgets watch | while read …` sees every one at once:
///
///     /org/rxwidgets/Widgets1/picker/fruit ItemSelected row=2 component=0
///
/// Arguments are named as the daemon's introspection names them; the first
/// signal of an interface waits for that (later ones queue behind it, so
/// the order is the daemon's).
final class Watch {
    private let client: WidgetsClient
    private let path: String?
    private let json: Bool
    private var queue: [Message] = []
    private var argumentNames: [String: [String: [String]]] = [:]
    private var introspecting: Set<String> = []
    private var watch: Disposable?

    init(client: WidgetsClient, path: String?, json: Bool) throws {
        self.client = client
        self.path = path
        self.json = json
        if let path, ObjectPath(path) == nil {
            throw UsageError(description: "\(quoted(path)) is not an object path")
        }
        let pathRule = path.map { ",path='\($0)'" } ?? ",path_namespace='\(WidgetsClient.rootPath)'"
        try client.connection.addMatch("type='signal',sender='\(WidgetsClient.busName)'\(pathRule)")
        watch = client.connection.onSignal { [weak self] message in self?.received(message) }
    }

    /// Runs until a signal or the bus ends it; returns the exit status.
    func run() -> Int32 {
        var status: Int32?
        var sources: [LoopSource] = []
        if let signals = Signals.descriptor {
            sources.append(MainLoop.shared.addSource(fd: signals, events: Int16(POLLIN)) { _ in
                let number = clinux_read_signal(signals)
                if number == SIGTERM || number == SIGINT || number == SIGHUP {
                    status = 128 + number
                    MainLoop.shared.stop()
                }
            })
        }
        client.connection.onDisconnected = {
            Output.error("rxwidgets: the bus closed the connection\n")
            status = 3
            MainLoop.shared.stop()
        }
        while status == nil {
            MainLoop.shared.run()
        }
        for source in sources {
            source.dispose()
        }
        watch?.dispose()
        return status ?? 0
    }

    private func received(_ message: Message) {
        guard let interface = message.interface, interface.hasPrefix(WidgetsClient.busName + "."), interface != WidgetsClient.busName + ".Manager" else { return }
        queue.append(message)
        printQueued()
    }

    private func printQueued() {
        while let message = queue.first, let interface = message.interface {
            guard let names = argumentNames[interface] else {
                introspect(message.path ?? WidgetsClient.rootPath, for: interface)
                return
            }
            queue.removeFirst()
            let arguments = ((try? message.arguments()) ?? []).map { $0.variantValue ?? $0 }
            let member = message.member ?? ""
            let labels = names[member] ?? []
            let named = arguments.enumerated().map { (labels.indices.contains($0.offset) ? labels[$0.offset] : "arg\($0.offset)", $0.element) }
            let line: String
            if json {
                let args = named.map { ValueText.string($0.0) + ":" + ValueText.json($0.1) }.joined(separator: ",")
                line = "{\"path\":\(ValueText.string(message.path ?? "")),\"interface\":\(ValueText.string(interface)),\"signal\":\(ValueText.string(member)),\"args\":{\(args)}}"
            } else {
                // Numbers and booleans bare, strings and the rest as JSON, so a
                // value never runs into the next.
                line = ([message.path ?? "", member] + named.map { "\($0.0)=\(ValueText.json($0.1))" }).joined(separator: " ")
            }
            Output.write(line + "\n")
        }
    }

    private func introspect(_ path: String, for interface: String) {
        guard !introspecting.contains(interface) else { return }
        guard let call = try? Message.methodCall(destination: WidgetsClient.busName, path: path, interface: "org.freedesktop.DBus.Introspectable", member: "Introspect") else {
            argumentNames[interface] = [:]
            return printQueued()
        }
        introspecting.insert(interface)
        client.connection.call(call) { [weak self] result in
            guard let self else { return }
            introspecting.remove(interface)
            let xml = (try? result.get().arguments().first?.stringValue) ?? nil
            argumentNames[interface] = xml.map { SignalArguments.names(in: $0, interface: interface) } ?? [:]
            printQueued()
        }
    }
}

/// Reads signal argument names from introspection XML.
enum SignalArguments {
    /// The argument names of each signal of `interface`, in order.
    static func names(in xml: String, interface: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var inInterface = false
        var signal: String?
        for tag in xml.split(separator: "<").map({ $0.prefix { $0 != ">" } }) {
            let words = tag.split(whereSeparator: \.isWhitespace)
            guard let element = words.first else { continue }
            let name = attribute("name", of: tag)
            switch element {
            case "interface": inInterface = name == interface
            case "/interface": inInterface = false
            case "signal" where inInterface:
                signal = name
                if let name {
                    result[name] = []
                }
                if tag.hasSuffix("/") { signal = nil }
            case "/signal": signal = nil
            case "arg":
                if let signal {
                    result[signal, default: []].append(name ?? "arg\(result[signal, default: []].count)")
                }
            default: break
            }
        }
        return result
    }

    /// The value of attribute `name` in a tag's text (`arg name="row" type="i"`).
    private static func attribute(_ name: String, of tag: Substring) -> String? {
        var rest = tag.drop { !$0.isWhitespace }
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].trimmingPrefix(while: \.isWhitespace)
            let afterEquals = rest[rest.index(after: equals)...]
            guard let open = afterEquals.firstIndex(where: { $0 == "\"" || $0 == "'" }) else { return nil }
            let quote = afterEquals[open]
            let valueStart = afterEquals.index(after: open)
            guard let close = afterEquals[valueStart...].firstIndex(of: quote) else { return nil }
            if key == name {
                return String(afterEquals[valueStart..<close])
            }
            rest = afterEquals[afterEquals.index(after: close)...]
        }
        return nil
    }
}
