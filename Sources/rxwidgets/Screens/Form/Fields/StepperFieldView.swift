import FrontEndCore
import RxWidgetsClient
import RxWidgetsCommandLine

/// How a stepper field is drawn on the terminal.
extension StepperFieldComponent: FieldView {
    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        let number = model.daemon.values[field.name].flatMap { try? Double(dbusValue: $0) } ?? 0
        var line = Line("−", focused ? .accent : .dim)
        line.append(" \(ValueText.plain(.double(number))) ", .bold)
        line.append("+", focused ? .accent : .dim)
        return line
    }
}
