import FrontEndCore
import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// How a choice field is drawn on the terminal.
extension ChoiceFieldComponent: FieldView {
    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        let current = model.daemon.values[field.name]?.stringValue ?? ""
        var line = Line()
        let all = choices(field, model)
        for (index, choice) in all.enumerated() {
            let chosen = choice.value == current
            let underCursor = focused && index == model.fields[ChoiceFieldComponent.self, name: field.name].cursor
            line.append(chosen ? "(•) " : "( ) ", chosen ? border : .dim)
            line.append(choice.label, underCursor ? .cursor : .plain)
            line.append("  ")
        }
        if all.isEmpty {
            // TRANSLATORS: a choice field that has no options to choose from now.
            line.append(tr("no options"), .dim)
        }
        return line
    }
}
