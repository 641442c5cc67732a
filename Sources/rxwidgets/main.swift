import Glibc
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine
import RxWidgetsCommandLine

/// `rxwidgets`: the daemon's widgets in a terminal and a shell script.
/// Exit status: 0 chosen or submitted, 1 cancelled, 2 usage error or no
/// terminal, 3 no daemon or a D-Bus error (or it left, for watch and validate),
/// 4 the widget shown was destroyed,
/// 128+N killed by signal N
/// (130 Ctrl-C, 143 SIGTERM).

let version = "1.0.0"

func failUsage(_ message: String) -> Never {
    Output.error("rxwidgets: \(message)\nTry 'rxwidgets --help'.\n")
    exit(2)
}

func failDaemon(_ failure: Error, bus: String) -> Never {
    let error = failure as? WidgetsClientError ?? WidgetsClientError(failure)
    var message = "\(error)"
    switch error.name {
    case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
        message = "rxwidgetsd is not running on \(bus), and the bus cannot start it (no activation file for \(WidgetsClient.busName) is installed). Start it with 'rxwidgetsd &' (or 'make run' in the source tree), or install it with 'make install' so the bus starts it."
    case WidgetsClientError.noBusName, "org.freedesktop.DBus.Error.NoServer", "org.freedesktop.DBus.Error.FileNotFound", "org.freedesktop.DBus.Error.BadAddress":
        message = "cannot reach \(bus): \(error.message). Pass --address, or run inside a D-Bus session (dbus-run-session)."
    default:
        break
    }
    Output.error("rxwidgets: \(message)\n")
    exit(3)
}

// Widths come from wcwidth, which needs a UTF-8 locale; the terminal is
// written UTF-8 whatever the locale says.
setlocale(LC_CTYPE, "")
if !String(cString: nl_langinfo(nl_item(CODESET))).uppercased().contains("UTF") {
    setlocale(LC_CTYPE, "C.UTF-8")
}

let arguments: Arguments
do {
    arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
} catch {
    failUsage("\(error)")
}

switch arguments.command {
case .help(let command):
    print(command.map(Arguments.usage(of:)) ?? Arguments.usage)
    exit(0)
case .version:
    print("rxwidgets \(version)")
    exit(0)
case .completions(let shell):
    Output.write(Completions.script(for: shell))
    exit(0)
default:
    break
}

let busDescription = arguments.address.map { "the bus at \($0)" } ?? "the session bus"
var terminal: Terminal?
switch arguments.command {
case .list, .watch, .validate:
    break
default:
    terminal = Terminal()
    if terminal == nil {
        failUsage("no terminal: rxwidgets draws on /dev/tty, which this process does not have")
    }
}

// Signals are caught from here on: SIGTERM and SIGHUP end a session with
// the terminal restored.
_ = Signals.descriptor

let client: WidgetsClient
do {
    client = try arguments.address.map { try WidgetsClient(address: $0) } ?? WidgetsClient()
} catch {
    failDaemon(error, bus: busDescription)
}

switch arguments.command {
case .list(let json):
    do {
        Output.write(try List.run(client: client, json: json))
        exit(0)
    } catch {
        failDaemon(error, bus: busDescription)
    }
case .watch(let path, let json):
    do {
        let watch = try Watch(client: client, path: path, json: json)
        exit(watch.run())
    } catch let error as UsageError {
        failUsage("\(error)")
    } catch {
        failDaemon(error, bus: busDescription)
    }
case .validate(let name, let form, let timeout, let command):
    do {
        let validate = try Validate(client: client, name: name, form: form, timeout: timeout, command: command)
        exit(validate.run(everyForm: form == nil))
    } catch let error as UsageError {
        failUsage("\(error)")
    } catch {
        failDaemon(error, bus: busDescription)
    }
default:
    break
}

let outcome: Outcome
do {
    outcome = arguments.accessible
        ? try Accessible.run(arguments.command, client: client, terminal: terminal!, name: arguments.widgetName)
        : try Interactive.run(arguments.command, client: client, terminal: terminal!, name: arguments.widgetName)
} catch let error as UsageError {
    terminal?.restore()
    failUsage("\(error)")
} catch {
    terminal?.restore()
    failDaemon(error, bus: busDescription)
}
terminal?.restore()

switch outcome {
case .done(let output):
    Output.write(output)
    exit(0)
case .cancelled:
    exit(1)
case .interrupted:
    exit(130)
case .signalled(let signal):
    exit(128 + signal)
case .failed(let message):
    Output.error("rxwidgets: \(message)\n")
    exit(3)
case .destroyed(let path):
    Output.error("rxwidgets: \(path) was destroyed (its owner closed it)\n")
    exit(4)
}
