import RxWidgetsClient
import RxWidgetsCommandLine

/// A stepper: `− 3 +`; ←/− is `Decrement`, →/+ `Increment`.
enum StepperFieldComponent: FieldComponent {
    static func keys(for field: RemoteForm.Field) -> String { "←/→ step" }

    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        let number = model.daemon.values[field.name].flatMap { try? Double(dbusValue: $0) } ?? 0
        var line = Line("−", focused ? .accent : .dim)
        line.append(" \(ValueText.plain(.double(number))) ", .bold)
        line.append("+", focused ? .accent : .dim)
        return line
    }

    static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        switch key {
        case .left, .character("-"): return [.call(.decrement(field.name))]
        case .right, .character("+"): return [.call(.increment(field.name))]
        default: return nil
        }
    }
}
