import CGtk
import FrontEndCore
import Localization

/// A widget's keys as the front end's `Key`s, before GTK's own handling of
/// them (the capture phase): `handler` returns whether it took the key, so
/// GTK does not act on it too — a list moving its own cursor while the
/// daemon's selection is elsewhere is how a wrong row gets printed.
func onKeys(of widget: Widget, _ handler: @escaping (Key) -> Bool) {
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signals.onKeyPressed(UnsafeMutableRawPointer(keys)) { keyval, modifiers in
        let control = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        guard modifiers.rawValue & GDK_ALT_MASK.rawValue == 0, let key = Key(keysym: keyval, control: control, shift: shift) else { return false }
        return handler(key)
    }
    gtk_widget_add_controller(widget, keys)
}

/// The keys a list takes from GTK: those that move, choose and finish.
func isListKey(_ key: Key) -> Bool {
    switch key {
    case .up, .down, .pageUp, .pageDown, .home, .end, .enter, .character(" "), .selectAll: return true
    default: return false
    }
}

/// A type-ahead search above a list (`GtkSearchEntry`): what is typed in
/// the window goes there, each change of it at once to `onQuery` (not
/// GTK's delayed `search-changed`: a key after it must find the query
/// already sent), and the list's keys typed in it to `onKey`.
final class SearchBar {
    let entry: Widget

    init(window: Widget, onQuery: @escaping (String) -> Void, onKey: @escaping (Key) -> Bool) {
        entry = gtk_search_entry_new()!
        setProperty(entry.raw, "placeholder-text", tr("Type to search"))
        gtk_search_entry_set_key_capture_widget(entry.c(), window)
        // TRANSLATORS: a screen reader's name of the search entry above a list.
        entry.describe(label: tr("Search"))
        Signals.on(entry.raw, "changed") { [entry] in
            onQuery(String(cString: gtk_editable_get_text(entry.c())))
        }
        // Escape in the entry clears what was typed; Escape elsewhere closes the window.
        Signals.on(entry.raw, "stop-search") { [entry] in
            gtk_editable_set_text(entry.c(), "")
        }
        onKeys(of: entry) { key in
            switch key {
            case .up, .down, .pageUp, .pageDown, .enter: return onKey(key)
            default: return false
            }
        }
    }
}
