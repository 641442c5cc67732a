import RxWidgetsClient
import RxWidgetsCommandLine

/// A stepper: `− 3 +`; ←/− is `Decrement`, →/+ `Increment`.
package enum StepperFieldComponent: FieldComponent {
    package static func keys(for field: RemoteForm.Field) -> String { "←/→ step" }

    package static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        switch key {
        case .left, .character("-"): return [.call(.decrement(field.name))]
        case .right, .character("+"): return [.call(.increment(field.name))]
        default: return nil
        }
    }
}
