import Glibc
import Localization
import WidgetsAPI
import RxWidgetsClient

/// How an interactive command ended, and so what it prints and exits with —
/// the same statuses from every front end, so a script can switch between
/// them by name.
package enum Outcome {
    /// Chosen or submitted: the result for standard output.
    case done(String)
    /// Esc, `q`, Cancel, the window closed.
    case cancelled
    /// Ctrl-C.
    case interrupted
    /// SIGTERM, SIGHUP or SIGINT from outside.
    case signalled(Int32)
    /// The daemon failed a call or left the bus: one line for standard error.
    case failed(String)
    /// The widget shown was destroyed (its owner closed it): its path.
    case destroyed(String)
    /// A prompt's deadline passed: the answer it gave (its default) for standard output.
    case timedOut(String)
    /// The command `spin` ran exited with this status, which is the outcome's.
    case exited(Int32)
    /// What the command was given proved unusable once it was read (a line
    /// of standard input that is not UTF-8): as a usage error, exit 2.
    case refusedInput(String)

    /// Prints what the outcome says and exits with its status: 0 done, 1
    /// cancelled, 2 input refused, 3 failed, 4 destroyed, 124 timed out
    /// (gum's and timeout(1)'s), 128+N for signal N (130 Ctrl-C).
    package func exit(program: String) -> Never {
        switch self {
        case .done(let output):
            Output.write(output)
            Glibc.exit(0)
        case .cancelled:
            Glibc.exit(1)
        case .interrupted:
            Glibc.exit(130)
        case .signalled(let signal):
            Glibc.exit(128 + signal)
        case .failed(let message):
            Output.error("\(program): \(message)\n")
            Glibc.exit(3)
        case .destroyed(let path):
            // TRANSLATORS: {0} is the path of the widget that was shown.
            Output.error("\(program): " + tr("{0} was destroyed (its owner closed it)", path) + "\n")
            Glibc.exit(4)
        case .timedOut(let output):
            Output.write(output)
            Glibc.exit(124)
        case .exited(let status):
            Glibc.exit(status)
        case .refusedInput(let message):
            Output.error("\(program): \(message)\n")
            Glibc.exit(2)
        }
    }

    /// The outcome of `error`, a client call's failure: a widget destroyed
    /// is `destroyed`, input refused `refusedInput`, the rest `failed`.
    package init(failure error: Error) {
        if let error = error as? UsageError {
            self = .refusedInput(error.description)
        } else if let error = error as? WidgetsClientError, error.name == WidgetsClientError.widgetDestroyedName {
            self = .destroyed(String(error.message.prefix { $0 != " " }))
        } else if let error = error as? WidgetsClientError, error.name == WidgetsClientError.daemonGoneName {
            // What a person meets when the daemon stops under an open question: said in their words.
            self = .failed(tr("rxwidgetsd left the bus before the question was answered; nothing was chosen"))
        } else {
            self = .failed("\(error)")
        }
    }
}

/// The exits before a widget is shown.
package enum Failure {
    /// A command line that says nothing the program can do: exit 2.
    package static func usage(_ message: String, program: String) -> Never {
        Output.error("\(program): \(message)\nTry '\(program) --help'.\n")
        exit(2)
    }

    /// The daemon could not be reached or refused: exit 3, saying what to do about it.
    package static func daemon(_ failure: Error, bus: String, program: String) -> Never {
        let error = failure as? WidgetsClientError ?? WidgetsClientError(failure)
        var message = "\(error)"
        switch error.name {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            // TRANSLATORS: {0} names the bus ("the session bus", "the bus at ADDRESS"), {1} the daemon's bus name; the commands in quotes stay as they are.
            message = tr("rxwidgetsd is not running on {0}, and the bus cannot start it (no activation file for {1} is installed). Start it with 'rxwidgetsd &' (or 'make run' in the source tree), or install it with 'make install' so the bus starts it.", bus, WidgetsAPI.busName)
        case WidgetsClientError.noBusName, "org.freedesktop.DBus.Error.NoServer", "org.freedesktop.DBus.Error.FileNotFound", "org.freedesktop.DBus.Error.BadAddress":
            // TRANSLATORS: {0} names the bus ("the session bus", "the bus at ADDRESS"), {1} why it cannot be reached; --address and dbus-run-session stay as they are.
            message = tr("cannot reach {0}: {1}. Pass --address, or run inside a D-Bus session (dbus-run-session).", bus, error.message)
        default:
            break
        }
        Output.error("\(program): \(message)\n")
        exit(3)
    }
}
