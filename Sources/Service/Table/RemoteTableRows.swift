import DBus
import WidgetsAPI

extension RemoteRows.Interface {
    /// The part of a served table's row `Cells` gives: `(ss)` identifier and text.
    static let cellsPart = 0
    /// The part `Models` gives: the row's model.
    static let modelsPart = 1

    /// A table's rows as a client serves them
    /// (`org.rxwidgets.Widgets1.TableDataSource`): cells and models.
    static let table = RemoteRows.Interface(name: TableDataSourceContract.name, rowCounts: TableDataSourceContract.rowCounts, parts: [
        RemoteRows.Part(method: TableDataSourceContract.cells.name, question: { client, object, section, first, count in
            try TableDataSourceContract.cells.message(to: client, path: object, interface: TableDataSourceContract.name, (section, first, count))
        }, rows: { reply, checks, what in
            try TableDataSourceContract.cells.results(of: reply).enumerated().map { offset, cell in
                let (identifier, text) = cell.fields
                try checks.checkString(identifier, "the cell identifier of \(what(offset))")
                try checks.checkString(text, "the cell text of \(what(offset))")
                return .structure([.string(identifier), .string(text)])
            }
        }),
        RemoteRows.Part(method: TableDataSourceContract.models.name, question: { client, object, section, first, count in
            try TableDataSourceContract.models.message(to: client, path: object, interface: TableDataSourceContract.name, (section, first, count))
        }, rows: { reply, checks, what in
            try (TableDataSourceContract.models.results(of: reply).value.arrayElements ?? []).enumerated().map { offset, model in
                let value = model.variantValue ?? model
                try checks.checkStrings(in: value, "the model of \(what(offset))")
                return value
            }
        }),
    ], section: "section")
}
