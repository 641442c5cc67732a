import CGtk
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine
import Localization

/// `rxwidgets-gtk`: the daemon's widgets in GTK 4 windows — the commands,
/// arguments, results and exit statuses of `rxwidgets`, so a script can
/// switch front ends by name. 0 chosen or submitted, 1 cancelled (Escape,
/// Cancel, the window closed), 2 usage error or no display, 3 no daemon or a
/// D-Bus error, 4 the widget shown was destroyed. `agent` runs until a
/// signal ends it (exit 0), showing a window per prompt the person answers.

let program = "rxwidgets-gtk"
let version = "1.0.0"

// The person's locale before the arguments are read: their defaults
// (confirm's Ja/Nein, its question) are worded in it. gtk_init_check sets it again.
setlocale(LC_ALL, "")

let arguments: Arguments
do {
    arguments = try Arguments(Array(CommandLine.arguments.dropFirst()), frontEnd: .gtk)
} catch {
    Failure.usage("\(error)", program: program)
}

switch arguments.command {
case .help(let command):
    print(command.map(GtkUsage.usage(of:)) ?? GtkUsage.usage)
    exit(0)
case .version:
    print("\(program) \(version)")
    exit(0)
case .completions(let shell):
    Output.write(Completions.script(for: shell, frontEnd: .gtk))
    exit(0)
default:
    break
}

// A dialog's few widgets draw as fast with cairo as with GL, and starting
// a GL renderer (llvmpipe, without a GPU) took a third of the time to the
// window: cairo, unless the person chose a renderer.
g_setenv("GSK_RENDERER", "cairo", 0)
// Assistive technologies (and the tests) find the windows by this name.
g_set_prgname(program)
g_set_application_name(program)
// gtk_init_check sets the locale from the environment (setlocale(LC_ALL, ""):
// LC_ALL, LC_MESSAGES, LANG; gettext then reads LANGUAGE too), which GTK's
// own widgets and every tr() read: nothing a window shows is worded before it.
guard gtk_init_check() != 0 else {
    Failure.usage(tr("cannot open a display (DISPLAY or WAYLAND_DISPLAY); use rxwidgets in a terminal"), program: program)
}

// TRANSLATORS: names the bus a message is about: {0} is its address.
let busDescription = arguments.address.map { tr("the bus at {0}", $0) } ?? tr("the session bus")
let daemonReturnWait = DaemonReturnWait.fromEnvironment(program: program)
let client: WidgetsClient
do {
    client = try arguments.address.map { try WidgetsClient(address: $0) } ?? WidgetsClient()
} catch {
    Failure.daemon(error, bus: busDescription, program: program)
}
client.daemonReturnWait = daemonReturnWait
GLibMainLoop.shared.attach()

if case .agent = arguments.command {
    DesktopAgent.run(client: client, options: arguments.window)
}

let dialog: Dialog
let shown: AnyObject
do {
    (dialog, shown) = try Windows.open(arguments.command, client: client, name: arguments.widgetName, window: arguments.window, question: arguments.question)
} catch let error as UsageError {
    Failure.usage("\(error)", program: program)
} catch {
    Failure.daemon(error, bus: busDescription, program: program)
}
UnixSignals.end(dialog)
dialog.present()
while dialog.outcome == nil {
    g_main_context_iteration(nil, 1)
}
gtk_window_destroy(dialog.window.c())
withExtendedLifetime(shown) {}
dialog.outcome!.exit(program: program)
