import FoundationEssentials
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
    private let disposeBag = DisposeBag()

    init(name: String, options: [String: DBusValue], creator: Creator, context: WidgetContext) throws {
        var format: () -> String = { "{value}" }
        let cellLimit = context.limits.stringLength
        dataSource = RxTableViewSectionedAnimatedDataSource(
            configureCell: { _, _, indexPath, item in
                let cell = TableViewCell(style: .default, reuseIdentifier: "cell")
                cell.textLabel?.text = fill(format(), ["section": String(indexPath.section), "row": String(indexPath.row), "value": item.value.textForm], limit: cellLimit)
                return cell
            },
            titleForHeaderInSection: { dataSource, section in dataSource[section].model.header }
        )
        super.init(kind: .table, name: name, creator: creator, transient: options["transient"] == .boolean(true), context: context)
        dataSource.maximumDiffRows = context.limits.diffRows
        format = { [weak self] in self?.cellFormat ?? "{value}" }
        sections.bind(to: table.rx.items(dataSource: dataSource)).disposed(by: disposeBag)
        observeEvents()
        if options["items"] != nil && options["sections"] != nil {
            throw DBusError.invalidArgs("options: give 'items' or 'sections', not both")
        }
        if let items = options["items"] {
            bind(try self.sections(fromItems: items, "options 'items'"))
        } else if let given = options["sections"] {
            bind(try self.sections(TableWidget.parts(of: given), "options 'sections'"))
        }
    }

    static let optionTypes: [String: DBusType] = [
        "items": .array(.string), "sections": .array(.structure([.string, .array(.string)])), "transient": .boolean,
    ]

    /// Announces the binding made at creation, once the table is on the bus.
    override func didAppear() {
        if isBound {
            emit(TableWidget.reloaded)
        }
    }

    private func observeEvents() {
        dataSource.changes
            .subscribe(onNext: { [weak self] changeset in
                guard let self else { return }
                if changeset.isReload {
                    emit(TableWidget.reloaded)
                } else {
                    emit(TableWidget.itemsChanged, changeset.deleted, changeset.inserted, changeset.moved.map { RowMove(from: $0.from, to: $0.to) }, changeset.updated)
                }
            })
            .disposed(by: disposeBag)
        let row = { (path: IndexPath) in (Int32(path.section), Int32(path.row)) }
        table.rx.itemSelected.subscribe(onNext: { [weak self] in self?.emit(TableWidget.itemSelected, row($0).0, row($0).1) }).disposed(by: disposeBag)
        table.rx.modelSelected(TableModel.self).subscribe(onNext: { [weak self] in self?.emit(TableWidget.modelSelected, Variant($0.value)) }).disposed(by: disposeBag)
        table.rx.itemDeselected.subscribe(onNext: { [weak self] in self?.emit(TableWidget.itemDeselected, row($0).0, row($0).1) }).disposed(by: disposeBag)
        table.rx.modelDeselected(TableModel.self).subscribe(onNext: { [weak self] in self?.emit(TableWidget.modelDeselected, Variant($0.value)) }).disposed(by: disposeBag)
        table.rx.itemDeleted.subscribe(onNext: { [weak self] in self?.emit(TableWidget.itemDeleted, row($0).0, row($0).1) }).disposed(by: disposeBag)
        table.rx.modelDeleted(TableModel.self).subscribe(onNext: { [weak self] in self?.emit(TableWidget.modelDeleted, Variant($0.value)) }).disposed(by: disposeBag)
        table.rx.itemMoved
            .subscribe(onNext: { [weak self] move in
                self?.emit(TableWidget.itemMoved, row(move.sourceIndex).0, row(move.sourceIndex).1, row(move.destinationIndex).0, row(move.destinationIndex).1)
            })
            .disposed(by: disposeBag)
        table.rx.itemAccessoryButtonTapped
            .subscribe(onNext: { [weak self] in self?.emit(TableWidget.itemAccessoryButtonTapped, row($0).0, row($0).1) })
            .disposed(by: disposeBag)
        table.rx.itemHighlighted.subscribe(onNext: { [weak self] in self?.emit(TableWidget.itemHighlighted, row($0).0, row($0).1) }).disposed(by: disposeBag)
        table.rx.itemUnhighlighted.subscribe(onNext: { [weak self] in self?.emit(TableWidget.itemUnhighlighted, row($0).0, row($0).1) }).disposed(by: disposeBag)
        // The data's owner removes a deleted row, as an RxDataSources app
        // does: by binding the rows without it. Subscribed last, so the
        // signals above still see the row.
        table.rx.itemDeleted
            .subscribe(onNext: { [weak self] in self?.removeRow(at: $0) })
            .disposed(by: disposeBag)
    }

    /// Binds `sections` with section `index`'s rows replaced wholesale: as
    /// a new section, so the table reloads (bulk data is not diffed) and
    /// only that section's selection is dropped.
    private func replaceRows(ofSection index: Int, in sections: [TableSection], with rows: [TableModel]) {
        var replaced = sections
        let old = sections[index].model
        replaced[index] = TableSection(model: TableSectionID(index: index, header: old.header, generation: old.generation + 1), items: rows)
        let keptSelection = (table.indexPathsForSelectedRows ?? []).filter { $0.section != index }
        bind(replaced)
        for path in keptSelection {
            table.selectRow(at: path, animated: false, scrollPosition: .none)
        }
    }

    private func removeRow(at path: IndexPath) {
        var current = dataSource.sectionModels
        var rows = current[path.section].items
        rows.remove(at: path.row)
        current[path.section] = TableSection(original: current[path.section], items: rows)
        bind(current)
    }

    // MARK: Binding

    /// Header and rows of each section of an `a(sav)` (or the option's `a(sas)`), whose signature was checked.
    private static func parts(of value: DBusValue) -> [(header: String, models: [DBusValue])] {
        (value.arrayElements ?? []).map { section in
            guard case .structure(let fields) = section, fields.count == 2 else { return ("", []) }
            return (fields[0].stringValue ?? "", fields[1].arrayElements ?? [])
        }
    }

    private func sections(fromItems value: DBusValue, _ what: String) throws -> [TableSection] {
        try sections([("", value.arrayElements ?? [])], what)
    }

    private func sections(_ parts: [(header: String, models: [DBusValue])], _ what: String) throws -> [TableSection] {
        try context.arguments.checkShape(parts: parts.count, rows: parts.reduce(0) { $0 + $1.models.count }, unit: "sections", what)
        return try parts.enumerated().map { index, part in
            try context.arguments.checkString(part.header, "\(what) section \(index) header")
            for (row, model) in part.models.enumerated() {
                try context.arguments.checkStrings(in: model, "\(what) section \(index) row \(row)")
            }
            // A section keeps its identity (its generation) across bindings.
            let generation = dataSource.sectionModels.indices.contains(index) ? dataSource.sectionModels[index].model.generation : 0
            return TableSection(model: TableSectionID(index: index, header: part.header, generation: generation), items: part.models.map { TableModel(value: $0.variantValue ?? $0) })
        }
    }

    private func bind(_ newSections: [TableSection]) {
        if !isBound || newSections.map(\.items) != dataSource.sectionModels.map(\.items) || newSections.map(\.model.header) != dataSource.sectionModels.map(\.model.header) {
            contentVersion += 1
        }
        isBound = true
        sections.accept(newSections)
    }

    override var bindingCalls: String { "SetItems or SetSections" }

    // MARK: State

    /// `b bound`, `a(sav) sections`, `s cell format`, `a(ii) selected`,
    /// `b allows multiple selection`, `b editable`.
    override func stateValues() -> [DBusValue] {
        let sections = dataSource.sectionModels.map { section -> DBusValue in
            .structure([.string(section.model.header), .array(element: .variant, section.items.map { .variant($0.value) })])
        }
        return [
            .boolean(isBound), .array(element: .structure([.string, .array(.variant)]), sections), .string(cellFormat),
            (table.indexPathsForSelectedRows ?? []).dbusValue, .boolean(table.allowsMultipleSelection), .boolean(table.isEditing),
        ]
    }

    /// The table a state file describes, its sections checked as `SetSections` checks them.
    static func restored(from file: StateFile, context: WidgetContext) throws -> TableWidget {
        let state = file.state
        guard state.count == 6, case .boolean(let bound) = state[0], let format = state[2].stringValue, let selected = try? Array<IndexPath>(dbusValue: state[3]),
              case .boolean(let multiple) = state[4], case .boolean(let editable) = state[5] else {
            throw StateFile.ReadError(description: "a table's state is (b bound, a(sav) sections, s format, a(ii) selected, b multiple, b editable)")
        }
        let widget = try TableWidget(name: file.name, options: [:], creator: Creator(restoring: file), context: context)
        if bound {
            widget.bind(try widget.sections(TableWidget.parts(of: state[1]), "stored sections"))
        }
        try context.arguments.checkString(format, "stored cell format")
        widget.cellFormat = format
        widget.table.allowsMultipleSelection = multiple
        widget.table.isEditing = editable
        for path in selected where path.section < widget.table.numberOfSections && path.row < widget.table.numberOfRows(inSection: path.section) {
            widget.table.selectRow(at: path, animated: false, scrollPosition: .none)
        }
        widget.resume(atRevision: file.revision)
        return widget
    }

    private func section(_ value: Int32) throws -> Int {
        try boundIndex(value, count: table.numberOfSections, "section")
    }

    private func indexPath(_ section: Int32, _ row: Int32) throws -> IndexPath {
        let column = try self.section(section)
        return IndexPath(row: try context.arguments.index(row, count: table.numberOfRows(inSection: column), "row"), section: column)
    }

    private func notEditable(_ method: String) -> DBusError {
        WidgetsError.notEditable("\(method): table '\(name)' is not editable; set its Editable property to true first")
    }

    /// A row's cell as `CellForRow` answers it: identifier and text.
    private func cell(at indexPath: IndexPath) -> (DBusValue, DBusValue) {
        let cell = table.cellForRow(at: indexPath)
        return (.string(cell?.reuseIdentifier ?? ""), .string(cell?.textLabel?.text ?? ""))
    }

    private func model(at indexPath: IndexPath) -> DBusValue {
        dataSource[indexPath].value
    }

    // MARK: Interface

    override var interfaceName: String { TableWidget.interfaceName }
    override func boundInterface() -> Interface { TableWidget.declaration.bind(to: self) }
    override func watchedValues(_ names: [String]?) -> [(name: String, value: DBusValue)] { TableWidget.declaration.watchedValues(of: self, names) }

    private static let cell = [Argument("section", .int32), Argument("row", .int32)]

    static let itemsChanged = TypedSignal("ItemsChanged", ("deleted", Array<IndexPath>.self), ("inserted", Array<IndexPath>.self), ("moved", Array<RowMove>.self), ("updated", Array<IndexPath>.self))
    static let reloaded = TypedSignal("Reloaded")
    static let itemSelected = TypedSignal("ItemSelected", ("section", Int32.self), ("row", Int32.self))
    static let itemDeselected = TypedSignal("ItemDeselected", ("section", Int32.self), ("row", Int32.self))
    static let modelSelected = TypedSignal("ModelSelected", ("model", Variant.self))
    static let modelDeselected = TypedSignal("ModelDeselected", ("model", Variant.self))
    static let itemDeleted = TypedSignal("ItemDeleted", ("section", Int32.self), ("row", Int32.self))
    static let modelDeleted = TypedSignal("ModelDeleted", ("model", Variant.self))
    static let itemMoved = TypedSignal("ItemMoved", ("from_section", Int32.self), ("from_row", Int32.self), ("to_section", Int32.self), ("to_row", Int32.self))
    static let itemAccessoryButtonTapped = TypedSignal("ItemAccessoryButtonTapped", ("section", Int32.self), ("row", Int32.self))
    static let itemHighlighted = TypedSignal("ItemHighlighted", ("section", Int32.self), ("row", Int32.self))
    static let itemUnhighlighted = TypedSignal("ItemUnhighlighted", ("section", Int32.self), ("row", Int32.self))

    /// A user's gesture on the row `(section, row)`: the table carries it out
    /// and its delegate calls become the signals.
    private static func rowGesture(_ name: String, _ gesture: @escaping @Sendable (TableView) -> (IndexPath) -> Void) -> MethodDeclaration<TableWidget> {
        .changing(name, in: cell) { widget, call in
            gesture(widget.table)(try widget.indexPath(try call.argument("section"), try call.argument("row")))
            return []
        }
    }

    /// `org.rxwidgets.Widgets1.Table`, declared once for every table.
    static let declaration = InterfaceDeclaration<TableWidget>(interfaceName, documentation: documentation, methods: [
        .changing("SetItems", in: [Argument("models", "av")]) { widget, call in
            widget.bind(try widget.sections(fromItems: try call.value("models"), "models"))
            return []
        },
        .changing("SetSections", in: [Argument("sections", "a(sav)")]) { widget, call in
            widget.bind(try widget.sections(TableWidget.parts(of: try call.value("sections")), "sections"))
            return []
        },
        .changing("AppendItems", in: [Argument("section", .int32), Argument("models", "av")]) { widget, call in
            let index = try widget.section(try call.argument("section"))
            let appended = (try call.value("models").arrayElements ?? []).map { TableModel(value: $0.variantValue ?? $0) }
            var current = widget.dataSource.sectionModels
            try widget.context.arguments.checkShape(parts: current.count, rows: current.reduce(0) { $0 + $1.items.count } + appended.count,
                                                    unit: "sections", "the table with \(appended.count) rows appended")
            for (row, model) in appended.enumerated() {
                try widget.context.arguments.checkStrings(in: model.value, "models row \(row)")
            }
            guard !appended.isEmpty else { return [] }
            current[index] = TableSection(original: current[index], items: current[index].items + appended)
            widget.bind(current)
            return []
        },
        .changing("LoadItems", in: [Argument("section", .int32), Argument("items", .unixFD), Argument("options", "a{sv}")]) { widget, call in
            let options = try widget.context.arguments.options(try call.value("options"), allowed: LoadedRows.optionTypes, argument: "options")
            var current = widget.isBound ? widget.dataSource.sectionModels : []
            let index = Int(try call.argument("section", as: Int32.self))
            guard index >= 0, index <= current.count else {
                throw WidgetsError.outOfRange("section \(index) is out of range; expected 0…\(current.count) (one past the last adds a section)")
            }
            let rows = try LoadedRows.read(from: call, options: options, limits: widget.context.limits)
            let loaded = rows.map { TableModel(value: .string($0)) }
            let appending = options["append"] == .boolean(true)
            if index == current.count {
                current.append(TableSection(model: TableSectionID(index: index, header: ""), items: []))
            }
            try widget.context.arguments.checkShape(parts: current.count, rows: current.reduce(0) { $0 + $1.items.count } - (appending ? 0 : current[index].items.count) + loaded.count,
                                                    unit: "sections", "the table with the loaded items")
            if appending {
                current[index] = TableSection(original: current[index], items: current[index].items + loaded)
                widget.bind(current)
            } else {
                widget.replaceRows(ofSection: index, in: current, with: loaded)
            }
            return []
        },
        .changing("SetCellFormat", in: [Argument("format", .string)]) { widget, call in
            let format: String = try call.argument("format")
            try widget.context.arguments.checkString(format, "format")
            if format != widget.cellFormat {
                widget.cellFormat = format
                widget.contentVersion += 1
            }
            return []
        },
        MethodDeclaration("CellForRow", in: cell, out: [Argument("identifier", .string), Argument("text", .string)]) { widget, call in
            let (identifier, text) = widget.cell(at: try widget.indexPath(try call.argument("section"), try call.argument("row")))
            return [identifier, text]
        },
        MethodDeclaration("Cells", in: [Argument("section", .int32), Argument("first", .int32), Argument("count", .int32)],
                          out: [Argument("cells", "a(ss)"), Argument("revision", .uint64)]) { widget, call in
            let section = try widget.section(try call.argument("section"))
            let rows = try widget.context.arguments.page(first: try call.argument("first"), count: try call.argument("count"), rows: widget.table.numberOfRows(inSection: section))
            let cells = widget.context.arguments.fitting(rows) { row in
                let (identifier, text) = widget.cell(at: IndexPath(row: row, section: section))
                return .structure([identifier, text])
            }
            return [.array(element: .structure([.string, .string]), cells), .uint64(widget.revision)]
        },
        MethodDeclaration("Headers", out: [Argument("headers", "as")]) { widget, _ in
            try widget.requireItems()
            return [.array(element: .string, (0..<widget.table.numberOfSections).map { .string(widget.table.titleForHeader(inSection: $0) ?? "") })]
        },
        MethodDeclaration("Model", in: cell, out: [Argument("model", .variant)]) { widget, call in
            [.variant(widget.model(at: try widget.indexPath(try call.argument("section"), try call.argument("row"))))]
        },
        MethodDeclaration("TitleForHeader", in: [Argument("section", .int32)], out: [Argument("title", .string)]) { widget, call in
            [.string(widget.table.titleForHeader(inSection: try widget.section(try call.argument("section"))) ?? "")]
        },
        rowGesture("SelectRow", TableView.userDidSelectRow(at:)),
        rowGesture("DeselectRow", TableView.userDidDeselectRow(at:)),
        .changing("DeleteRow", in: cell) { widget, call in
            let path = try widget.indexPath(try call.argument("section"), try call.argument("row"))
            guard widget.table.userDidCommitDelete(at: path) else { throw widget.notEditable("DeleteRow") }
            return []
        },
        .changing("MoveRow", in: [Argument("from_section", .int32), Argument("from_row", .int32), Argument("to_section", .int32), Argument("to_row", .int32)]) { widget, call in
            let from = try widget.indexPath(try call.argument("from_section"), try call.argument("from_row"))
            let toSection = try widget.section(try call.argument("to_section"))
            let limit = widget.table.numberOfRows(inSection: toSection) - (toSection == from.section ? 1 : 0)
            let toRow = try widget.context.arguments.index(try call.argument("to_row"), count: limit + 1, "to_row")
            let to = IndexPath(row: toRow, section: toSection)
            guard widget.table.userDidMoveRow(at: from, to: to) else { throw widget.notEditable("MoveRow") }
            if from != to {
                widget.contentVersion += 1
            }
            return []
        },
        rowGesture("TapAccessory", TableView.userDidTapAccessoryButton(at:)),
        rowGesture("HighlightRow", TableView.userDidHighlightRow(at:)),
        rowGesture("UnhighlightRow", TableView.userDidUnhighlightRow(at:)),
    ], signals: [
        itemsChanged.declaration, reloaded.declaration, itemSelected.declaration, itemDeselected.declaration,
        modelSelected.declaration, modelDeselected.declaration, itemDeleted.declaration, modelDeleted.declaration,
        itemMoved.declaration, itemAccessoryButtonTapped.declaration, itemHighlighted.declaration, itemUnhighlighted.declaration,
    ], properties: [
        PropertyDeclaration("NumberOfSections", .int32) { .int32(Int32($0.table.numberOfSections)) },
        PropertyDeclaration("RowCounts", .array(.int32)) { .array(element: .int32, $0.table.rowCounts.map { .int32(Int32($0)) }) },
        PropertyDeclaration("SelectedIndexPaths", "a(ii)") { .array(element: .structure([.int32, .int32]), ($0.table.indexPathsForSelectedRows ?? []).map(\.dbusValue)) },
        PropertyDeclaration("AllowsMultipleSelection", .boolean, get: { .boolean($0.table.allowsMultipleSelection) }, set: { widget, value, call in
            try widget.mutate(call) { widget.table.allowsMultipleSelection = value == .boolean(true) }
        }),
        PropertyDeclaration("Editable", .boolean, get: { .boolean($0.table.isEditing) }, set: { widget, value, call in
            try widget.mutate(call) { widget.table.isEditing = value == .boolean(true) }
        }),
        .revision,
    ])
}
