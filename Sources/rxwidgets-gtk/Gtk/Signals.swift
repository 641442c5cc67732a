import CGtk

/// GObject signals with Swift closures: each handler is boxed, retained by
/// its connection and released when the instance drops it (GLib's destroy
/// notify), so a handler lives exactly as long as the object it is on.
enum Signals {
    private final class Box<Handler> {
        let handler: Handler
        init(_ handler: Handler) { self.handler = handler }
    }

    private static func connect<Handler>(_ instance: UnsafeMutableRawPointer?, _ name: String, _ handler: Handler, thunk: GCallback) {
        let data = Unmanaged.passRetained(Box(handler)).toOpaque()
        g_signal_connect_data(instance, name, thunk, data, { data, _ in
            Unmanaged<AnyObject>.fromOpaque(data!).release()
        }, GConnectFlags(rawValue: 0))
    }

    fileprivate static func box<Handler>(_ data: gpointer?, as _: Handler.Type) -> Handler {
        Unmanaged<Box<Handler>>.fromOpaque(data!).takeUnretainedValue().handler
    }

    /// A signal of shape `void (*)(GObject *, gpointer)`: clicked, changed, activate (an entry's).
    static func on(_ instance: UnsafeMutableRawPointer?, _ name: String, _ handler: @escaping () -> Void) {
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in Signals.box(data, as: (() -> Void).self)() }
        connect(instance, name, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `notify::PROPERTY`: a property changed.
    static func onNotify(_ instance: UnsafeMutableRawPointer?, _ property: String, _ handler: @escaping () -> Void) {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in Signals.box(data, as: (() -> Void).self)() }
        connect(instance, "notify::\(property)", handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal of shape `gboolean (*)(GObject *, gpointer)`: close-request; true stops it.
    static func onRequest(_ instance: UnsafeMutableRawPointer?, _ name: String, _ handler: @escaping () -> Bool) {
        let thunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in Signals.box(data, as: (() -> Bool).self)() ? 1 : 0 }
        connect(instance, name, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal of shape `void (*)(GObject *, guint, gpointer)`: a list view's activate (the position).
    static func onPosition(_ instance: UnsafeMutableRawPointer?, _ name: String, _ handler: @escaping (Int) -> Void) {
        let thunk: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, position, data in Signals.box(data, as: ((Int) -> Void).self)(Int(position)) }
        connect(instance, name, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal of shape `void (*)(GObject *, enum, gpointer)`: a sorter's `changed` (what changed is not needed).
    static func onChange(_ instance: UnsafeMutableRawPointer?, _ name: String, _ handler: @escaping () -> Void) {
        let thunk: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, _, data in Signals.box(data, as: (() -> Void).self)() }
        connect(instance, name, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A native dialog's `response`: the response id (`GTK_RESPONSE_ACCEPT`, …).
    static func onResponse(_ instance: UnsafeMutableRawPointer?, _ handler: @escaping (Int32) -> Void) {
        let thunk: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, response, data in Signals.box(data, as: ((Int32) -> Void).self)(response) }
        connect(instance, "response", handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal of shape `void (*)(GObject *, gpointer object, gpointer)`: a list item factory's setup and bind.
    static func onObject(_ instance: UnsafeMutableRawPointer?, _ name: String, _ handler: @escaping (UnsafeMutableRawPointer?) -> Void) {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, object, data in
            Signals.box(data, as: ((UnsafeMutableRawPointer?) -> Void).self)(object)
        }
        connect(instance, name, handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `key-pressed` of a key controller: the key value and modifiers; true when handled.
    static func onKeyPressed(_ instance: UnsafeMutableRawPointer?, _ handler: @escaping (UInt32, GdkModifierType) -> Bool) {
        let thunk: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = { _, key, _, modifiers, data in
            Signals.box(data, as: ((UInt32, GdkModifierType) -> Bool).self)(key, modifiers) ? 1 : 0
        }
        connect(instance, "key-pressed", handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}
