import CLinux
import WidgetsAPI
import DBus
import Glibc
import RxCoreEssentials
import RxWidgetsEssentials
import Service

/// Writes a journald-style line (`<N>` priority prefix) to stderr.
func log(_ priority: Int, _ text: String) {
    Hooks.log("<\(priority)>rxwidgetsd: \(text)")
}

func fail(_ text: String, status: Int32 = 1) -> Never {
    log(3, text)
    exit(status)
}

// A form created without a locale speaks the daemon's own (LANG, LC_ALL,
// LC_MESSAGES; C, English, when it runs without them).
setlocale(LC_ALL, "")

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error)", status: 2)
}

switch options.action {
case .help:
    print(Options.usage)
    exit(0)
case .version:
    print("rxwidgetsd \(Options.version) (org.rxwidgets.Widgets1 API version 1)")
    exit(0)
case .serve:
    break
}

let today: () -> CalendarDay = options.today.map { day in { day } } ?? CalendarDay.today

if options.printsReference {
    print(Reference.markdown(title: "org.rxwidgets.Widgets1 — API reference", preamble: """
    Generated from the interface declarations by `make docs` (`rxwidgetsd --print-reference`); \
    a test keeps it equal to them. The rules every call obeys (signals before the reply, \
    Revision, all or nothing, limits, access, persistence) and the errors are in \
    [behaviour.md](behaviour.md); form specs in [forms.md](forms.md). The last interfaces are \
    served by clients and called by the daemon.
    """, interfaces: WidgetService.declaredInterfaces + WidgetService.clientInterfaces), terminator: "")
    exit(0)
}

if let directory = options.introspectionDirectory {
    for interface in WidgetService.declaredInterfaces + WidgetService.clientInterfaces {
        let path = "\(directory)/\(interface.name).xml"
        guard let file = fopen(path, "w") else { fail("cannot write \(path)") }
        fputs(Introspection.interfaceDocument(interface), file)
        fclose(file)
    }
    exit(0)
}

let terminationFD = clinux_termination_pipe()
guard terminationFD >= 0 else { fail("cannot install the SIGTERM/SIGINT handlers") }

let bus = options.bus(starterAddress: getenv("DBUS_STARTER_ADDRESS").map { String(cString: $0) })
let busDescription: String
switch bus {
case .session: busDescription = "the session bus"
case .system: busDescription = "the system bus"
case .address(let address): busDescription = "the bus at \(address)"
}

let connection: Connection
do {
    connection = try Connection(bus: bus)
} catch {
    fail("cannot connect to \(busDescription): \(error)")
}

let service: WidgetService
do {
    service = try WidgetService(connection: connection, limits: options.limits, today: today)
} catch {
    fail("cannot start serving: \(error)")
}
if options.verbose {
    service.traceCalls { message, error in
        let call = "\(message.sender ?? "?") \(message.interface ?? "").\(message.member ?? "") \(message.path ?? "") '\(message.signature)'"
        log(7, error.map { "\(call) -> \($0)" } ?? "\(call) -> ok")
    }
}

var exitStatus: Int32 = 0
let nameWatch = connection.onSignal { message in
    // Only the bus may say the name is lost: any client can send the daemon a NameLost of its own.
    guard message.sender == "org.freedesktop.DBus", message.isSignal(interface: "org.freedesktop.DBus", member: "NameLost"),
          (try? message.arguments())?.first?.stringValue == WidgetsAPI.busName else { return }
    log(5, "another rxwidgetsd replaced this one; exiting")
    MainLoop.shared.stop()
}
connection.onDisconnected = {
    log(4, "\(busDescription) went away; exiting")
    exitStatus = 1
    MainLoop.shared.stop()
}

// Widgets are restored before the name is requested, so no client sees a
// half-restored daemon. A daemon replacing another restores after the old
// one has flushed its state and left the bus, dispatching nothing
// meanwhile: the calls that arrive wait for the whole state.
let stateDirectory = options.stateDirectory { getenv($0).map { String(cString: $0) } }
// Only a daemon that keeps state waits for the one it replaces.
let previousOwner = options.replace && stateDirectory != nil ? connection.nameOwner(of: WidgetsAPI.busName) : nil
/// Restores the widgets and keeps them from now on. A directory another
/// daemon holds is not served without its state: the daemon exits 1 —
/// before taking the name, or giving it back — so no client is answered
/// `UnknownObject` for a widget that exists.
@MainActor func restoreState(lockWait: Int64? = nil, holdsName: Bool) {
    guard let stateDirectory else { return }
    do {
        let restored = try service.keepState(in: stateDirectory, lockWait: lockWait)
        log(6, "restored \(restored) widget\(restored == 1 ? "" : "s") from \(stateDirectory)")
    } catch let inUse as StateDirectoryInUse {
        guard holdsName else { fail("\(inUse); not taking \(WidgetsAPI.busName)") }
        // A daemon replaced while it waited exits as a replaced one does.
        guard connection.nameOwner(of: WidgetsAPI.busName) == connection.uniqueName else {
            log(5, "another rxwidgetsd replaced this one while it waited for \(stateDirectory); exiting")
            exit(0)
        }
        try? connection.releaseName(WidgetsAPI.busName)
        fail("\(inUse); gave \(WidgetsAPI.busName) back rather than serve without the widgets")
    } catch {
        log(3, "cannot keep widgets in \(stateDirectory): \(error); serving without keeping state")
    }
}
if previousOwner == nil {
    restoreState(holdsName: false)
}

do {
    var flags: NameFlags = [.doNotQueue, .allowReplacement]
    if options.replace {
        flags.insert(.replaceExisting)
    }
    switch try connection.requestName(WidgetsAPI.busName, flags: flags) {
    case .primaryOwner, .alreadyOwner:
        break
    case .exists, .inQueue:
        let holder = nameHolder(on: connection)
        if options.replace {
            fail("\(WidgetsAPI.busName) is already owned on \(busDescription) by \(holder), which did not let it be replaced (--replace takes it only from an rxwidgetsd); stop that program")
        }
        fail("\(WidgetsAPI.busName) is already owned on \(busDescription) by \(holder); stop that daemon or pass --replace")
    }
} catch {
    fail("cannot request \(WidgetsAPI.busName) on \(busDescription): \(error)")
}
if let previousOwner {
    if !connection.waitWithoutDispatchUntilGone(previousOwner, timeoutMilliseconds: 10_000) {
        log(4, "the replaced daemon \(previousOwner) is still on the bus after 10 s; restoring what it has written")
    }
    restoreState(lockWait: WidgetService.replacingLockWait, holdsName: true)
}

let termination = MainLoop.shared.addSource(fd: terminationFD, events: Int16(POLLIN)) { _ in
    let signal = clinux_read_signal(terminationFD)
    log(6, "received signal \(signal); releasing \(WidgetsAPI.busName) and exiting")
    MainLoop.shared.stop()
}

/// `nanoseconds` as milliseconds with one decimal (Foundation's formatting would bring ICU's data).
func milliseconds(_ nanoseconds: Int64) -> String {
    let tenths = (nanoseconds + 50_000) / 100_000
    return "\(tenths / 10).\(tenths % 10)"
}

// Every client waits while the loop works: a turn past 100 ms is a fault to find.
var longTurns = LogThrottle()
MainLoop.shared.onLongTurn = { length in
    let (logs, leftOut) = longTurns.admit("long turn")
    guard logs else { return }
    log(4, "one turn of the main loop took \(milliseconds(length)) ms; calls that arrived meanwhile waited that long"
        + (leftOut > 0 ? " (\(leftOut) more such turns not logged)" : ""))
}

log(6, "serving \(WidgetsAPI.busName) on \(busDescription) as \(connection.uniqueName)")
MainLoop.shared.run()
log(6, "the longest turn of the main loop took \(milliseconds(MainLoop.shared.longestTurn)) ms")

termination.dispose()
nameWatch.dispose()
service.finishServing()
service.flushState()
if connection.isOpen {
    try? connection.releaseName(WidgetsAPI.busName)
    connection.close()
}
exit(exitStatus)
