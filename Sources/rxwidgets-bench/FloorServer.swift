import DBus
import Glibc
import RxCoreEssentials

/// The floor of a call's wait behind bulk calls on one connection: a server
/// that owns the daemon's name, reads its stream with the daemon's own
/// reader and answers every call `UnknownMethod` without reading its body.
/// A call sent after others waits at least until the bus has passed their
/// bytes to it; no server on one connection answers it sooner.
/// `rxwidgets-bench --floor-server --address ADDRESS` (the other arguments
/// a daemon is started with are ignored); it serves until SIGTERM.
func serveFloor(_ arguments: [String]) -> Never {
    guard let address = BenchmarkRun.value(of: "--address", in: arguments) else { fail("--floor-server needs --address") }
    do {
        let connection = try Connection(bus: .address(address))
        guard try connection.requestName(Widgets1.busName, flags: [.doNotQueue]) == .primaryOwner else {
            fail("the floor server could not take \(Widgets1.busName)")
        }
        signal(SIGTERM) { _ in _exit(0) }
        MainLoop.shared.run()
        exit(0)
    } catch {
        fail("the floor server cannot serve: \(error)")
    }
}
