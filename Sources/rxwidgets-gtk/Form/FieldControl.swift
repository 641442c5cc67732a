import CGtk
import FrontEndCore
import RxWidgetsClient

/// A person's gestures on a field's control, as the form's inputs.
struct FieldActions {
    /// A value chosen (`SetValue`).
    let setValue: (DBusValue) -> Void
    /// The text typed so far (sent by the model, throttled).
    let edit: (String) -> Void
    /// `Tap` of a button.
    let tap: (String) -> Void
    /// `Increment` / `Decrement`.
    let step: (_ up: Bool) -> Void
    /// `AddItem`, `RemoveItem` or `MoveItem` of an array's items.
    let editItems: (FormCall) -> Void
}

/// One form field's GTK control: built from its `Layout` entry, it shows
/// the daemon's value (`show`, which sends nothing back) and turns a
/// person's gestures into `FieldActions`.
protocol FieldControl: AnyObject {
    /// What a screen reader names and what takes the focus.
    var widget: Widget { get }
    /// What is placed in the form (the widget, or a box around it).
    var container: Widget { get }
    /// Shows what the daemon holds for the field.
    func show(_ value: DBusValue?, field: RemoteForm.Field, buttons: [(name: String, field: String, value: String)])
}

extension FieldControl {
    var container: Widget { widget }
}

/// The control of each kind of field.
enum FieldControls {
    /// `item`: the item a row of an array stands for, nil for the array's own row and every other field.
    static func make(_ field: RemoteForm.Field, item: ItemRow?, actions: FieldActions) -> FieldControl {
        switch field.kind {
        case .switch: return SwitchControl(actions: actions)
        case .slider: return SliderControl(field, actions: actions)
        case .stepper: return StepperControl(field, actions: actions)
        case .choice: return ChoiceControl(field, actions: actions)
        case .date: return DateControl(field, actions: actions)
        case .file: return FileControl(field, actions: actions)
        case .array: return ArrayControl(field, item: item, actions: actions)
        case .text:
            return field.multiline ? MultilineTextControl(actions: actions) : TextControl(field, actions: actions)
        }
    }

    static func number(_ value: DBusValue?) -> Double? {
        value.flatMap { try? Double(dbusValue: $0) }
    }
}

/// Sets a string property of a GObject (those with no setter function).
func setProperty(_ object: UnsafeMutableRawPointer, _ name: String, _ text: String) {
    var value = GValue()
    g_value_init(&value, GType(16 << 2)) // G_TYPE_STRING
    g_value_set_string(&value, text)
    g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, &value)
    g_value_unset(&value)
}

/// Sets a boolean property of a GObject.
func setProperty(_ object: UnsafeMutableRawPointer, _ name: String, _ flag: Bool) {
    var value = GValue()
    g_value_init(&value, GType(5 << 2)) // G_TYPE_BOOLEAN
    g_value_set_boolean(&value, flag ? 1 : 0)
    g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, &value)
    g_value_unset(&value)
}
