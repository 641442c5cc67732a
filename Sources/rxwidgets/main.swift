import FrontEndCore
import Glibc
import Localization
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
    Failure.usage(message, program: "rxwidgets")
}

func failDaemon(_ failure: Error, bus: String) -> Never {
    Failure.daemon(failure, bus: bus, program: "rxwidgets")
}

/// A command a script runs against widgets that exist (answer, result,
/// set…): its outcome, a usage error (2), or the daemon's refusal (3).
func scripted(_ run: () throws -> Outcome) -> Never {
    do {
        try run().exit(program: "rxwidgets")
    } catch let error as UsageError {
        failUsage("\(error)")
    } catch {
        Outcome(failure: error).exit(program: "rxwidgets")
    }
}

// The person's locale (LANG, LC_ALL, LC_MESSAGES, LANGUAGE) words the
// messages, days and numbers shown. Widths come from wcwidth, which needs a
// UTF-8 LC_CTYPE; the terminal is written UTF-8 whatever the locale says.
setlocale(LC_ALL, "")
if !String(cString: nl_langinfo(nl_item(CODESET))).uppercased().contains("UTF") {
    setlocale(LC_CTYPE, "C.UTF-8")
}

let arguments: Arguments
do {
    arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    try FrontEndChoice.handOver(arguments, words: Array(CommandLine.arguments.dropFirst()))
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

// TRANSLATORS: names the bus a message is about: {0} is its address.
let busDescription = arguments.address.map { tr("the bus at {0}", $0) } ?? tr("the session bus")
var terminal: Terminal?
switch arguments.command {
case .list, .watch, .validate, .provide, .update, .answer, .answerFile, .result:
    break
case let command where arguments.noWait:
    guard Prompts.canAskHeadless(command) else {
        failUsage("--no-wait makes the question a prompt, which choose (one item), pick, confirm, input, write and form can be")
    }
default:
    terminal = Terminal()
    if terminal == nil && !Prompts.canAskHeadless(arguments.command) {
        failUsage("no terminal: rxwidgets draws on /dev/tty, which this process does not have")
    }
}

// Signals are caught from here on: SIGTERM and SIGHUP end a session with
// the terminal restored.
_ = Signals.descriptor

let daemonReturnWait = DaemonReturnWait.fromEnvironment(program: "rxwidgets")
let client: WidgetsClient
do {
    client = try arguments.address.map { try WidgetsClient(address: $0) } ?? WidgetsClient()
} catch {
    failDaemon(error, bus: busDescription)
}
client.daemonReturnWait = daemonReturnWait

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
case .validate(let name, let form, let timeout, let replace, let command):
    do {
        let validate = try Validate(client: client, name: name, form: form, timeout: timeout, replace: replace, command: command)
        exit(validate.run(everyForm: form == nil))
    } catch let error as UsageError {
        failUsage("\(error)")
    } catch {
        failDaemon(error, bus: busDescription)
    }
case .answer(let target, let values):
    scripted { try Prompts.answer(target, values: values, client: client) }
case .provide(let name, let form, let timeout, let replace, let command):
    do {
        let provide = try Validate(client: client, role: .optionsProvider, name: name, form: form, timeout: timeout, replace: replace, command: command)
        exit(provide.run(everyForm: form == nil))
    } catch let error as UsageError {
        failUsage("\(error)")
    } catch {
        failDaemon(error, bus: busDescription)
    }
case .update(let action, let target, let values):
    scripted { try Update.run(action, target: target, values: values, client: client) }
case .answerFile(let path):
    scripted { try Prompts.answerFile(path, client: client) }
case .result(let target, let json):
    scripted { try Prompts.result(target, json: json, client: client) }
case let command where terminal == nil:
    // No terminal (a cron job, a service): the question waits in the daemon for an answer.
    do {
        try Prompts.ask(command, client: client, name: arguments.widgetName, keep: arguments.keep, question: arguments.question, noWait: arguments.noWait).exit(program: "rxwidgets")
    } catch let error as UsageError {
        failUsage("\(error)")
    } catch {
        failDaemon(error, bus: busDescription)
    }
default:
    break
}

if arguments.accessible, arguments.keep != nil || arguments.question.timeout != nil {
    // A line at a time cannot show a countdown nor resume a screen: such a question is an agent's.
    failUsage("--timeout and --keep do not go with accessible mode (--accessible or RXWIDGETS_ACCESSIBLE=1); ask without a terminal (--no-wait) and answer with 'rxwidgets agent' or 'rxwidgets answer'")
}
let outcome: Outcome
do {
    outcome = arguments.accessible
        ? try Accessible.run(arguments.command, client: client, terminal: terminal!, name: arguments.widgetName)
        : try Interactive.run(arguments.command, client: client, terminal: terminal!, name: arguments.widgetName, keep: arguments.keep, question: arguments.question, mouse: arguments.mouse)
} catch let error as UsageError {
    terminal?.restore()
    failUsage("\(error)")
} catch {
    terminal?.restore()
    failDaemon(error, bus: busDescription)
}
terminal?.restore()

outcome.exit(program: "rxwidgets")
