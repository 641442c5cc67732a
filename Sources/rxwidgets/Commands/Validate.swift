import FrontEndCore
import CLinux
import WidgetsAPI
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// `rxwidgets validate NAME [--form PATH] [--timeout SECONDS] -- COMMAND…`
/// and `rxwidgets provide NAME … -- COMMAND…`: serve the remote check NAME
/// (a spec's `rules.remote`) or the options provider NAME (a choice field's
/// `optionsFrom.provider`) from a shell command, for one form or for every
/// form that uses the name — those on the bus now and those created later.
/// A check runs COMMAND with the value on standard input (and a newline),
/// and `RXWIDGETS_FORM`, `RXWIDGETS_FIELD`, `RXWIDGETS_VALUE` set: exit
/// status 0 is valid, any other invalid with the command's standard output
/// as the message. A provider runs COMMAND with the fields it lists as one
/// JSON object on standard input: each line it prints is an option.
/// A name another client (the form's own application) serves already is
/// left to it, and said, unless `--replace`; each form served is said.
/// Runs until SIGINT, SIGTERM or SIGHUP (128+N) or the daemon leaves (3).
final class Validate {
    /// What the command serves.
    enum Role {
        case validator
        case optionsProvider
    }

    private let client: WidgetsClient
    private let role: Role
    private let name: String
    private let command: [String]
    private let timeout: RxTimeInterval
    /// Whether a name another client serves is taken over.
    private let replace: Bool
    private var served: [String: Disposable] = [:]
    private var status: Int32?

    init(client: WidgetsClient, role: Role = .validator, name: String, form: String?, timeout: Int, replace: Bool = false, command: [String]) throws {
        self.client = client
        self.replace = replace
        self.role = role
        self.name = name
        self.command = command
        self.timeout = .seconds(timeout)
        // A command that closes its input early must not end this process.
        signal(SIGPIPE, SIG_IGN)
        if let form {
            guard let path = ObjectPath(form), form.hasPrefix(WidgetsAPI.rootPath.rawValue + "/form/") else {
                throw UsageError(description: "--form \(quoted(form)) is not a form's path, like \(WidgetsAPI.rootPath.rawValue)/form/NAME")
            }
            try serve(path, quietly: false)
        }
    }

    /// Serves the forms (or the one form) until a signal or the bus ends it; returns the exit status.
    func run(everyForm: Bool) -> Int32 {
        var sources: [LoopSource] = []
        if let descriptor = Signals.descriptor {
            sources.append(MainLoop.shared.addSource(fd: descriptor, events: Int16(POLLIN)) { [weak self] _ in
                let number = clinux_read_signal(descriptor)
                if number == SIGTERM || number == SIGINT || number == SIGHUP {
                    self?.status = 128 + number
                    MainLoop.shared.stop()
                }
            })
        }
        var watch: Disposable?
        do {
            if everyForm {
                watch = try client.watchSignals().subscribe(onNext: { [weak self] signal in
                    guard case .objectPath(let path)? = signal.arguments.first?.value else { return }
                    switch signal.member {
                    case "InterfacesAdded": self?.serveIfForm(path)
                    // A form made again at the same path (replace) is served anew.
                    case "InterfacesRemoved": self?.served.removeValue(forKey: path.rawValue)?.dispose()
                    default: break
                    }
                }, onError: { [weak self] _ in self?.daemonLeft() })
                for widget in try client.widgets() where widget.kind == "form" {
                    serveIfForm(widget.path)
                }
            }
        } catch {
            Output.error("rxwidgets: \(error)\n")
            return 3
        }
        let daemonWatch = client.daemonOwner.subscribe(onNext: { [weak self] owner in
            if owner == nil { self?.daemonLeft() }
        })
        while status == nil {
            MainLoop.shared.run()
        }
        daemonWatch.dispose()
        watch?.dispose()
        served.values.forEach { $0.dispose() }
        sources.forEach { $0.dispose() }
        return status ?? 0
    }

    private func daemonLeft() {
        // English on purpose: validate is a service; this and its other lines are its log.
        Output.error("rxwidgets: rxwidgetsd left the bus\n")
        status = 3
        MainLoop.shared.stop()
    }

    private func serveIfForm(_ path: ObjectPath) {
        guard path.rawValue.hasPrefix(WidgetsAPI.rootPath.rawValue + "/form/") else { return }
        try? serve(path, quietly: true)
    }

    /// Serves `path`; quietly, a form that does not use the name (or is not
    /// this uid's) is left alone.
    private func serve(_ path: ObjectPath, quietly: Bool) throws {
        guard served[path.rawValue] == nil else { return }
        let formName = path.lastComponent
        do {
            let form = try client.form(formName)
            let kind = role == .validator ? "validator" : "provider"
            if !replace, let other = form.attachments.first(where: { $0.kind == kind && $0.name == name }) {
                // English on purpose: a service's log line.
                Output.error("rxwidgets: \(name) of \(path.rawValue) is served by \(other.connection) already; left to it (--replace takes it over)\n")
                return
            }
            let command = self.command
            let timeout = self.timeout
            switch role {
            case .validator:
                served[path.rawValue] = try client.serveValidator(name, on: form) { field, value in
                    Validate.check(command, form: path.rawValue, field: field, value: value, timeout: timeout)
                }
            case .optionsProvider:
                served[path.rawValue] = try client.serveOptionsProvider(name, on: form) { field, values in
                    Validate.options(command, form: path.rawValue, field: field, values: values, timeout: timeout)
                }
            }
            Output.error("rxwidgets: serving \(name) for \(path.rawValue)\n")
        } catch let error as WidgetsClientError where quietly && [WidgetsClientError.invalidArgsName, WidgetsClientError.accessDeniedName, WidgetsClientError.unknownObjectName].contains(error.name) {
            return
        }
    }

    /// One provider question: the fields as a JSON object in, an option a line out.
    static func options(_ command: [String], form: String, field: String, values: [String: DBusValue], timeout: RxTimeInterval) -> Single<[String]> {
        let json = "{" + values.sorted { $0.key < $1.key }.map { ValueText.string($0.key) + ":" + ValueText.json($0.value) }.joined(separator: ",") + "}"
        return ChildProcess.run(command, input: json + "\n", environment: ["RXWIDGETS_FORM": form, "RXWIDGETS_FIELD": field], timeout: timeout).map { result in
            guard result.status == 0 else {
                // English on purpose: the validator's reason to the daemon, and logged.
                throw ChildProcess.Failure(description: "\(command[0]) exited with status \(result.status)")
            }
            return result.output.split(separator: "\n", omittingEmptySubsequences: true).map { String(String.UnicodeScalarView($0.unicodeScalars.filter { $0 != "\u{0}" })) }
        }
    }

    /// One question: the command's exit status decides, its output is the message.
    static func check(_ command: [String], form: String, field: String, value: DBusValue, timeout: RxTimeInterval) -> Single<ValidatorAnswer> {
        let text = ValueText.plain(value)
        let environment = ["RXWIDGETS_FORM": form, "RXWIDGETS_FIELD": field, "RXWIDGETS_VALUE": text]
        return ChildProcess.run(command, input: text + "\n", environment: environment, timeout: timeout).map { result in
            guard result.status != 0 else { return .valid }
            // D-Bus strings carry no NUL; other controls are the command's to print.
            var message = String(String.UnicodeScalarView(result.output.unicodeScalars.filter { $0 != "\u{0}" }.prefix(65_536)))
            while message.last?.isNewline == true {
                message.removeLast()
            }
            return .invalid(message)
        }
    }
}
