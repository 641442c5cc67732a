import RxWidgetsClient
import RxWidgetsCommandLine

/// A slider: a bar of 20 cells and the value; ←/→ move it by the spec's
/// step (else a tenth of the range), on the step's grid from the minimum.
enum SliderFieldComponent: FieldComponent {
    static func keys(for field: RemoteForm.Field) -> String { "←/→ slide" }

    static func range(_ field: RemoteForm.Field) -> (Double, Double) {
        let minimum = field.minimum.flatMap { try? Double(dbusValue: $0) } ?? 0
        let maximum = field.maximum.flatMap { try? Double(dbusValue: $0) } ?? 1
        return (minimum, maximum)
    }

    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        let number = model.daemon.values[field.name].flatMap { try? Double(dbusValue: $0) } ?? 0
        let (minimum, maximum) = range(field)
        // Clamped as a Double: a value past any Int (1e300, ±inf, NaN) draws as an end.
        let fraction = maximum > minimum ? (number - minimum) / (maximum - minimum) * 20 : 0
        let clamped = fraction.isNaN ? 0 : Int(min(max(fraction, 0), 20).rounded())
        var line = Line(String(repeating: "━", count: clamped), border)
        line.append("●", focused ? .accent : .bold)
        line.append(String(repeating: "─", count: 20 - clamped), .dim)
        line.append(" " + ValueText.plain(.double(number)))
        return line
    }

    static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        guard key == .left || key == .right else { return nil }
        let (minimum, maximum) = range(field)
        let name = field.name
        let current = model.pendingSlides[name]?.value ?? model.daemon.values[name].flatMap { try? Double(dbusValue: $0) } ?? minimum
        let given = field.step ?? 0
        let hasStep = given > 0 && given.isFinite
        let step = hasStep ? given : (maximum - minimum) / 10
        let moved = current + (key == .left ? -1 : 1) * step
        let onGrid = hasStep ? minimum + ((moved - minimum) / step).rounded() * step : moved
        let value = (min(max(onGrid, minimum), maximum) * 1e9).rounded() / 1e9
        model.pendingSlides[name] = (value, (model.pendingSlides[name]?.calls ?? 0) + 1)
        return [.call(.setValue(field: name, value: .double(value), .slide))]
    }

    /// A step was answered: the next one starts from the daemon's value once none is left.
    static func answered(_ field: String, _ model: inout FormModel) {
        guard let waiting = model.pendingSlides[field] else { return }
        model.pendingSlides[field] = waiting.calls > 1 ? (waiting.value, waiting.calls - 1) : nil
    }
}
