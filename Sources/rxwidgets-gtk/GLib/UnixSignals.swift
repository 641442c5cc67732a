import CGtk
import Glibc
import RxWidgetsCommandLine

/// SIGTERM, SIGINT and SIGHUP, through GLib's signal sources: the handler
/// runs on the main loop, not in signal context.
enum UnixSignals {
    /// Ends the dialog as they end `rxwidgets` (exit 128+N).
    static func end(_ dialog: Dialog) {
        handle { signal in dialog.finish(signal == SIGINT ? .interrupted : .signalled(signal)) }
    }

    /// Calls `handler` with each of them as it comes.
    static func handle(_ handler: @escaping (Int32) -> Void) {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            let context = Unmanaged.passRetained(Ending(handler: handler, signal: signal)).toOpaque()
            g_unix_signal_add(signal, { data in
                let ending = Unmanaged<Ending>.fromOpaque(data!).takeUnretainedValue()
                ending.handler(ending.signal)
                return 1
            }, context)
        }
    }

    private final class Ending {
        let handler: (Int32) -> Void
        let signal: Int32
        init(handler: @escaping (Int32) -> Void, signal: Int32) {
            self.handler = handler
            self.signal = signal
        }
    }
}
