import DBus
import RxWidgetsEssentials
import Service

/// The command line of `rxwidgetsd`.
struct Options {
    var bus = Connection.Bus.session
    var replace = false
    var today: CalendarDay?
    var verbose = false
    var limits = Limits()
    var introspectionDirectory: String?
    var printsReference = false
    /// `--state-dir`; nil for the default.
    var stateDirectory: String?
    var keepsState = true
    var action = Action.serve

    enum Action {
        case serve
        case help
        case version
    }

    static let version = "1.0.0"

    static let usage = """
    Usage: rxwidgetsd [OPTION]...
    Serves headless, reactive input widgets (pickers, tables, forms) as
    org.rxwidgets.Widgets1 on the session bus. Started by D-Bus activation
    (DBUS_STARTER_ADDRESS set), it serves the bus that started it unless
    --address says otherwise.

      --session                  use the session bus (the default)
      --system                   use the system bus
      --address ADDRESS          use the bus at ADDRESS (also --address=ADDRESS)
      --replace                  take the name from a running rxwidgetsd
      --today YYYY-MM-DD         the day form rules treat as today
      --verbose                  log every call and its outcome
      --state-dir DIR            keep the widgets in DIR across restarts (default:
                                 $STATE_DIRECTORY, else /var/lib/rxwidgets with
                                 --system, else $XDG_STATE_HOME/rxwidgets)
      --no-state                 keep nothing: every start begins empty
      --max-widgets N            widgets alive at once (1000)
      --max-components N         picker components or table sections per widget (64)
      --max-columns N            columns of a picker's or table's rows (64)
      --max-rows N               rows per widget (2000000)
      --max-string-length N      characters per string (65536)
      --max-spec-bytes N         bytes per form spec (1048576)
      --max-widgets-per-uid N    widgets each uid but 0 may hold (100 with --system,
                                 else the --max-widgets limit)
      --max-waiting-prompts N    prompts each uid but 0 (or a for_uid it asks)
                                 may have waiting at once (64)
      --max-memory N             bytes all widgets may hold, as counted (1073741824);
                                 a call past it is LimitExceeded
      --max-memory-per-uid N     bytes the widgets of each uid but 0 may hold
                                 (268435456 with --system, else the --max-memory limit)
      --max-load-bytes N         bytes of the file one LoadItems reads (536870912)
      --max-message-bytes N      bytes of any reply or signal the daemon sends (33554432);
                                 larger replies are LimitExceeded, and batch reads
                                 (Titles, Cells) return fewer rows
      --max-signal-bytes N       bytes of any signal (1048576; at most --max-message-bytes):
                                 a larger property value is announced as invalidated,
                                 a larger event signal is not sent
      --max-queued-bytes N       bytes waiting for the bus past which calls are
                                 refused until it takes them (67108864)
      --max-diff-rows N          table rows, old and new, diffed for ItemsChanged;
                                 past it Reloaded (50000)
      --max-questions N          calls to clients (data sources, delegates, validators,
                                 options providers) in flight at once (96 with --system,
                                 else 4096); each client may have 16, each uid but 0
                                 32 with --system; keep it under the bus's
                                 max_replies_per_connection
      --print-introspection DIR  write one introspection XML per interface to DIR and exit
      --print-reference          print the API reference (docs/api.md) and exit
      --help                     show this help and exit
      --version                  show the version and exit
    """

    /// Parses the arguments; throws a one-line reason.
    init(_ arguments: [String]) throws {
        // `--option=value` is `--option value`.
        var rest = arguments.flatMap { argument -> [String] in
            guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return [argument] }
            return [String(argument[..<equals]), String(argument[argument.index(after: equals)...])]
        }[...]
        var questions: Int?
        func value(_ option: String) throws -> String {
            guard let next = rest.popFirst() else { throw UsageError("\(option) needs a value") }
            return next
        }
        func count(_ option: String) throws -> Int {
            let text = try value(option)
            guard let number = Int(text), number > 0 else { throw UsageError("\(option) expects a positive whole number, got '\(text)'") }
            return number
        }
        func memory(_ option: String) throws -> Int {
            let bytes = try count(option)
            guard bytes >= Options.smallestMemoryBudget else {
                throw UsageError("\(option) expects \(Options.smallestMemoryBudget) or more (an empty widget must fit), got '\(bytes)'")
            }
            return bytes
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--session": bus = .session
            case "--system": bus = .system
            case "--address": bus = .address(try value(argument))
            case "--replace": replace = true
            case "--today":
                let text = try value(argument)
                guard let day = CalendarDay(text) else { throw UsageError("--today expects a real calendar day YYYY-MM-DD, got '\(text)'") }
                today = day
            case "--verbose": verbose = true
            case "--state-dir": stateDirectory = try value(argument)
            case "--no-state": keepsState = false
            case "--max-widgets": limits.widgets = try count(argument)
            case "--max-components": limits.componentsPerWidget = try count(argument)
            case "--max-columns": limits.columnsPerWidget = try count(argument)
            case "--max-rows": limits.rowsPerWidget = try count(argument)
            case "--max-string-length": limits.stringLength = try count(argument)
            case "--max-spec-bytes": limits.specBytes = try count(argument)
            case "--max-widgets-per-uid": limits.widgetsPerUID = try count(argument)
            case "--max-waiting-prompts": limits.waitingPromptsPerUID = try count(argument)
            case "--max-diff-rows": limits.diffRows = try count(argument)
            case "--max-load-bytes": limits.loadBytes = try count(argument)
            case "--max-memory": limits.memoryBytes = try memory(argument)
            case "--max-memory-per-uid": limits.memoryBytesPerUID = try memory(argument)
            case "--max-message-bytes":
                limits.messageBytes = try count(argument)
                guard (1 << 20)...Connection.protocolMessageLimit ~= limits.messageBytes else {
                    throw UsageError("--max-message-bytes expects 1048576 to \(Connection.protocolMessageLimit) (a title or cell must fit in one), got '\(limits.messageBytes)'")
                }
            case "--max-signal-bytes":
                limits.signalBytes = try count(argument)
                guard limits.signalBytes >= 4_096 else {
                    throw UsageError("--max-signal-bytes expects 4096 or more (a widget's announcement must fit), got '\(limits.signalBytes)'")
                }
            case "--max-queued-bytes": limits.queuedBytes = try count(argument)
            case "--max-questions": questions = try count(argument)
            case "--print-introspection": introspectionDirectory = try value(argument)
            case "--print-reference": printsReference = true
            case "--help", "-h": action = .help
            case "--version": action = .version
            default: throw UsageError("unknown option '\(argument)'; see --help")
            }
        }
        if limits.widgetsPerUID == nil, case .system = bus {
            limits.widgetsPerUID = Options.systemBusWidgetsPerUID
        }
        if limits.memoryBytesPerUID == nil, case .system = bus {
            limits.memoryBytesPerUID = min(Options.systemBusMemoryPerUID, limits.memoryBytes)
        }
        if case .system = bus {
            limits.questions = .systemBus
        }
        if let questions {
            limits.questions.total = questions
            limits.questions.perUID = min(limits.questions.perUID, questions)
        }
    }

    /// The bus to serve: the one that activated the daemon
    /// (`DBUS_STARTER_ADDRESS`) unless an `--address` was given, since an
    /// activated daemon must answer where it was asked for (API rule 11).
    func bus(starterAddress: String?) -> Connection.Bus {
        if case .address = bus {
            return bus
        }
        if let starterAddress, !starterAddress.isEmpty {
            return .address(starterAddress)
        }
        return bus
    }

    /// Where the widgets are kept, or nil for nowhere: `--state-dir`, the
    /// directory systemd made (`StateDirectory=` sets `STATE_DIRECTORY`),
    /// `/var/lib/rxwidgets` on the system bus, else the XDG state home.
    func stateDirectory(environment: (String) -> String?) -> String? {
        guard keepsState else { return nil }
        if let stateDirectory {
            return stateDirectory
        }
        if let systemd = environment("STATE_DIRECTORY")?.split(separator: ":").first, !systemd.isEmpty {
            return String(systemd)
        }
        if case .system = bus {
            return "/var/lib/rxwidgets"
        }
        if let home = environment("XDG_STATE_HOME"), home.hasPrefix("/") {
            return home + "/rxwidgets"
        }
        return environment("HOME").map { $0 + "/.local/state/rxwidgets" }
    }

    /// On the system bus many uids share one daemon: none may fill it for the others.
    static let systemBusWidgetsPerUID = 100
    static let systemBusMemoryPerUID = 256 << 20
    /// An empty form with one field holds about 72 KiB (`Footprint`).
    static let smallestMemoryBudget = 1 << 20
}

/// A command line that cannot be used, with the reason.
struct UsageError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
