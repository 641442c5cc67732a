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

/// A table's rows as a client serves them: `UITableViewDataSource`'s
/// counts and cells, with RxDataSources' models, across the bus. The
/// daemon asks as the table's readers need rows, a page at a time.
public protocol TableDataSource: AnyObject {
    /// The number of rows of each section.
    func rowCounts() -> [Int]
    /// The cells of `rows` of `section`, identifier and text: exactly
    /// `rows.count` of them (the daemon asks only for rows `rowCounts` gave).
    func cells(section: Int, rows: Range<Int>) -> [(identifier: String, text: String)]
    /// The models of `rows` of `section`, exactly `rows.count` of them: what
    /// `Model`, `ModelSelected` and `ModelDeselected` carry.
    func models(section: Int, rows: Range<Int>) -> [DBusValue]
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
        try serveAttached(ServedDataSource<any PickerDataSource>(client: self, dataSource: dataSource), ServedDataSources.picker, kind: "pickerdata",
                          options: WidgetsClient.dataSourceOptions(page: page, cachePages: cachePages, timeout: timeout),
                          attach: picker.attachDataSource(at:options:)) { [weak picker] in try? picker?.detachDataSource() }
    }

    /// Serves a picker's rows from two closures: the row counts, and the
    /// titles of a component's rows.
    public func servePickerDataSource(on picker: RemotePicker, page: Int? = nil, cachePages: Int? = nil, timeout: Int? = nil,
                                      rowCounts: @escaping () -> [Int], titles: @escaping (_ component: Int, _ rows: Range<Int>) -> [String]) throws -> Disposable {
        try servePickerDataSource(PickerRowsFromClosures(rowCounts: rowCounts, titles: titles), on: picker, page: page, cachePages: cachePages, timeout: timeout)
    }
}

/// Serving a table's rows: this client exports a
/// `org.rxwidgets.Widgets1.TableDataSource` of its own and attaches it to
/// the table (`AttachDataSource`). Only the daemon may ask it.
extension WidgetsClient {
    /// Serves `dataSource` as `table`'s rows until the result is disposed,
    /// which detaches it (the table shows its bound sections again).
    /// Options as `AttachDataSource` takes them. Call `reloadData` on the
    /// table when the rows change (a user's `ItemDeleted` or `ItemMoved`
    /// included: the rows are the client's to change). The data source is
    /// held until disposed.
    public func serveTableDataSource(_ dataSource: TableDataSource, on table: RemoteTable, page: Int? = nil, cachePages: Int? = nil, timeout: Int? = nil) throws -> Disposable {
        try serveAttached(ServedDataSource<any TableDataSource>(client: self, dataSource: dataSource), ServedDataSources.table, kind: "tabledata",
                          options: WidgetsClient.dataSourceOptions(page: page, cachePages: cachePages, timeout: timeout),
                          attach: table.attachDataSource(at:options:)) { [weak table] in try? table?.detachDataSource() }
    }

    /// Serves a table's rows from closures: the row counts, and the cells
    /// and models of a section's rows.
    public func serveTableDataSource(on table: RemoteTable, page: Int? = nil, cachePages: Int? = nil, timeout: Int? = nil, rowCounts: @escaping () -> [Int],
                                     cells: @escaping (_ section: Int, _ rows: Range<Int>) -> [(identifier: String, text: String)],
                                     models: @escaping (_ section: Int, _ rows: Range<Int>) -> [DBusValue]) throws -> Disposable {
        try serveTableDataSource(TableRowsFromClosures(rowCounts: rowCounts, cells: cells, models: models), on: table, page: page, cachePages: cachePages, timeout: timeout)
    }

    /// `AttachDataSource`'s options, those given.
    static func dataSourceOptions(page: Int?, cachePages: Int?, timeout: Int?) -> [(key: String, value: DBusValue)] {
        [(DataSourceOption.page, page), (.cachePages, cachePages), (.timeout, timeout)].compactMap { option, value in
            value.map { option.with(.int32(Int32(clamping: $0))) }
        }
    }
}

/// Serving a picker's forward delegate: the daemon asks it for a
/// component's size (`AttachDelegate`).
extension WidgetsClient {
    /// Serves the sizes given a closure until the result is disposed, which
    /// detaches it; a size without one is the picker adapter's.
    public func servePickerDelegate(on picker: RemotePicker, timeout: Int? = nil, widthForComponent: ((Int) -> Double)? = nil,
                                    rowHeightForComponent: ((Int) -> Double)? = nil) throws -> Disposable {
        let size = { (answer: ((Int) -> Double)?) in answer.map { answer in { (component: Int32) in answer(Int(component)) } } }
        return try serveDelegate(PickerDelegateContract.interface, [
            (PickerDelegateContract.widthForComponent, size(widthForComponent)),
            (PickerDelegateContract.rowHeightForComponent, size(rowHeightForComponent)),
        ], kind: "pickerdelegate", timeout: timeout, attach: picker.attachDelegate(at:options:)) { [weak picker] in try? picker?.detachDelegate() }
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
        let row = { (answer: ((IndexPath) -> Bool)?) in answer.map { answer in { (cell: (Int32, Int32)) in answer(IndexPath(row: Int(cell.1), section: Int(cell.0))) } } }
        return try serveDelegate(TableDelegateContract.interface, [
            (TableDelegateContract.canEditRow, row(canEditRow)),
            (TableDelegateContract.canMoveRow, row(canMoveRow)),
            (TableDelegateContract.shouldSelectRow, row(shouldSelectRow)),
        ], kind: "tabledelegate", timeout: timeout, attach: table.attachDelegate(at:options:)) { [weak table] in try? table?.detachDelegate() }
    }

    /// Exports a delegate answering each question that has a closure (the
    /// others `UnknownMethod`: the widget's default), attaches it with
    /// `attach` and, once the result is disposed, `detach`es it.
    func serveDelegate<Inputs: ArgumentList & SendableMetatype, Answer: DBusConvertible & SendableMetatype>(_ interface: InterfaceContract, _ questions: [(MethodContract<Inputs, Parameters<Answer>>, ((Inputs.Values) -> Answer)?)],
                                                                   kind: String, timeout: Int?, attach: (ObjectPath, [(key: String, value: DBusValue)]) throws -> Void,
                                                                   detach: @escaping () -> Void) throws -> Disposable {
        let served = ServedDelegate<Inputs, Answer>(client: self, answers: Dictionary(uniqueKeysWithValues: questions.compactMap { question, answer in answer.map { (question.name, $0) } }))
        let declaration = InterfaceDeclaration<ServedDelegate<Inputs, Answer>>(interface, methods: questions.map { question, _ in
            question.serve { served, arguments, _ in
                guard let answer = served.answers[question.name] else {
                    throw DBusError(name: DBusError.Name.unknownMethod, message: "this delegate does not answer \(question.name)")
                }
                return answer(arguments)
            }
        }, properties: [])
        return try serveAttached(served, declaration, kind: kind, options: WidgetsClient.dataSourceOptions(page: nil, cachePages: nil, timeout: timeout), attach: attach, detach: detach)
    }

    /// Exports `party` for a widget, attaches it with `attach` and, once the
    /// result is disposed, `detach`es it and takes it off the bus.
    func serveAttached<Party: ServedByClient & SendableMetatype>(_ party: Party, _ declaration: InterfaceDeclaration<Party>, kind: String, options: [(key: String, value: DBusValue)],
                                                                 attach: (ObjectPath, [(key: String, value: DBusValue)]) throws -> Void, detach: @escaping () -> Void) throws -> Disposable {
        let serving = try serve(party, declaration, kind: kind, name: "rows", stop: {}) { try attach($0, options) }
        return Disposables.create {
            detach()
            serving.dispose()
        }
    }
}

/// The object behind a served delegate: each question the daemon asks
/// answered by its closure.
final class ServedDelegate<Inputs: ArgumentList, Answer>: ServedByClient {
    private(set) weak var client: WidgetsClient?
    let answers: [String: (Inputs.Values) -> Answer]

    init(client: WidgetsClient, answers: [String: (Inputs.Values) -> Answer]) {
        self.client = client
        self.answers = answers
    }
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

private final class TableRowsFromClosures: TableDataSource {
    let counts: () -> [Int]
    let cellsOf: (Int, Range<Int>) -> [(identifier: String, text: String)]
    let modelsOf: (Int, Range<Int>) -> [DBusValue]

    init(rowCounts: @escaping () -> [Int], cells: @escaping (Int, Range<Int>) -> [(identifier: String, text: String)], models: @escaping (Int, Range<Int>) -> [DBusValue]) {
        counts = rowCounts
        cellsOf = cells
        modelsOf = models
    }

    func rowCounts() -> [Int] { counts() }
    func cells(section: Int, rows: Range<Int>) -> [(identifier: String, text: String)] { cellsOf(section, rows) }
    func models(section: Int, rows: Range<Int>) -> [DBusValue] { modelsOf(section, rows) }
}

/// The rows a daemon's question names, refused when negative.
private func askedRows(_ arguments: (Int32, Int32, Int32), _ what: String) throws -> (Int, Range<Int>) {
    let (section, first, count) = arguments
    guard section >= 0, first >= 0, count >= 0 else {
        throw DBusError.invalidArgs("\(what), first and count must not be negative")
    }
    return (Int(section), Int(first)..<Int(first) + Int(count))
}

/// The object behind a served data source: answers the daemon's questions
/// from the client's data source.
final class ServedDataSource<Source>: ServedByClient {
    private(set) weak var client: WidgetsClient?
    let dataSource: Source

    init(client: WidgetsClient, dataSource: Source) {
        self.client = client
        self.dataSource = dataSource
    }
}

/// The handlers of the two data-source interfaces.
enum ServedDataSources {
    static let table = InterfaceDeclaration(TableHandlers())
    static let picker = InterfaceDeclaration(PickerHandlers())

    struct TableHandlers: InterfaceHandlers {
        typealias Target = ServedDataSource<any TableDataSource>
        typealias Contract = TableDataSourceContract

        let rowCounts: MethodHandler = Contract.rowCounts.serve { served, _, _ in
            served.dataSource.rowCounts().map { Int32(clamping: $0) }
        }
        let cells: MethodHandler = Contract.cells.serve { served, arguments, _ in
            let (section, rows) = try askedRows(arguments, "section")
            return served.dataSource.cells(section: section, rows: rows).map { DBusStruct($0.identifier, $0.text) }
        }
        let models: MethodHandler = Contract.models.serve { served, arguments, _ in
            let (section, rows) = try askedRows(arguments, "section")
            return Raw(served.dataSource.models(section: section, rows: rows).map(Variant.init))
        }
    }

    struct PickerHandlers: InterfaceHandlers {
        typealias Target = ServedDataSource<any PickerDataSource>
        typealias Contract = PickerDataSourceContract

        let rowCounts: MethodHandler = Contract.rowCounts.serve { served, _, _ in
            served.dataSource.rowCounts().map { Int32(clamping: $0) }
        }
        let titles: MethodHandler = Contract.titles.serve { served, arguments, _ in
            let (component, rows) = try askedRows(arguments, "component")
            return served.dataSource.titles(component: component, rows: rows)
        }
    }
}
