import CGtk
import Glibc
import RxWidgetsCommandLine

/// SIGTERM, SIGINT and SIGHUP end the dialog as they end `rxwidgets`
/// (exit 128+N), through GLib's signal sources: the handler runs on the
/// main loop, not in signal context.
enum UnixSignals {
    static func end(_ dialog: Dialog) {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            let context = Unmanaged.passRetained(Ending(dialog: dialog, signal: signal)).toOpaque()
            g_unix_signal_add(signal, { data in
                let ending = Unmanaged<Ending>.fromOpaque(data!).takeUnretainedValue()
                ending.dialog.finish(ending.signal == SIGINT ? .interrupted : .signalled(ending.signal))
                return 1
            }, context)
        }
    }

    private final class Ending {
        let dialog: Dialog
        let signal: Int32
        init(dialog: Dialog, signal: Int32) {
            self.dialog = dialog
            self.signal = signal
        }
    }
}
