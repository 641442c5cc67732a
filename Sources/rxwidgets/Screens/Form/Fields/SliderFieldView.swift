import FrontEndCore
import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// How a slider field is drawn on the terminal.
extension SliderFieldComponent: FieldView {
    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        let number = model.daemon.values[field.name].flatMap { try? Double(dbusValue: $0) } ?? 0
        let (minimum, maximum) = range(field)
        // Clamped as a Double: a value past any Int (1e300, ±inf, NaN) draws as an end.
        let fraction = maximum > minimum ? (number - minimum) / (maximum - minimum) * 20 : 0
        let clamped = fraction.isNaN ? 0 : Int(min(max(fraction, 0), 20).rounded())
        var line = Line(String(repeating: "━", count: clamped), border)
        line.append("●", focused ? .accent : .bold)
        line.append(String(repeating: "─", count: 20 - clamped), .dim)
        line.append(" " + Language.process.number(ValueText.plain(.double(number))))
        return line
    }
}
