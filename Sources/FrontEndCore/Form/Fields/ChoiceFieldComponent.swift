import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// A choice: its buttons, else its current options, as radio buttons;
/// ←/→ move the cursor, Space taps the button (or chooses the option).
package enum ChoiceFieldComponent: FieldComponent {
    package struct State: FieldComponentState {
        /// The button (or, without buttons, the option) under the cursor.
        package var cursor = 0

        package init() {}
    }

    package static func buttonNames(_ field: RemoteForm.Field) -> [String] {
        field.buttons
    }

    /// What the cursor moves over: (label, the value it sets).
    package static func choices(_ field: RemoteForm.Field, _ model: FormModel) -> [(label: String, value: String)] {
        let names = buttonNames(field)
        guard !names.isEmpty else { return field.options.map { (field.optionLabel($0), $0) } }
        return names.map { name in
            let value = model.daemon.buttons.first { $0.name == name }?.value ?? ""
            return (field.optionLabels[value] ?? name, value)
        }
    }

    package static func keys(for field: RemoteForm.Field) -> String {
        // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: move to another option or button; choose the option; tap (press) the button.
        buttonNames(field).isEmpty ? tr("←/→ option") + " · " + tr("space choose") : tr("←/→ button") + " · " + tr("space tap")
    }

    package static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        let all = choices(field, model)
        switch key {
        case .left, .right:
            guard !all.isEmpty else { return [] }
            let current = min(model.fields[Self.self, name: field.name].cursor, all.count - 1)
            model.fields[Self.self, name: field.name].cursor = (current + (key == .left ? all.count - 1 : 1)) % all.count
            return []
        case .character(" "):
            let index = model.fields[Self.self, name: field.name].cursor
            guard all.indices.contains(index) else { return [] }
            let names = buttonNames(field)
            if names.isEmpty {
                return [.call(.setValue(field: field.name, value: .string(all[index].value), .plain))]
            }
            return [.call(.tap(field: field.name, button: names[index]))]
        default:
            return nil
        }
    }
}
