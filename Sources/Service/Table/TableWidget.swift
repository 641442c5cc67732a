import DBus
import RxWidgets

/// A served table: a `TableView` bound through `rx.items(dataSource:)` with
/// an animated data source, so each new binding is diffed against the last;
/// its `rx` events become the interface's signals.
final class TableWidget: Widget {
    static let interfaceName = "org.rxwidgets.Widgets1.Table"

    let table = TableView()
    private let dataSource: RxTableViewSectionedAnimatedDataSource<TableSection>
    private let sections = PublishRelay<[TableSection]>()
    private var cellFormat = "{value}"
    private var editable = false
    private let disposeBag = DisposeBag()

    init(name: String, options: [String: DBusValue], creator: MethodCall?, service: WidgetService) throws {
        var format: () -> String = { "{value}" }
        dataSource = RxTableViewSectionedAnimatedDataSource(
            configureCell: { _, _, indexPath, item in
                let cell = TableViewCell(style: .default, reuseIdentifier: "cell")
                cell.textLabel?.text = fill(format(), ["section": String(indexPath.section), "row": String(indexPath.row), "value": item.value.textForm])
                return cell
            },
            titleForHeaderInSection: { dataSource, section in dataSource[section].model.header }
        )
        super.init(kind: .table, name: name, creator: creator, transient: options["transient"] == .boolean(true), service: service)
        format = { [unowned self] in cellFormat }
        declare(makeInterface())
        sections.bind(to: table.rx.items(dataSource: dataSource)).disposed(by: disposeBag)
        observeEvents()
        if options["items"] != nil && options["sections"] != nil {
            throw DBusError.invalidArgs("options: give 'items' or 'sections', not both")
        }
        if let items = options["items"] {
            try bind(try self.sections(fromItems: items, "options 'items'"))
        } else if let given = options["sections"] {
            let parsed = (given.arrayElements ?? []).map { section -> (String, [DBusValue]) in
                guard case .structure(let fields) = section, fields.count == 2 else { return ("", []) }
                return (fields[0].stringValue ?? "", fields[1].arrayElements ?? [])
            }
            try bind(try self.sections(parsed, "options 'sections'"))
        }
    }

    static let optionTypes: [String: DBusType] = [
        "items": .array(.string), "sections": .array(.structure([.string, .array(.string)])), "transient": .boolean,
    ]

    /// Announces the binding made at creation, once the table is on the bus.
    func didAppear() {
        if isBound {
            emit("Reloaded", [])
        }
    }

    private func observeEvents() {
        dataSource.changes
            .subscribe(onNext: { [unowned self] changeset in
                if changeset.isReload {
                    emit("Reloaded", [])
                } else {
                    emit("ItemsChanged", [
                        .array(element: .structure([.int32, .int32]), changeset.deleted.map(\.dbusValue)),
                        .array(element: .structure([.int32, .int32]), changeset.inserted.map(\.dbusValue)),
                        .array(element: .structure([.int32, .int32, .int32, .int32]), changeset.moved.map {
                            .structure([.int32(Int32($0.from.section)), .int32(Int32($0.from.row)), .int32(Int32($0.to.section)), .int32(Int32($0.to.row))])
                        }),
                        .array(element: .structure([.int32, .int32]), changeset.updated.map(\.dbusValue)),
                    ])
                }
            })
            .disposed(by: disposeBag)
        table.rx.itemSelected.subscribe(onNext: { [unowned self] in emit("ItemSelected", [$0.dbusValue]) }).disposed(by: disposeBag)
        table.rx.modelSelected(TableModel.self).subscribe(onNext: { [unowned self] in emit("ModelSelected", [.variant($0.value)]) }).disposed(by: disposeBag)
        table.rx.itemDeselected.subscribe(onNext: { [unowned self] in emit("ItemDeselected", [$0.dbusValue]) }).disposed(by: disposeBag)
        table.rx.modelDeselected(TableModel.self).subscribe(onNext: { [unowned self] in emit("ModelDeselected", [.variant($0.value)]) }).disposed(by: disposeBag)
        table.rx.itemDeleted.subscribe(onNext: { [unowned self] in emit("ItemDeleted", [$0.dbusValue]) }).disposed(by: disposeBag)
        table.rx.modelDeleted(TableModel.self).subscribe(onNext: { [unowned self] in emit("ModelDeleted", [.variant($0.value)]) }).disposed(by: disposeBag)
        table.rx.itemMoved
            .subscribe(onNext: { [unowned self] move in
                emit("ItemMoved", [.int32(Int32(move.sourceIndex.section)), .int32(Int32(move.sourceIndex.row)),
                                   .int32(Int32(move.destinationIndex.section)), .int32(Int32(move.destinationIndex.row))])
            })
            .disposed(by: disposeBag)
        table.rx.itemAccessoryButtonTapped
            .subscribe(onNext: { [unowned self] in emit("ItemAccessoryButtonTapped", [$0.dbusValue]) })
            .disposed(by: disposeBag)
    }

    // MARK: Binding

    private func sections(fromItems value: DBusValue, _ what: String) throws -> [TableSection] {
        try sections([("", value.arrayElements ?? [])], what)
    }

    private func sections(_ parts: [(header: String, models: [DBusValue])], _ what: String) throws -> [TableSection] {
        try service.arguments.checkShape(parts: parts.count, rows: parts.reduce(0) { $0 + $1.models.count }, unit: "sections", what)
        return try parts.enumerated().map { index, part in
            try service.arguments.checkString(part.header, "\(what) section \(index) header")
            for (row, model) in part.models.enumerated() {
                try service.arguments.checkStrings(in: model, "\(what) section \(index) row \(row)")
            }
            return TableSection(model: TableSectionID(index: index, header: part.header), items: part.models.map { TableModel(value: $0.variantValue ?? $0) })
        }
    }

    private func bind(_ newSections: [TableSection]) throws {
        if !isBound || newSections.map(\.items) != dataSource.sectionModels.map(\.items) || newSections.map(\.model.header) != dataSource.sectionModels.map(\.model.header) {
            contentVersion += 1
        }
        isBound = true
        sections.accept(newSections)
    }

    override var bindingCalls: String { "SetItems or SetSections" }

    private func section(_ value: Int32) throws -> Int {
        try boundIndex(value, count: table.numberOfSections, "section")
    }

    private func indexPath(_ section: Int32, _ row: Int32) throws -> IndexPath {
        let column = try self.section(section)
        return IndexPath(row: try service.arguments.index(row, count: table.numberOfRows(inSection: column), "row"), section: column)
    }

    private func requireEditable(_ method: String) throws {
        guard editable else {
            throw WidgetsError.notEditable("\(method): table '\(name)' is not editable; set its Editable property to true first")
        }
    }

    private func model(at indexPath: IndexPath) -> DBusValue {
        dataSource[indexPath].value
    }

    // MARK: Interface

    private func makeInterface() -> Interface {
        let cell = [Argument("section", .int32), Argument("row", .int32)]
        let indexPaths = DBusType.array(.structure([.int32, .int32]))
        return Interface(TableWidget.interfaceName, methods: [
            changing("SetItems", in: [Argument("models", "av")]) { [unowned self] call in
                try bind(try sections(fromItems: call.arguments[0], "models"))
                return []
            },
            changing("SetSections", in: [Argument("sections", "a(sav)")]) { [unowned self] call in
                let parts = (call.arguments[0].arrayElements ?? []).map { section -> (String, [DBusValue]) in
                    guard case .structure(let fields) = section, fields.count == 2 else { return ("", []) }
                    return (fields[0].stringValue ?? "", fields[1].arrayElements ?? [])
                }
                try bind(try sections(parts, "sections"))
                return []
            },
            changing("AppendItems", in: [Argument("section", .int32), Argument("models", "av")]) { [unowned self] call in
                let index = try section(try call.argument(0))
                let appended = (call.arguments[1].arrayElements ?? []).map { TableModel(value: $0.variantValue ?? $0) }
                var current = dataSource.sectionModels
                try service.arguments.checkShape(parts: current.count, rows: current.reduce(0) { $0 + $1.items.count } + appended.count,
                                                 unit: "sections", "the table with \(appended.count) rows appended")
                for (row, model) in appended.enumerated() {
                    try service.arguments.checkStrings(in: model.value, "models row \(row)")
                }
                guard !appended.isEmpty else { return [] }
                let start = current[index].items.count
                current[index] = TableSection(original: current[index], items: current[index].items + appended)
                dataSource.setSections(current)
                table.apply(Changeset(deleted: [], inserted: (start..<start + appended.count).map { IndexPath(row: $0, section: index) }, moved: [], updated: []))
                contentVersion += 1
                return []
            },
            changing("SetCellFormat", in: [Argument("format", .string)]) { [unowned self] call in
                let format: String = try call.argument(0)
                try service.arguments.checkString(format, "format")
                if format != cellFormat {
                    cellFormat = format
                    contentVersion += 1
                }
                return []
            },
            Method("CellForRow", in: cell, out: [Argument("identifier", .string), Argument("text", .string)]) { [unowned self] call in
                let path = try indexPath(try call.argument(0), try call.argument(1))
                let cell = table.cellForRow(at: path)
                return [.string(cell?.reuseIdentifier ?? ""), .string(cell?.textLabel?.text ?? "")]
            },
            Method("Model", in: cell, out: [Argument("model", .variant)]) { [unowned self] call in
                [.variant(model(at: try indexPath(try call.argument(0), try call.argument(1))))]
            },
            Method("TitleForHeader", in: [Argument("section", .int32)], out: [Argument("title", .string)]) { [unowned self] call in
                [.string(table.titleForHeader(inSection: try section(try call.argument(0))) ?? "")]
            },
            changing("SelectRow", in: cell) { [unowned self] call in
                let path = try indexPath(try call.argument(0), try call.argument(1))
                if !table.allowsMultipleSelection, let previous = table.indexPathForSelectedRow, previous != path {
                    table.deselectRow(at: previous, animated: false)
                    table.delegate?.tableView(table, didDeselectRowAt: previous)
                }
                table.selectRow(at: path, animated: false, scrollPosition: .none)
                table.delegate?.tableView(table, didSelectRowAt: path)
                return []
            },
            changing("DeselectRow", in: cell) { [unowned self] call in
                let path = try indexPath(try call.argument(0), try call.argument(1))
                table.deselectRow(at: path, animated: false)
                table.delegate?.tableView(table, didDeselectRowAt: path)
                return []
            },
            changing("DeleteRow", in: cell) { [unowned self] call in
                try requireEditable("DeleteRow")
                let path = try indexPath(try call.argument(0), try call.argument(1))
                table.dataSource?.tableView(table, commit: .delete, forRowAt: path)
                var current = dataSource.sectionModels
                var rows = current[path.section].items
                rows.remove(at: path.row)
                current[path.section] = TableSection(original: current[path.section], items: rows)
                dataSource.setSections(current)
                table.apply(Changeset(deleted: [path], inserted: [], moved: [], updated: []))
                contentVersion += 1
                return []
            },
            changing("MoveRow", in: [Argument("from_section", .int32), Argument("from_row", .int32), Argument("to_section", .int32), Argument("to_row", .int32)]) { [unowned self] call in
                try requireEditable("MoveRow")
                let from = try indexPath(try call.argument(0), try call.argument(1))
                let toSection = try section(try call.argument(2))
                let limit = table.numberOfRows(inSection: toSection) - (toSection == from.section ? 1 : 0)
                let toRow = try service.arguments.index(try call.argument(3), count: limit + 1, "to_row")
                let to = IndexPath(row: toRow, section: toSection)
                guard from != to else { return [] }
                table.dataSource?.tableView(table, moveRowAt: from, to: to)
                table.apply(Changeset(deleted: [], inserted: [], moved: [Changeset.Move(from: from, to: to)], updated: []))
                contentVersion += 1
                return []
            },
            changing("TapAccessory", in: cell) { [unowned self] call in
                let path = try indexPath(try call.argument(0), try call.argument(1))
                table.delegate?.tableView(table, accessoryButtonTappedForRowWith: path)
                return []
            },
        ], signals: [
            SignalDeclaration("ItemsChanged", [Argument("deleted", "a(ii)"), Argument("inserted", "a(ii)"), Argument("moved", "a(iiii)"), Argument("updated", "a(ii)")]),
            SignalDeclaration("Reloaded"),
            SignalDeclaration("ItemSelected", [Argument("index_path", "(ii)")]),
            SignalDeclaration("ItemDeselected", [Argument("index_path", "(ii)")]),
            SignalDeclaration("ModelSelected", [Argument("model", .variant)]),
            SignalDeclaration("ModelDeselected", [Argument("model", .variant)]),
            SignalDeclaration("ItemDeleted", [Argument("index_path", "(ii)")]),
            SignalDeclaration("ModelDeleted", [Argument("model", .variant)]),
            SignalDeclaration("ItemMoved", [Argument("from_section", .int32), Argument("from_row", .int32), Argument("to_section", .int32), Argument("to_row", .int32)]),
            SignalDeclaration("ItemAccessoryButtonTapped", [Argument("index_path", "(ii)")]),
        ], properties: [
            Property("NumberOfSections", .int32) { [unowned self] in .int32(Int32(table.numberOfSections)) },
            Property("RowCounts", .array(.int32)) { [unowned self] in .array(element: .int32, table.rowCounts.map { .int32(Int32($0)) }) },
            Property("SelectedIndexPaths", indexPaths) { [unowned self] in .array(element: .structure([.int32, .int32]), (table.indexPathsForSelectedRows ?? []).map(\.dbusValue)) },
            Property("AllowsMultipleSelection", .boolean, get: { [unowned self] in .boolean(table.allowsMultipleSelection) }, set: { [unowned self] value, call in
                try mutate(call) { table.allowsMultipleSelection = value == .boolean(true) }
            }),
            Property("Editable", .boolean, get: { [unowned self] in .boolean(editable) }, set: { [unowned self] value, call in
                try mutate(call) { editable = value == .boolean(true) }
            }),
            revisionProperty(),
        ])
    }
}
