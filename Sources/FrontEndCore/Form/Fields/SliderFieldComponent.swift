import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// A slider: a bar of 20 cells and the value; ←/→ move it by the spec's
/// step (else a tenth of the range), on the step's grid from the minimum.
package enum SliderFieldComponent: FieldComponent {
    package static func keys(for field: RemoteForm.Field) -> String {
        // TRANSLATORS: a help line's fragment: the arrow keys (kept as they are), then what they do: move a slider.
        tr("←/→ slide")
    }

    package static func range(_ field: RemoteForm.Field) -> (Double, Double) {
        let minimum = field.minimum.flatMap { try? Double(dbusValue: $0) } ?? 0
        let maximum = field.maximum.flatMap { try? Double(dbusValue: $0) } ?? 1
        return (minimum, maximum)
    }

    package static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        guard key == .left || key == .right else { return nil }
        let (minimum, maximum) = range(field)
        let name = field.name
        let current = model.daemon.values[name].flatMap { try? Double(dbusValue: $0) } ?? minimum
        let given = field.step ?? 0
        let hasStep = given > 0 && given.isFinite
        let step = hasStep ? given : (maximum - minimum) / 10
        let moved = current + (key == .left ? -1 : 1) * step
        let onGrid = hasStep ? minimum + ((moved - minimum) / step).rounded() * step : moved
        let value = (min(max(onGrid, minimum), maximum) * 1e9).rounded() / 1e9
        return [.call(.setValue(field: name, value: .double(value), .plain))]
    }
}
