import FrontEndCore
import CLinux
import Glibc
import Localization
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// `rxwidgets watch`: each signal of the widgets (not PropertiesChanged,
/// nor the object manager's), one line each, written and flushed as it
/// arrives, so `rxwidgets watch | while read …` sees every one at once:
///
///     /org/rxwidgets/Widgets1/picker/fruit ItemSelected row=2 component=0
///
/// Arguments are named as the API's contract names them.
final class Watch {
    private let signals: Observable<WidgetSignal>
    private let json: Bool

    /// A `path` no widget is at is refused: nothing would ever come.
    init(client: WidgetsClient, path: String?, json: Bool) throws {
        do {
            signals = try client.watchSignals(path: path)
        } catch let error as WidgetsClientError where error.name == WidgetsClientError.invalidArgsName {
            throw UsageError(description: error.message)
        }
        if let path, try !client.widgets().contains(where: { $0.path.rawValue == path }) {
            throw UsageError(description: "no widget is at \(quoted(path)); 'rxwidgets list' shows the widgets on the bus")
        }
        self.json = json
    }

    /// Runs until a signal or the bus ends it; returns the exit status.
    func run() -> Int32 {
        var status: Int32?
        var sources: [LoopSource] = []
        if let descriptor = Signals.descriptor {
            sources.append(MainLoop.shared.addSource(fd: descriptor, events: Int16(POLLIN)) { _ in
                let number = clinux_read_signal(descriptor)
                if number == SIGTERM || number == SIGINT || number == SIGHUP {
                    status = 128 + number
                    MainLoop.shared.stop()
                }
            })
        }
        let subscription = signals.subscribe(onNext: { [json] signal in
            Output.write(Watch.line(signal, json: json) + "\n")
        }, onError: { _ in
            Output.error("rxwidgets: " + tr("the bus closed the connection") + "\n")
            status = 3
            MainLoop.shared.stop()
        })
        while status == nil {
            MainLoop.shared.run()
        }
        for source in sources {
            source.dispose()
        }
        subscription.dispose()
        return status ?? 0
    }

    private static func line(_ signal: WidgetSignal, json: Bool) -> String {
        if json {
            let args = signal.arguments.map { ValueText.string($0.name) + ":" + ValueText.json($0.value) }.joined(separator: ",")
            return "{\"path\":\(ValueText.string(signal.path)),\"interface\":\(ValueText.string(signal.interface)),\"signal\":\(ValueText.string(signal.member)),\"args\":{\(args)}}"
        }
        // Numbers and booleans bare, strings and the rest as JSON, so a
        // value never runs into the next.
        return ([signal.path, signal.member] + signal.arguments.map { "\($0.name)=\(ValueText.json($0.value))" }).joined(separator: " ")
    }
}
