import FrontEndCore
import RxWidgetsClient

/// How one kind of field (its `FieldComponent`) is drawn on the terminal.
protocol FieldView: FieldComponent {
    /// The value cell of `field`.
    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line
    /// The lines a value of several lines takes below its first, drawn under the value cell.
    static func continuation(_ field: RemoteForm.Field, in model: FormModel, focused: Bool) -> [Line]
}

extension FieldView {
    static func continuation(_ field: RemoteForm.Field, in model: FormModel, focused: Bool) -> [Line] { [] }
}

extension FormModel {
    /// The view that draws `field`.
    static func fieldView(of field: RemoteForm.Field) -> any FieldView.Type {
        switch field.kind {
        case .text: return TextFieldComponent.self
        case .date: return DateFieldComponent.self
        case .switch: return SwitchFieldComponent.self
        case .slider: return SliderFieldComponent.self
        case .stepper: return StepperFieldComponent.self
        case .choice: return ChoiceFieldComponent.self
        case .file: return FileFieldComponent.self
        case .array: return ArrayFieldComponent.self
        }
    }
}
