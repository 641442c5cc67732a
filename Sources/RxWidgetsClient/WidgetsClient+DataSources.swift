import DBus
import RxCoreEssentials
import WidgetsAPI

/// A picker's rows as a client serves them: `UIPickerViewDataSource` with
/// the delegate's `titleForRow`, across the bus. The daemon asks as the
/// picker's readers need rows, a page at a time, so the rows are never
/// copied into it.
public protocol PickerDataSource: AnyObject {
    /// The number of rows of each component.
    func rowCounts() -> [Int]
    /// The titles of `rows` of `component`: exactly `rows.count` of them
    /// (the daemon asks only for rows `rowCounts` gave).
    func titles(component: Int, rows: Range<Int>) -> [String]
}

/// Serving a picker's rows: this client exports a
/// `org.rxwidgets.Widgets1.PickerDataSource` of its own and attaches it to
/// the picker (`AttachDataSource`). Only the daemon may ask it.
extension WidgetsClient {
    /// Serves `dataSource` as `picker`'s rows until the result is disposed,
    /// which detaches it (the picker shows its bound items again). Options
    /// as `AttachDataSource` takes them: rows a page, pages cached, and the
    /// milliseconds one question may take. Call `reloadAllComponents` on the
    /// picker when the rows change. The data source is held until disposed.
    public func servePickerDataSource(_ dataSource: PickerDataSource, on picker: RemotePicker, page: Int? = nil, cachePages: Int? = nil, timeout: Int? = nil) throws -> Disposable {
        let served = ServedPickerDataSource(client: self, dataSource: dataSource)
        let options: [(key: String, value: DBusValue)] = [("page", page), ("cache_pages", cachePages), ("timeout", timeout)].compactMap { key, value in
            value.map { (key, .int32(Int32(clamping: $0))) }
        }
        let serving = try serve(served, ServedPickerDataSource.declaration, kind: "pickerdata", name: "rows", stop: {}) { path in
            try picker.attachDataSource(at: path, options: options)
        }
        return Disposables.create { [weak picker] in
            try? picker?.detachDataSource()
            serving.dispose()
        }
    }

    /// Serves a picker's rows from two closures: the row counts, and the
    /// titles of a component's rows.
    public func servePickerDataSource(on picker: RemotePicker, page: Int? = nil, cachePages: Int? = nil, timeout: Int? = nil,
                                      rowCounts: @escaping () -> [Int], titles: @escaping (_ component: Int, _ rows: Range<Int>) -> [String]) throws -> Disposable {
        try servePickerDataSource(PickerRowsFromClosures(rowCounts: rowCounts, titles: titles), on: picker, page: page, cachePages: cachePages, timeout: timeout)
    }
}

/// Serving a table's forward delegate: the daemon asks it before a user's
/// delete, move or select of a row (`AttachDelegate`).
extension WidgetsClient {
    /// Serves the questions given a closure until the result is disposed,
    /// which detaches it; a question without one gets UIKit's default (the
    /// table's own rules decide). `canEditRow` false makes a `DeleteRow`
    /// NotEditable, `canMoveRow` false a `MoveRow`; `shouldSelectRow` false
    /// makes a `SelectRow` select nothing and emit nothing.
    public func serveTableDelegate(on table: RemoteTable, timeout: Int? = nil, canEditRow: ((IndexPath) -> Bool)? = nil,
                                   canMoveRow: ((IndexPath) -> Bool)? = nil, shouldSelectRow: ((IndexPath) -> Bool)? = nil) throws -> Disposable {
        let served = ServedTableDelegate(client: self, answers: [
            TableDelegateContract.canEditRow.name: canEditRow,
            TableDelegateContract.canMoveRow.name: canMoveRow,
            TableDelegateContract.shouldSelectRow.name: shouldSelectRow,
        ].compactMapValues { $0 })
        let options: [(key: String, value: DBusValue)] = timeout.map { [("timeout", .int32(Int32(clamping: $0)))] } ?? []
        let serving = try serve(served, ServedTableDelegate.declaration, kind: "tabledelegate", name: "rows", stop: {}) { path in
            try table.attachDelegate(at: path, options: options)
        }
        return Disposables.create { [weak table] in
            try? table?.detachDelegate()
            serving.dispose()
        }
    }
}

/// The object behind a served table delegate: each question answered by
/// its closure, or refused as unknown when there is none.
final class ServedTableDelegate {
    private weak var client: WidgetsClient?
    let answers: [String: (IndexPath) -> Bool]

    init(client: WidgetsClient, answers: [String: (IndexPath) -> Bool]) {
        self.client = client
        self.answers = answers
    }

    static let declaration = InterfaceDeclaration<ServedTableDelegate>(TableDelegateContract.interface, methods: [
        TableDelegateContract.canEditRow, TableDelegateContract.canMoveRow, TableDelegateContract.shouldSelectRow,
    ].map { question in
        question.serve { (served: ServedTableDelegate, row, call) in
            try WidgetsClient.admitDaemon(call, of: served.client)
            guard let answer = served.answers[question.name] else {
                throw DBusError(name: DBusError.Name.unknownMethod, message: "this delegate does not answer \(question.name)")
            }
            return answer(IndexPath(row: Int(row.1), section: Int(row.0)))
        }
    }, properties: [])
}

private final class PickerRowsFromClosures: PickerDataSource {
    let counts: () -> [Int]
    let titlesOf: (Int, Range<Int>) -> [String]

    init(rowCounts: @escaping () -> [Int], titles: @escaping (Int, Range<Int>) -> [String]) {
        counts = rowCounts
        titlesOf = titles
    }

    func rowCounts() -> [Int] { counts() }
    func titles(component: Int, rows: Range<Int>) -> [String] { titlesOf(component, rows) }
}

/// The object behind a served picker data source: answers the daemon's
/// questions from the client's data source.
final class ServedPickerDataSource {
    private weak var client: WidgetsClient?
    let dataSource: PickerDataSource

    init(client: WidgetsClient, dataSource: PickerDataSource) {
        self.client = client
        self.dataSource = dataSource
    }

    static let declaration = InterfaceDeclaration<ServedPickerDataSource>(PickerDataSourceContract.interface, methods: [
        PickerDataSourceContract.rowCounts.serve { served, _, call in
            try WidgetsClient.admitDaemon(call, of: served.client)
            return served.dataSource.rowCounts().map { Int32(clamping: $0) }
        },
        PickerDataSourceContract.titles.serve { served, arguments, call in
            try WidgetsClient.admitDaemon(call, of: served.client)
            let (component, first, count) = arguments
            guard component >= 0, first >= 0, count >= 0 else {
                throw DBusError.invalidArgs("component, first and count must not be negative")
            }
            return served.dataSource.titles(component: Int(component), rows: Int(first)..<Int(first) + Int(count))
        },
    ], properties: [])
}
