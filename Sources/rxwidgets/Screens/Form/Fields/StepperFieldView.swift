import FrontEndCore
import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// How a stepper field is drawn on the terminal: `− 3 +`, or the number
/// being typed in its place.
extension StepperFieldComponent: FieldView {
    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        var line = Line("−", focused ? .accent : .dim)
        if let typed = model.editing.flatMap({ $0.field == field.name && !$0.text.isEmpty ? $0.text : nil }) {
            line.append(" " + typed, .bold)
            line.append(" ", .cursor)
        } else {
            let number = model.daemon.values[field.name].flatMap { try? Double(dbusValue: $0) } ?? 0
            line.append(" " + Language.process.number(ValueText.plain(.double(number))) + " ", .bold)
        }
        line.append("+", focused ? .accent : .dim)
        return line
    }
}
