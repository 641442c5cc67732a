import FrontEndCore
import DBus
import RxWidgetsClient
import RxWidgetsCommandLine
import WidgetsAPI

/// `set`, `append`, `select`, `form-set`: a script changes a widget someone
/// shows (yad's `--listen`, swiftDialog's command file), one call each;
/// every front end on it follows. The daemon judges each change as it
/// judges a person's: a refusal exits 3 with its reason.
enum Update {
    static func run(_ action: UpdateAction, target: String, values: [String], client: WidgetsClient) throws -> Outcome {
        let path = try Prompts.find(target, client: client, waitingOnly: false)
        let kind = WidgetKind.widget(at: path.rawValue)?.kind
        switch (action, kind) {
        case (.setItems, .picker?):
            let picker = try client.picker(path.lastComponent)
            guard picker.numberOfComponents <= 1 else {
                throw UsageError(description: "\(path.rawValue) has \(picker.numberOfComponents) components; set items sets a picker of one")
            }
            try picker.setItems([values])
        case (.setItems, .table?):
            try client.table(path.lastComponent).setItems(values.map(DBusValue.string))
        case (.append, .picker?):
            let picker = try client.picker(path.lastComponent)
            try picker.call(PickerContract.appendItems, Raw([values] + Array(repeating: [], count: max(picker.numberOfComponents - 1, 0))))
        case (.append, .table?):
            try client.table(path.lastComponent).call(TableContract.appendItems, (0, Raw(values.map { Variant(.string($0)) })))
        case (.select, .picker?), (.select, .table?), (.formSet, .form?):
            try Prompts.set(path, to: values, client: client)
        default:
            throw UsageError(description: "\(action.rawValue) does not apply to \(path.rawValue) (a \(kind?.rawValue ?? "widget")): set, append and select take pickers and tables, form-set forms")
        }
        return .done("")
    }
}
