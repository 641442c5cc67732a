import FoundationEssentials
import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// A served table: a `TableView` bound through `rx.items(dataSource:)` with
/// an animated data source, so each new binding is diffed against the last;
/// its `rx` events become the interface's signals.
final class TableWidget: RowsWidget {
    let host: WidgetHost
    var isBound = false
    var remoteDelegate: RemoteDelegate?
    let search = WidgetSearch()

    let table = TableView()
    let dataSource: RxTableViewSectionedAnimatedDataSource<TableSection>
    /// What the table asks: the bound sections, or a client's data source.
    let adapter: TableAdapter
    private let sections = PublishRelay<[TableSection]>()
    private(set) var cellFormat = PickerAdapterConfig.valueFormat
    /// The rows' column headers and description format.
    var rowColumns = RowColumns()
    /// What its sections hold (`Footprint`).
    private var rowsFootprint = Footprint.sum([])
    private let disposeBag = DisposeBag()
    /// The selection before a data source was attached (`AttachDataSource`).
    var beforeSource: BeforeSource?

    init(name: String, options: [String: DBusValue], creator: Creator, context: WidgetContext) throws {
        var text: () -> RowText = { RowText(format: PickerAdapterConfig.valueFormat, columns: RowColumns(), partKey: TableWidget.searchPart, limit: context.limits.stringLength) }
        dataSource = RxTableViewSectionedAnimatedDataSource(
            configureCell: { _, _, indexPath, item in
                let cell = TableViewCell(style: .default, reuseIdentifier: "cell")
                cell.textLabel?.text = text().title(of: item.value, row: indexPath.row, part: indexPath.section)
                return cell
            },
            titleForHeaderInSection: { dataSource, section in dataSource[section].model.header }
        )
        // The Differentiator takes new rows of one identity as two inserts;
        // the bus promises Reloaded for duplicate identities in either version.
        dataSource.decideViewTransition = { _, _, stages in
            guard let final = stages.last?.finalSections else { return .animated }
            var seen = Set<DBusValue>()
            return final.allSatisfy { $0.items.allSatisfy { seen.insert($0.identity).inserted } } ? .animated : .reload
        }
        adapter = TableAdapter(bound: dataSource)
        host = WidgetHost(kind: .table, name: name, creator: creator, transient: options[TableOption.transient] == .boolean(true), context: context)
        dataSource.maximumDiffRows = context.limits.diffRows
        let unbound = text()
        text = { [weak self] in self?.rowText ?? unbound }
        sections.bind(to: table.rx.items(dataSource: adapter)).disposed(by: disposeBag)
        table.changes
            .subscribe(onNext: { [weak self] change in
                switch change {
                case .numberOfSections: self?.reportChange(API.numberOfSections.name)
                case .rowCounts:
                    self?.reportChange(API.rowCounts.name)
                    self?.reportMatchCountsIfChanged()
                case .selection: self?.reportChange(API.selectedIndexPaths.name)
                case .allowsMultipleSelection: self?.reportChange(API.allowsMultipleSelection.name)
                case .editing: self?.reportChange(API.editable.name)
                }
            })
            .disposed(by: disposeBag)
        observeEvents()
        if options[TableOption.items] != nil && options[TableOption.sections] != nil {
            throw DBusError.invalidArgs("options: give 'items' or 'sections', not both")
        }
        if let headers = options[TableOption.columns]?.arrayElements {
            rowColumns.headers = try RowColumns.checked(headers.compactMap(\.stringValue), context.arguments, "options 'columns'")
        }
        if let items = options[TableOption.items] {
            try bind(try TableWidget.checked(fromItems: items, context.arguments, "options 'items'"))
        } else if let given = options[TableOption.sections] {
            try bind(try TableWidget.checked(TableWidget.parts(of: given), context.arguments, "options 'sections'"))
        }
    }

    func peerLeft(_ uniqueName: String) {
        delegateClientLeft(uniqueName, without: "the table's own rules decide again")
        dataSourceClientLeft(uniqueName)
    }

    /// Announces the binding made at creation, once the table is on the bus.
    func didAppear() {
        if isBound {
            emit(API.reloaded)
        }
    }

    private func observeEvents() {
        dataSource.changes
            .subscribe(onNext: { [weak self] stages in
                guard let self else { return }
                // A change of sections, which ItemsChanged cannot carry, is a reload on the bus.
                guard let difference = RowDifference(stages: stages) else {
                    emit(API.reloaded)
                    return
                }
                emit(API.itemsChanged, difference.deleted, difference.inserted, difference.moved.map { RowMove(from: $0.from, to: $0.to) }, difference.updated, orElse: API.reloaded)
            })
            .disposed(by: disposeBag)
        let row = { (path: IndexPath) in (Int32(path.section), Int32(path.row)) }
        let model = table.rx.modelReader(TableModel.self)
        // One subscriber per gesture, its effects in their order: the row's
        // signal, then its model's (read while the row is there), then, for
        // a delete, the row's removal — by the data's owner, as an
        // RxDataSources app does it: binding the rows without it.
        table.rx.itemSelected
            .subscribe(onNext: { [weak self] in self?.userChose($0, API.itemSelected, API.modelSelected, model) })
            .disposed(by: disposeBag)
        table.rx.itemDeselected
            .subscribe(onNext: { [weak self] in self?.userChose($0, API.itemDeselected, API.modelDeselected, model) })
            .disposed(by: disposeBag)
        table.rx.itemDeleted
            .subscribe(onNext: { [weak self] in
                self?.userChose($0, API.itemDeleted, API.modelDeleted, model)
                self?.removeRow(at: $0)
            })
            .disposed(by: disposeBag)
        table.rx.itemMoved
            .subscribe(onNext: { [weak self] move in
                self?.emit(API.itemMoved, row(move.sourceIndex).0, row(move.sourceIndex).1, row(move.destinationIndex).0, row(move.destinationIndex).1)
                self?.searchRowsChanged()
            })
            .disposed(by: disposeBag)
        table.rx.itemAccessoryButtonTapped
            .subscribe(onNext: { [weak self] in self?.emit(API.itemAccessoryButtonTapped, row($0).0, row($0).1) })
            .disposed(by: disposeBag)
        table.rx.itemHighlighted.subscribe(onNext: { [weak self] in self?.emit(API.itemHighlighted, row($0).0, row($0).1) }).disposed(by: disposeBag)
        table.rx.itemUnhighlighted.subscribe(onNext: { [weak self] in self?.emit(API.itemUnhighlighted, row($0).0, row($0).1) }).disposed(by: disposeBag)
    }

    /// A user's gesture on a row: its signal, then its model's.
    private func userChose(_ path: IndexPath, _ rowSignal: TypedSignal<Int32, Int32>, _ modelSignal: TypedSignal<Variant>, _ model: (IndexPath) throws -> TableModel?) {
        emit(rowSignal, Int32(path.section), Int32(path.row))
        do {
            guard let chosen = try model(path) else { return }
            emit(modelSignal, Variant(chosen.value))
        } catch {
            Hooks.log("<4>rxwidgetsd: \(modelSignal.name) of table '\(name)' not sent: \(error)")
        }
    }

    /// Binds `sections` with section `index`'s rows replaced wholesale: as
    /// a new section, so the table reloads (bulk data is not diffed) and
    /// only that section's selection is dropped.
    private func replaceRows(ofSection index: Int, in sections: [TableSection], with rows: [TableModel]) throws {
        var replaced = sections
        let old = sections[index].model
        replaced[index] = TableSection(model: TableSectionID(header: old.header, occurrence: old.occurrence, generation: old.generation + 1), items: rows)
        let keptSelection = (table.indexPathsForSelectedRows ?? []).filter { $0.section != index }
        try bind(replaced, changed: [index])
        for path in keptSelection {
            table.selectRow(at: path, animated: false, scrollPosition: .none)
        }
    }

    private func removeRow(at path: IndexPath) {
        var current = dataSource.sectionModels
        var rows = current[path.section].items
        let removed = rows.remove(at: path.row)
        current[path.section] = TableSection(original: current[path.section], items: rows)
        apply(current, footprint: rowsFootprint - Footprint.of(removed.value))
    }

    // MARK: Binding

    /// Header and rows of each section of an `a(sav)` (or the option's `a(sas)`), whose signature was checked.
    private static func parts(of value: DBusValue) -> [(header: String, models: [DBusValue])] {
        (value.arrayElements ?? []).map { section in
            guard case .structure(let fields) = section, fields.count == 2 else { return ("", []) }
            return (fields[0].stringValue ?? "", fields[1].arrayElements ?? [])
        }
    }

    /// Rows of sections, checked and made models: the part of binding that
    /// reads nothing of the table, which the server may run off the loop.
    typealias CheckedParts = [(header: String, models: [TableModel])]

    static func checked(fromItems value: DBusValue, _ checks: InputChecks, _ what: String) throws -> CheckedParts {
        try checked([("", value.arrayElements ?? [])], checks, what)
    }

    /// `parts`' models come as a call carries them, each in its variant,
    /// unless `inVariants` is false (a stored record's, already unwrapped).
    static func checked(_ parts: [(header: String, models: [DBusValue])], _ checks: InputChecks, _ what: String, inVariants: Bool = true) throws -> CheckedParts {
        try checks.checkShape(parts: parts.count, rows: parts.reduce(0) { $0 + $1.models.count }, unit: "sections", what)
        return try parts.enumerated().map { index, part in
            try checks.checkString(part.header, "\(what) section \(index) header")
            for (row, model) in part.models.enumerated() {
                try checks.checkStrings(in: model, "\(what) section \(index) row \(row)")
            }
            return (part.header, part.models.map { TableModel(value: inVariants ? $0.variantValue ?? $0 : $0) })
        }
    }

    private func sections(_ parts: CheckedParts) -> [TableSection] {
        let models = TableSectionID.models(headers: parts.map(\.header), keepingGenerationsOf: dataSource.sectionModels.map(\.model))
        return zip(models, parts).map { TableSection(model: $0, items: $1.models) }
    }

    /// Parts with what their rows hold, counted where they were made.
    static func measured(_ parts: CheckedParts) -> Footprint.Measured<CheckedParts> {
        Footprint.Measured(value: parts, parts: parts.map { Footprint.of(header: $0.header, rows: $0.models) })
    }

    /// New parts with their comparison with the sections `bound`.
    static func compared(_ new: Footprint.Measured<CheckedParts>, with bound: [TableSection]) -> (Footprint.Measured<CheckedParts>, BoundComparison<TableSection>) {
        (new, BoundComparison(new.value, with: bound) { new, bound in
            new.map(\.models) == bound.map(\.items) && new.map(\.header) == bound.map(\.model.header)
        })
    }

    private func bind(_ parts: CheckedParts, measured: [Int]? = nil, comparison: BoundComparison<TableSection>? = nil) throws {
        try bind(sections(parts), measured: measured, comparison: comparison)
    }

    /// Binds the sections, refused first when the table would hold more
    /// than the memory budgets leave it. `measured` gives each section's
    /// footprint; otherwise only the sections in `changed` (all, when nil)
    /// are measured, old and new, and the rest keep what they held (rows
    /// moved between sections move no bytes in or out of the table).
    /// `comparison`, made off the loop, spares comparing the rows again.
    private func bind(_ newSections: [TableSection], measured: [Int]? = nil, changed: Set<Int>? = nil, comparison: BoundComparison<TableSection>? = nil) throws {
        let rows: Int
        if let measured {
            rows = Footprint.sum(measured)
        } else if let changed {
            let old = dataSource.sectionModels
            rows = changed.reduce(rowsFootprint) { total, index in
                total - (old.indices.contains(index) ? Footprint.of(section: old[index]) : 0) + (newSections.indices.contains(index) ? Footprint.of(section: newSections[index]) : 0)
            }
        } else {
            rows = Footprint.sum(newSections.map(Footprint.of(section:)))
        }
        try admit(footprint: Footprint.table + rows + Footprint.of(cellFormat) + rowColumns.footprint, "\(newSections.reduce(0) { $0 + $1.items.count }) rows in \(newSections.count) sections")
        apply(newSections, footprint: rows, comparison: comparison)
    }

    /// Binds sections whose rows hold `footprint` bytes.
    private func apply(_ newSections: [TableSection], footprint: Int, comparison: BoundComparison<TableSection>? = nil) {
        rowsFootprint = footprint
        let replaced = dataSource.sectionModels
        let equal = comparison?.equals(replaced) ?? (newSections.map(\.items) == replaced.map(\.items) && newSections.map(\.model.header) == replaced.map(\.model.header))
        let changed = !isBound || !equal
        if changed {
            reportContentChange()
        }
        isBound = true
        sections.accept(newSections)
        if changed {
            searchRowsChanged()
        }
        Discard.later(consume replaced)
    }

    var bindingCalls: String { "SetItems or SetSections" }

    /// As a prompt, a table answers its selected index paths.
    /// The selected index paths.
    var promptAnswerType: DBusType { .array(.structure([.int32, .int32])) }

    func promptAnswer(validated: Bool) throws -> DBusValue {
        (table.indexPathsForSelectedRows ?? []).dbusValue
    }

    var footprint: Int {
        footprint(served: adapter.served != nil)
    }

    /// What the table holds, with a data source's cache at its bound when served.
    func footprint(served: Bool) -> Int {
        Footprint.table + rowsFootprint + Footprint.of(cellFormat) + rowColumns.footprint + (served ? RemoteRows.cacheBytes : 0) + search.footprint
    }

    // MARK: State

    /// The table's `TableState`: its parts taken on the loop (the arrays
    /// shared, not copied), the record made and written off it.
    func stateSnapshot() -> StateSnapshot {
        // A data source is kept as detached: its client is gone after a restart.
        let before = beforeSource ?? BeforeSource(selected: table.indexPathsForSelectedRows ?? [], bound: isBound)
        let (sectionModels, format, multiple, editable, columns) = (dataSource.sectionModels, cellFormat, table.allowsMultipleSelection, table.isEditing, rowColumns)
        return {
            TableState(bound: before.bound, sections: sectionModels.map { ($0.model.header, $0.items.map(\.value)) }, cellFormat: format,
                       selected: before.selected, allowsMultipleSelection: multiple, editable: editable, columns: columns).pieces
        }
    }

    /// The table a state file describes, its sections checked as `SetSections` checks them.
    static func restored(from file: StateFile, context: WidgetContext) throws -> TableWidget {
        let state = try TableState(stored: file.state)
        let widget = try TableWidget(name: file.name, options: [:], creator: Creator(restoring: file), context: context)
        if state.bound {
            try widget.bind(try checked(state.sections, context.arguments, "stored sections", inVariants: false))
        }
        try context.arguments.checkString(state.cellFormat, "stored cell format")
        widget.cellFormat = state.cellFormat
        widget.rowColumns = RowColumns(headers: try RowColumns.checked(state.columns.headers, context.arguments, "stored columns"),
                                       descriptionFormat: try RowColumns.checkedFormat(state.columns.descriptionFormat, context.arguments, "stored description format"))
        widget.table.allowsMultipleSelection = state.allowsMultipleSelection
        widget.table.isEditing = state.editable
        for path in state.selected {
            // A selection is of rows the table has: any other is not its state, not one to drop.
            guard widget.table.contains(path) else {
                throw StateFile.ReadError(description: "its selected row (\(path.section), \(path.row)) is not one of its rows")
            }
            widget.table.selectRow(at: path, animated: false, scrollPosition: .none)
        }
        widget.resume(atRevision: file.revision)
        return widget
    }

    private func section(_ value: Int32) throws -> Int {
        try boundIndex(value, count: table.numberOfSections, "section")
    }

    /// A batch read's section and rows, checked as `Cells` documents.
    func page(_ page: (Int32, Int32, Int32)) throws -> (section: Int, rows: Range<Int>) {
        let section = try self.section(page.0)
        return (section, try context.arguments.page(first: page.1, count: page.2, rows: table.numberOfRows(inSection: section)))
    }

    /// The rows of a batch read a reply gives: all of them, or of served
    /// rows those at hand from the first on (the reader reads on from there).
    func pageAtHand(_ page: (Int32, Int32, Int32)) throws -> (section: Int, rows: Range<Int>) {
        let (section, rows) = try self.page(page)
        return (section, adapter.served?.prefixAtHand(rows, part: RemoteRows.Interface.cellsPart, section: section) ?? rows)
    }

    func indexPath(_ section: Int32, _ row: Int32) throws -> IndexPath {
        let column = try self.section(section)
        return IndexPath(row: try context.arguments.index(row, count: table.numberOfRows(inSection: column), "row"), section: column)
    }

    /// A `MoveRow`'s rows, checked: the row moved and where it goes.
    func move(_ move: (Int32, Int32, Int32, Int32)) throws -> (from: IndexPath, to: IndexPath) {
        let from = try indexPath(move.0, move.1)
        let toSection = try section(move.2)
        let limit = table.numberOfRows(inSection: toSection) - (toSection == from.section ? 1 : 0)
        let toRow = try context.arguments.index(move.3, count: limit + 1, "to_row")
        return (from, IndexPath(row: toRow, section: toSection))
    }

    func notEditable(_ method: String) -> DBusError {
        WidgetsError.notEditable("\(method): table '\(name)' is not editable; set its Editable property to true first")
    }

    /// A row's cell as `CellForRow` answers it: identifier and text.
    private func cell(at indexPath: IndexPath) -> (DBusValue, DBusValue) {
        let cell = table.cellForRow(at: indexPath)
        return (.string(cell?.reuseIdentifier ?? ""), .string(cell?.textLabel?.text ?? ""))
    }

    private func model(at indexPath: IndexPath) -> DBusValue {
        ((try? adapter.model(at: indexPath)) as? TableModel)?.value ?? .string("")
    }

    // MARK: Interface

    func boundInterface() -> Interface { TableWidget.declaration.bind(to: self) }

    typealias API = TableContract

    /// A user's gesture on the row `(section, row)`: the table carries it out
    /// and its delegate calls become the signals.
    private static func rowGesture(_ method: MethodContract<Parameters<Int32, Int32>, NoArguments>, _ gesture: @escaping @Sendable (TableView) -> (IndexPath) -> Void) -> MethodDeclaration<TableWidget> {
        method.changing { widget, cell, _ in
            gesture(widget.table)(try widget.indexPath(cell.0, cell.1))
        }
    }

    /// `org.rxwidgets.Widgets1.Table`: the contract's handlers, bound to every table.
    static let declaration = InterfaceDeclaration(Handlers())

    /// The handlers of `TableContract`, one per member, as the contract names them.
    struct Handlers: InterfaceHandlers {
        typealias Target = TableWidget
        typealias Contract = TableContract

        let setItems: MethodHandler = API.setItems.changing(snapshot: \.dataSource.sectionModels, preparing: { checks, bound, models in
            try compared(measured(checked(fromItems: models.value, checks, "models")), with: bound)
        }) { widget, prepared, _ in
            try widget.refuseWhileServed(API.setItems.name)
            let (parts, comparison) = try prepared()
            try widget.bind(parts.value, measured: parts.parts, comparison: comparison)
        }
        let setSections: MethodHandler = API.setSections.changing(snapshot: \.dataSource.sectionModels, preparing: { checks, bound, sections in
            try compared(measured(checked(parts(of: sections.value), checks, "sections")), with: bound)
        }) { widget, prepared, _ in
            try widget.refuseWhileServed(API.setSections.name)
            let (parts, comparison) = try prepared()
            try widget.bind(parts.value, measured: parts.parts, comparison: comparison)
        }
        let appendItems: MethodHandler = API.appendItems.changing { widget, arguments, _ in
            try widget.refuseWhileServed(API.appendItems.name)
            let index = try widget.section(arguments.0)
            let appended = (arguments.1.value.arrayElements ?? []).map { TableModel(value: $0.variantValue ?? $0) }
            var current = widget.dataSource.sectionModels
            try widget.context.arguments.checkShape(parts: current.count, rows: current.reduce(0) { $0 + $1.items.count } + appended.count,
                                                    unit: "sections", "the table with \(appended.count) rows appended")
            for (row, model) in appended.enumerated() {
                try widget.context.arguments.checkStrings(in: model.value, "models row \(row)")
            }
            guard !appended.isEmpty else { return }
            let before = current[index].items.count
            current[index] = TableSection(original: current[index], items: current[index].items + appended)
            try widget.search.appending(after: [index: before]) {
                try widget.bind(current, changed: [index])
            }
        }
        let loadItems: MethodHandler = API.loadItems.changing { widget, arguments, _ in
            try widget.refuseWhileServed(API.loadItems.name)
            let (section, items, given) = arguments
            let options = try widget.context.arguments.options(given.value, allowed: LoadedRows.optionTypes, argument: "options")
            var current = widget.isBound ? widget.dataSource.sectionModels : []
            let index = Int(section)
            guard index >= 0, index <= current.count else {
                throw WidgetsError.outOfRange("section \(index) is out of range; expected 0…\(current.count) (one past the last adds a section)")
            }
            let file = try LoadedRows.read(from: items, options: options, limits: widget.context.limits)
            let loaded = file.rows.map { TableModel(value: $0) }
            let appending = options["append"] == .boolean(true)
            if index == current.count {
                current.append(TableSection(model: TableSectionID.models(headers: current.map(\.model.header) + [""], keepingGenerationsOf: [])[index], items: []))
            }
            try widget.context.arguments.checkShape(parts: current.count, rows: current.reduce(0) { $0 + $1.items.count } - (appending ? 0 : current[index].items.count) + loaded.count,
                                                    unit: "sections", "the table with the loaded items")
            if appending {
                let before = current[index].items.count
                current[index] = TableSection(original: current[index], items: current[index].items + loaded)
                try widget.search.appending(after: [index: before]) {
                    try widget.bind(current, changed: [index])
                }
            } else {
                try widget.replaceRows(ofSection: index, in: current, with: loaded)
            }
        }
        let setCellFormat: MethodHandler = API.setCellFormat.changing { widget, format, _ in
            try widget.context.arguments.checkString(format, "format")
            if format != widget.cellFormat {
                try widget.admit(footprint: widget.footprint - Footprint.of(widget.cellFormat) + Footprint.of(format), "a cell format of \(format.utf8.count) bytes")
                widget.cellFormat = format
                widget.reportContentChange()
                widget.searchRowsChanged()
            }
        }
        let cellForRow: MethodHandler = API.cellForRow.serve(answering: { widget, cell, call, later in
            try widget.answer(call, later, from: widget.adapter.served, changing: false, reading: {
                let path = try widget.indexPath(cell.0, cell.1)
                return widget.reading(RemoteRows.Interface.cellsPart, path.section, path.row..<path.row + 1)
            }) {
                let (identifier, text) = widget.cell(at: try widget.indexPath(cell.0, cell.1))
                return (identifier.stringValue ?? "", text.stringValue ?? "")
            }
        })
        let cells: MethodHandler = API.cells.serve(answering: { widget, page, call, later in
            try widget.answer(call, later, from: widget.adapter.served, changing: false, reading: {
                let (section, rows) = try widget.page(page)
                return widget.reading(RemoteRows.Interface.cellsPart, section, rows)
            }) {
                let (section, rows) = try widget.pageAtHand(page)
                let cells = widget.context.arguments.fitting(rows) { row in
                    let (identifier, text) = widget.cell(at: IndexPath(row: row, section: section))
                    return .structure([identifier, text])
                }
                return (Raw(unchecked: .array(element: .structure([.string, .string]), cells)), widget.revision)
            }
        })
        let headers: MethodHandler = API.headers.serve { widget, _, _ in
            try widget.requireItems()
            return (0..<widget.table.numberOfSections).map { widget.table.titleForHeader(inSection: $0) ?? "" }
        }
        let model: MethodHandler = API.model.serve(answering: { widget, cell, call, later in
            try widget.answer(call, later, from: widget.adapter.served, changing: false, reading: {
                let path = try widget.indexPath(cell.0, cell.1)
                return widget.reading(RemoteRows.Interface.modelsPart, path.section, path.row..<path.row + 1)
            }) {
                Variant(widget.model(at: try widget.indexPath(cell.0, cell.1)))
            }
        })
        let titleForHeader: MethodHandler = API.titleForHeader.serve { widget, section, _ in
            widget.table.titleForHeader(inSection: try widget.section(section)) ?? ""
        }
        let selectRow: MethodHandler = API.selectRow.serve(answering: { widget, cell, call, later in
            try widget.askingDelegate(call, later, TableDelegateContract.shouldSelectRow, about: { try widget.indexPath(cell.0, cell.1) },
                                      reading: { widget.modelsSelecting(try widget.indexPath(cell.0, cell.1)) }) { allowed in
                let path = try widget.indexPath(cell.0, cell.1)
                // A delegate's no is willSelectRowAt's nil: nothing is selected, nothing emitted.
                if allowed {
                    widget.table.userDidSelectRow(at: path)
                }
            }
        })
        let deselectRow: MethodHandler = API.deselectRow.serve(answering: { widget, cell, call, later in
            try widget.answer(call, later, from: widget.adapter.served, changing: true, reading: {
                let path = try widget.indexPath(cell.0, cell.1)
                return widget.reading(RemoteRows.Interface.modelsPart, path.section, path.row..<path.row + 1)
            }) {
                widget.table.userDidDeselectRow(at: try widget.indexPath(cell.0, cell.1))
            }
        })
        let deleteRow: MethodHandler = API.deleteRow.serve(answering: { widget, cell, call, later in
            try widget.refuseWhileServed(API.deleteRow.name)
            return try widget.askingDelegate(call, later, TableDelegateContract.canEditRow, about: { try widget.indexPath(cell.0, cell.1) }) { allowed in
                let path = try widget.indexPath(cell.0, cell.1)
                guard allowed else { throw widget.refusedByDelegate(API.deleteRow.name, path) }
                guard widget.table.userDidCommitDelete(at: path) else { throw widget.notEditable(API.deleteRow.name) }
            }
        })
        let moveRow: MethodHandler = API.moveRow.serve(answering: { widget, move, call, later in
            try widget.refuseWhileServed(API.moveRow.name)
            return try widget.askingDelegate(call, later, TableDelegateContract.canMoveRow, about: { try widget.move(move).from }) { allowed in
                let (from, to) = try widget.move(move)
                guard allowed else { throw widget.refusedByDelegate(API.moveRow.name, from) }
                guard widget.table.userDidMoveRow(at: from, to: to) else { throw widget.notEditable(API.moveRow.name) }
                if from != to {
                    widget.reportContentChange()
                }
            }
        })
        let attachDataSource: MethodHandler = API.served.attachDataSource.serve(answering: { widget, arguments, call, later in
            try widget.attachDataSource(arguments.0, options: arguments.1.value, call: call, later: later)
        })
        let detachDataSource: MethodHandler = API.served.detachDataSource.changing { widget, _, _ in
            try widget.detachDataSource()
        }
        let reloadData: MethodHandler = API.reloadData.serve(answering: { widget, _, call, later in
            try widget.reloadData(call: call, later: later)
        })
        let attachDelegate: MethodHandler = API.served.attachDelegate.changing { widget, arguments, call in
            try widget.attachDelegate(arguments.0, options: arguments.1.value, by: call.sender, serving: TableDelegateContract.name)
        }
        let detachDelegate: MethodHandler = API.served.detachDelegate.changing { widget, _, _ in
            try widget.detachDelegate()
        }
        let tapAccessory: MethodHandler = rowGesture(API.tapAccessory, TableView.userDidTapAccessoryButton(at:))
        let highlightRow: MethodHandler = rowGesture(API.highlightRow, TableView.userDidHighlightRow(at:))
        let unhighlightRow: MethodHandler = rowGesture(API.unhighlightRow, TableView.userDidUnhighlightRow(at:))
        let setColumns: MethodHandler = API.columns.setColumnsHandler()
        let setDescriptionFormat: MethodHandler = API.columns.setDescriptionFormatHandler()
        let rowDetails: MethodHandler = API.columns.rowDetailsHandler()
        let columns: PropertyHandler = API.columns.columnsHandler()
        let descriptionFormat: PropertyHandler = API.columns.descriptionFormatHandler()
        let setFilter: MethodHandler = API.search.setFilterHandler()
        let matches: MethodHandler = API.search.matchesHandler()
        let filter: PropertyHandler = API.search.filterHandler()
        let matchCounts: PropertyHandler = API.search.matchCountsHandler()
        let numberOfSections: PropertyHandler = API.numberOfSections.serve { Int32($0.table.numberOfSections) }
        let rowCounts: PropertyHandler = API.rowCounts.serve { $0.table.rowCounts.map { Int32($0) } }
        let selectedIndexPaths: PropertyHandler = API.selectedIndexPaths.serve { $0.table.indexPathsForSelectedRows ?? [] }
        let allowsMultipleSelection: PropertyHandler = API.allowsMultipleSelection.serve(get: { $0.table.allowsMultipleSelection }, set: { widget, value, call in
            try widget.mutate(call) { widget.table.allowsMultipleSelection = value }
        })
        let editable: PropertyHandler = API.editable.serve(get: { $0.table.isEditing }, set: { widget, value, call in
            try widget.mutate(call) { widget.table.isEditing = value }
        })
        let revision: PropertyHandler = API.widget.revision.serve { $0.revision }
    }
}
