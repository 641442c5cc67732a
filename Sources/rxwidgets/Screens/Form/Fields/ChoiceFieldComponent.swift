import RxWidgetsClient
import RxWidgetsCommandLine

/// A choice: its buttons, else its current options, as radio buttons;
/// ←/→ move the cursor, Space taps the button (or chooses the option).
enum ChoiceFieldComponent: FieldComponent {
    static func buttonNames(_ field: RemoteForm.Field) -> [String] {
        field.buttons
    }

    /// What the cursor moves over: (label, the value it sets).
    static func choices(_ field: RemoteForm.Field, _ model: FormModel) -> [(label: String, value: String)] {
        let names = buttonNames(field)
        guard !names.isEmpty else { return field.options.map { ($0, $0) } }
        return names.map { name in (name, model.daemon.buttons.first { $0.name == name }?.value ?? "") }
    }

    static func keys(for field: RemoteForm.Field) -> String {
        buttonNames(field).isEmpty ? "←/→ option · space choose" : "←/→ button · space tap"
    }

    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        let current = model.daemon.values[field.name]?.stringValue ?? ""
        var line = Line()
        let all = choices(field, model)
        for (index, choice) in all.enumerated() {
            let chosen = choice.value == current
            let underCursor = focused && index == (model.choiceCursor[field.name] ?? 0)
            line.append(chosen ? "(•) " : "( ) ", chosen ? border : .dim)
            line.append(choice.label, underCursor ? .cursor : .plain)
            line.append("  ")
        }
        if all.isEmpty {
            line.append("no options", .dim)
        }
        return line
    }

    static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        let all = choices(field, model)
        switch key {
        case .left, .right:
            guard !all.isEmpty else { return [] }
            let current = min(model.choiceCursor[field.name] ?? 0, all.count - 1)
            model.choiceCursor[field.name] = (current + (key == .left ? all.count - 1 : 1)) % all.count
            return []
        case .character(" "):
            let index = model.choiceCursor[field.name] ?? 0
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
