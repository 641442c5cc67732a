import CGtk

/// Work for one of GLib's idle turns: outside every GTK handler, so it may
/// destroy the window whose control asked for it, and outside the client
/// loop's jobs (`GLibMainLoop`), so it may wait for the daemon. A call
/// waited for inside one of those jobs may miss its reply: the
/// connection's dispatch is itself a job, and it can be queued behind the
/// waiting one, which holds it until the wait times out.
enum GLibIdle {
    static func run(_ work: @escaping () -> Void) {
        let context = Unmanaged.passRetained(Work(work)).toOpaque()
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
            Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue().work()
            return 0
        }, context, { data in
            Unmanaged<Work>.fromOpaque(data!).release()
        })
    }

    private final class Work {
        let work: () -> Void
        init(_ work: @escaping () -> Void) {
            self.work = work
        }
    }
}
