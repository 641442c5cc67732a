import CGtk
import Glibc

/// A GTK widget, as GTK's C API hands it out.
typealias Widget = UnsafeMutablePointer<GtkWidget>

/// A pointer to one of GTK's instance types: a struct Swift sees
/// (`UnsafeMutablePointer<GtkBox>`) or an opaque one (`OpaquePointer` for
/// GtkListView) — what C's casts between them become.
protocol GtkInstancePointer {
    init(gtk: OpaquePointer)
}

extension OpaquePointer: GtkInstancePointer {
    init(gtk: OpaquePointer) { self = gtk }
}

extension UnsafeMutablePointer: GtkInstancePointer {
    init(gtk: OpaquePointer) { self.init(gtk) }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The widget as the instance type a GTK function takes, inferred from the call: C's cast.
    func c<Instance: GtkInstancePointer>() -> Instance {
        Instance(gtk: OpaquePointer(self))
    }

    var raw: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(self)
    }

    /// Sets the accessible label and, when there is one, the description
    /// (what a screen reader says after the name).
    func describe(label: String, description: String? = nil) {
        let accessible = OpaquePointer(self)
        var property = GTK_ACCESSIBLE_PROPERTY_LABEL
        withAccessibleValue(label) { gtk_accessible_update_property_value(accessible, 1, &property, $0) }
        if let description {
            property = GTK_ACCESSIBLE_PROPERTY_DESCRIPTION
            withAccessibleValue(description) { gtk_accessible_update_property_value(accessible, 1, &property, $0) }
        }
    }

    /// Marks the widget invalid (or not) for assistive technologies.
    func setInvalid(_ invalid: Bool) {
        var value = GValue()
        g_value_init(&value, GType(6 << 2)) // G_TYPE_INT
        g_value_set_int(&value, gint(invalid ? GTK_ACCESSIBLE_INVALID_TRUE.rawValue : GTK_ACCESSIBLE_INVALID_FALSE.rawValue))
        var state = GTK_ACCESSIBLE_STATE_INVALID
        gtk_accessible_update_state_value(OpaquePointer(self), 1, &state, &value)
        g_value_unset(&value)
    }

    /// Marks the widget required (or not) for assistive technologies.
    func setRequired(_ required: Bool) {
        var value = GValue()
        g_value_init(&value, GType(5 << 2)) // G_TYPE_BOOLEAN
        g_value_set_boolean(&value, required ? 1 : 0)
        var property = GTK_ACCESSIBLE_PROPERTY_REQUIRED
        gtk_accessible_update_property_value(OpaquePointer(self), 1, &property, &value)
        g_value_unset(&value)
    }

    private func withAccessibleValue(_ text: String, _ body: (UnsafePointer<GValue>) -> Void) {
        var value = GValue()
        g_value_init(&value, GType(16 << 2)) // G_TYPE_STRING
        g_value_set_string(&value, text)
        body(&value)
        g_value_unset(&value)
    }
}

/// A new label, left-aligned, wrapping.
func makeLabel(_ text: String, wraps: Bool = true) -> Widget {
    let label = gtk_label_new(text)!
    gtk_label_set_xalign(label.c(), 0)
    gtk_label_set_wrap(label.c(), wraps ? 1 : 0)
    return label
}

/// A box of `children`, vertical unless `horizontal`.
func makeBox(horizontal: Bool = false, spacing: Int32 = 6, _ children: [Widget] = []) -> Widget {
    let box = gtk_box_new(horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL, spacing)!
    for child in children {
        gtk_box_append(box.c(), child)
    }
    return box
}

/// Replaces the `count` strings of a `GtkStringList` with `strings`.
func replaceStrings(of list: OpaquePointer, count: Int, with strings: [String]) {
    var copies: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) }
    copies.append(nil)
    gtk_string_list_splice(list, 0, guint(count), copies)
    for copy in copies {
        free(UnsafeMutableRawPointer(mutating: copy))
    }
}
