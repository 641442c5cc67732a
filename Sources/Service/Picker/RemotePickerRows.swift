import DBus
import WidgetsAPI

extension RemoteRows.Interface {
    /// A picker's rows as a client serves them
    /// (`org.rxwidgets.Widgets1.PickerDataSource`): one part, the titles.
    static let picker = RemoteRows.Interface(name: PickerDataSourceContract.name, rowCounts: PickerDataSourceContract.rowCounts, parts: [
        RemoteRows.Part(method: PickerDataSourceContract.titles.name, question: { client, object, component, first, count in
            try PickerDataSourceContract.titles.message(to: client, path: object, interface: PickerDataSourceContract.name, (component, first, count))
        }, rows: { reply, checks, what in
            try PickerDataSourceContract.titles.results(of: reply).enumerated().map { offset, title in
                try checks.checkString(title, "the title of \(what(offset))")
                return .string(title)
            }
        }),
    ], section: "component")
}
