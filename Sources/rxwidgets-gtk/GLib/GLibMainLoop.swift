import CGtk
import Glibc
import RxCoreEssentials

/// The client library's loop as a source of GLib's default main context:
/// GLib waits — on GTK's descriptors and `MainLoop.shared`'s together — and
/// the loop's descriptors, jobs and timers run in this source's dispatch, on
/// the main thread. One loop, no thread, no polling.
///
/// Each GLib iteration asks `MainLoop.pendingWait()` for the descriptors and
/// the timeout (prepare), keeps the source's unix fds in step with them, and
/// hands what became ready to `MainLoop.dispatch(ready:)`. A client call
/// made synchronously inside a GTK handler turns `MainLoop` by itself until
/// its reply; GTK's events wait for it.
final class GLibMainLoop: @unchecked Sendable {
    // Safe because every member is touched only on the main thread: GLib's
    // default main context is iterated only there (main.swift), and these
    // callbacks run inside that iteration.
    static let shared = GLibMainLoop()

    private var source: UnsafeMutablePointer<GSource>?
    private var tags: [Int32: (tag: gpointer, events: Int16)] = [:]

    /// Adds the source to the default main context (once).
    func attach() {
        guard source == nil else { return }
        let functions = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
        functions.initialize(to: GSourceFuncs(
            prepare: { source, timeout in GLibMainLoop.shared.prepare(source!, timeout!) },
            check: { source in GLibMainLoop.shared.check(source!) },
            dispatch: { source, _, _ in GLibMainLoop.shared.dispatch(source!) },
            finalize: nil, closure_callback: nil, closure_marshal: nil))
        let created = g_source_new(functions, guint(MemoryLayout<GSource>.size))
        g_source_set_name(created, "rxwidgets MainLoop")
        g_source_attach(created, nil)
        source = created
    }

    private func prepare(_ source: UnsafeMutablePointer<GSource>, _ timeout: UnsafeMutablePointer<gint>) -> gboolean {
        let wait = MainLoop.shared.pendingWait()
        var wanted: [Int32: Int16] = [:]
        for descriptor in wait.descriptors {
            wanted[descriptor.fd, default: 0] |= descriptor.events
        }
        for (fd, entry) in tags where wanted[fd] == nil {
            g_source_remove_unix_fd(source, entry.tag)
            tags[fd] = nil
        }
        for (fd, events) in wanted {
            if let entry = tags[fd] {
                if entry.events != events {
                    g_source_modify_unix_fd(source, entry.tag, GIOCondition(UInt32(UInt16(bitPattern: events))))
                    tags[fd] = (entry.tag, events)
                }
            } else {
                tags[fd] = (g_source_add_unix_fd(source, fd, GIOCondition(UInt32(UInt16(bitPattern: events)))), events)
            }
        }
        timeout.pointee = wait.timeout
        return wait.timeout == 0 ? 1 : 0
    }

    private func check(_ source: UnsafeMutablePointer<GSource>) -> gboolean {
        for entry in tags.values where g_source_query_unix_fd(source, entry.tag).rawValue != 0 {
            return 1
        }
        return MainLoop.shared.pendingWait().timeout == 0 ? 1 : 0
    }

    private func dispatch(_ source: UnsafeMutablePointer<GSource>) -> gboolean {
        let ready = tags.map { fd, entry in
            pollfd(fd: fd, events: entry.events, revents: Int16(truncatingIfNeeded: g_source_query_unix_fd(source, entry.tag).rawValue))
        }
        MainLoop.shared.dispatch(ready: ready)
        return 1
    }
}
