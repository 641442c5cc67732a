import Foundation
import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// A served picker: a `PickerView` (inside a `PopupPickerView` for popup
/// pickers) bound through `rx.items(adapter:)`; its `rx` events become the
/// interface's signals.
final class PickerWidget: RowsWidget {
    let host: WidgetHost
    var isBound = false
    var remoteDelegate: RemoteDelegate?
    let search = WidgetSearch()

    let picker: PickerView
    let popup: PopupPickerView?
    let adapter = PickerAdapter()
    /// The maps of dependent components, when the picker has them.
    var dependent: DependentComponents? {
        get { dependentMaps }
        set {
            dependentMaps = newValue
            mapsFootprint = newValue.map(Footprint.of) ?? 0
        }
    }
    // Set through `dependent` (an observer would not run in the initializer).
    private var dependentMaps: DependentComponents?
    /// What `checkSelection` derived for the selection about to be made.
    var derivedForSelection: (row: Int, component: Int, components: [[DBusValue]])?
    /// What each component's rows, the maps and the adapter hold
    /// (`Footprint`), kept so that reading the footprint costs nothing.
    private var componentFootprints: [Int] = []
    private var mapsFootprint = 0
    private var adapterFootprint = Footprint.of(PickerAdapterConfig())
    let items = PublishRelay<PickerRows>()
    /// While a client's data source serves the rows: the rows bound before
    /// it was attached, their selection, and whether any were.
    var beforeSource: BoundRows?
    private let disposeBag = DisposeBag()

    init(name: String, options: [String: DBusValue], creator: Creator, context: WidgetContext) throws {
        if options[PickerOption.popup] == .boolean(true) {
            let popup = PopupPickerView()
            self.popup = popup
            picker = popup.picker
        } else {
            popup = nil
            picker = PickerView()
        }
        let transient = options[PickerOption.transient] == .boolean(true)
        if options[PickerOption.private] == .boolean(true), !transient {
            throw DBusError.invalidArgs("options 'private': only a transient picker is private (one kept across restarts would be restored readable by all)")
        }
        host = WidgetHost(kind: .picker, name: name, creator: creator, transient: transient, isPrivate: options[PickerOption.private] == .boolean(true), context: context)
        adapter.titleLimit = context.limits.stringLength
        items.bind(to: picker.rx.items(adapter: adapter)).disposed(by: disposeBag)
        let selectedModels = picker.rx.selectedModelsReader(DBusValue.self)
        picker.rx.itemSelected
            .subscribe(onNext: { [weak self] in self?.userSelected(row: $0.row, component: $0.component, models: selectedModels) })
            .disposed(by: disposeBag)
        picker.changes
            .subscribe(onNext: { [weak self] change in
                switch change {
                case .numberOfComponents: self?.reportChange(API.numberOfComponents.name)
                case .rowCounts:
                    self?.reportChange(API.rowCounts.name)
                    self?.reportMatchCountsIfChanged()
                case .selectedRows: self?.reportChange(API.selectedRows.name)
                }
            })
            .disposed(by: disposeBag)
        if let popup {
            popup.visibilityChanges
                .subscribe(onNext: { [weak self] _ in self?.reportChange(API.visible.name) })
                .disposed(by: disposeBag)
            popup.rx.selectedItem
                .subscribe(onNext: { [weak self] in self?.emit(API.selectedItem, Int32($0.0), $0.1) })
                .disposed(by: disposeBag)
            popup.rx.closePickerView
                .subscribe(onNext: { [weak self] in self?.emit(API.closed) })
                .disposed(by: disposeBag)
        }
        if let maps = options[PickerOption.dependent] {
            let given = try dependentComponents(from: maps, "options 'dependent'")
            dependent = given.componentCount > 1 ? given : nil
        }
        if let headers = options[PickerOption.columns]?.arrayElements {
            adapter.columns.headers = try RowColumns.checked(headers.compactMap(\.stringValue), context.arguments, "options 'columns'")
        }
        if let initial = options[PickerOption.items] {
            let components = try PickerWidget.components(fromTitles: initial, context.arguments, "options 'items'")
            if dependent == nil {
                try bind(components)
            } else {
                try bindRoot(components)
            }
        }
    }

    /// A user's selection, its effects in their order: the components after
    /// the selected one are rebound (the selection was checked against the
    /// limits before it was made), then ItemSelected, then ModelSelected
    /// with every component's model as `rx.modelSelected` reads them.
    private func userSelected(row: Int, component: Int, models: () throws -> [DBusValue]?) {
        try? rederive(after: component)
        emit(API.itemSelected, Int32(row), Int32(component))
        do {
            guard let selected = try models() else { return }
            emit(API.modelSelected, selected.map(Variant.init))
        } catch {
            Hooks.log("<4>rxwidgetsd: ModelSelected of picker '\(name)' not sent: \(error)")
        }
    }

    // MARK: Binding

    /// The components of `SetItems`' or `AppendItems`' titles, checked.
    static func components(fromTitles value: DBusValue, _ checks: InputChecks, _ what: String) throws -> [[DBusValue]] {
        let components = (value.arrayElements ?? []).map { $0.arrayElements ?? [] }
        try check(components, checks, what)
        return components
    }

    /// The components of `SetModels`' models, checked.
    static func components(fromModels value: DBusValue, _ checks: InputChecks, _ what: String) throws -> [[DBusValue]] {
        let components = (value.arrayElements ?? []).map { ($0.arrayElements ?? []).map { $0.variantValue ?? $0 } }
        try check(components, checks, what)
        return components
    }

    /// Components with what their rows hold, counted where they were made.
    static func measured(_ components: [[DBusValue]]) -> Footprint.Measured<[[DBusValue]]> {
        Footprint.Measured(value: components, parts: components.map(Footprint.of(component:)))
    }

    /// New components with their comparison with those `bound`.
    static func compared(_ new: Footprint.Measured<[[DBusValue]]>, with bound: [[DBusValue]]) -> (Footprint.Measured<[[DBusValue]]>, BoundComparison<[DBusValue]>) {
        (new, BoundComparison(new.value, with: bound, by: ==))
    }

    static func check(_ components: [[DBusValue]], _ checks: InputChecks, _ what: String) throws {
        try checks.checkShape(parts: components.count, rows: components.reduce(0) { $0 + $1.count }, unit: "components", what)
        for (index, component) in components.enumerated() {
            for (row, model) in component.enumerated() {
                try checks.checkStrings(in: model, "\(what) component \(index) row \(row)")
            }
        }
    }

    func check(_ components: [[DBusValue]], _ what: String) throws {
        try PickerWidget.check(components, context.arguments, what)
    }

    /// Binds the components, refused first when the picker would hold more
    /// than the memory budgets leave it. `measured` gives each component's
    /// footprint; otherwise the components outside `changed` (all, when
    /// nil) keep the footprint they had, and only the others are measured.
    /// `comparison`, made off the loop, spares comparing the rows again.
    func bind(_ components: [[DBusValue]], measured: [Int]? = nil, changed: Set<Int>? = nil, comparison: BoundComparison<[DBusValue]>? = nil) throws {
        try refuseWhileServed("this call")
        let parts = measured ?? footprints(of: components, changed: changed)
        try admit(footprint: footprint(parts: parts, mapsFootprint: mapsFootprint), "\(components.reduce(0) { $0 + $1.count }) rows in \(components.count) components")
        componentFootprints = parts
        isBound = true
        let replaced = adapter.components
        let changed = !(comparison?.equals(replaced) ?? (components == replaced))
        if changed {
            reportContentChange()
        }
        items.accept(.bound(components))
        if changed {
            searchRowsChanged()
        }
        Discard.later(consume replaced)
    }

    var bindingCalls: String { "SetItems or SetModels" }

    func peerLeft(_ uniqueName: String) {
        dataSourceClientLeft(uniqueName)
        delegateClientLeft(uniqueName, without: "the adapter's sizes hold again")
    }

    var footprint: Int {
        footprint(parts: componentFootprints, mapsFootprint: mapsFootprint)
    }

    /// As a prompt, a picker answers the selected title of each component
    /// (the empty string for one with no row selected).
    /// A title per component.
    var promptAnswerType: DBusType { .array(.string) }

    func promptAnswer(validated: Bool) throws -> DBusValue {
        (0..<picker.numberOfComponents).map { component in
            let row = picker.selectedRow(inComponent: component)
            return row >= 0 ? picker.title(forRow: row, forComponent: component) ?? "" : ""
        }.dbusValue
    }

    /// A served picker's selected titles are read from its data source first.
    func finishingPrompt(_ call: MethodCall, _ later: () -> LaterAnswer<Void>, _ finish: @escaping (DBusValue) throws -> Void) throws -> Answer<Void> {
        try answer(call, later, changing: true, reading: { selectedRowSpans }) { [unowned self] in try finish(try promptAnswer(validated: true)) }
    }

    /// A deadline's answer reads the selected titles as `Finish` does: from
    /// the data source first when it serves them and they are not cached (a
    /// source that fails them leaves what the cache holds, "" where nothing).
    func timingOut(_ finish: @escaping (DBusValue) -> Void) {
        let reads = selectedRowSpans.map { RemoteRows.Need(part: 0, section: $0.component, rows: $0.rows) }
        guard let source = adapter.served, !source.missingPages(reads).isEmpty else {
            return changeOnItsOwn { finish((try? promptAnswer(validated: false)) ?? .string("")) }
        }
        gather(reads, from: source) { [weak self] pages in
            guard let self else { return }
            changeOnItsOwn {
                let read = (try? pages.get()).flatMap { pages in try? source.withPinned(pages) { try self.promptAnswer(validated: false) } }
                finish(read ?? (try? self.promptAnswer(validated: false)) ?? .string(""))
            }
        }
    }

    /// Each component's selected row, where one is.
    private var selectedRowSpans: [RowSpan] {
        (0..<picker.numberOfComponents).compactMap { component in
            let row = picker.selectedRow(inComponent: component)
            return row >= 0 ? (component, row..<row + 1) : nil
        }
    }

    /// What the picker holds with components of these footprints (and,
    /// when served, the data source's cache at its bound).
    private func footprint(parts: [Int], mapsFootprint: Int, adapterFootprint: Int? = nil, served: Bool? = nil) -> Int {
        let cache = (served ?? (adapter.served != nil)) ? RemoteRows.cacheBytes : 0
        return Footprint.picker + Footprint.sum(parts) + mapsFootprint + (adapterFootprint ?? self.adapterFootprint) + adapter.columns.footprint + cache + search.footprint
    }

    /// What the picker would hold with a data source attached or not.
    func footprint(served: Bool) -> Int {
        footprint(parts: componentFootprints, mapsFootprint: mapsFootprint, served: served)
    }

    /// Each component's footprint, measured for those in `changed` (all,
    /// when nil) and for those it did not have.
    func footprints(of components: [[DBusValue]], changed: Set<Int>?) -> [Int] {
        components.indices.map { index in
            changed?.contains(index) == false && componentFootprints.indices.contains(index) ? componentFootprints[index] : Footprint.of(component: components[index])
        }
    }

    /// Refuses components (the ones outside `changed` kept) and maps that
    /// would make the picker hold more than the memory budgets leave it.
    func admit(_ components: [[DBusValue]], changed: Set<Int>?, maps: DependentComponents?, _ change: @autoclosure () -> String) throws {
        try admit(footprint: footprint(parts: footprints(of: components, changed: changed), mapsFootprint: maps.map(Footprint.of) ?? 0), change())
    }

    /// Sets the adapter's configuration, refused first when it would make
    /// the picker hold more than the memory budgets leave it.
    func configure(_ config: PickerAdapterConfig) throws {
        let configured = Footprint.of(config)
        try admit(footprint: footprint(parts: componentFootprints, mapsFootprint: mapsFootprint, adapterFootprint: configured), "an adapter of \(configured) bytes")
        let titlesChanged = config.format != adapter.config.format
        adapter.config = config
        adapterFootprint = configured
        if titlesChanged {
            searchRowsChanged()
        }
    }

    func component(_ value: Int32) throws -> Int {
        try boundIndex(value, count: picker.numberOfComponents, "component")
    }

    func row(_ row: Int32, _ component: Int32) throws -> (Int, Int) {
        let column = try self.component(component)
        return (try context.arguments.index(row, count: picker.numberOfRows(inComponent: column), "row"), column)
    }

    private func requirePopup(_ method: String) throws -> PopupPickerView {
        guard let popup else {
            throw WidgetsError.notSupported("\(method) is for popup pickers; picker '\(name)' was created without 'popup'")
        }
        return popup
    }

    // MARK: Interface

    func boundInterface() -> Interface { PickerWidget.declaration.bind(to: self) }

    /// The row a call names, as the rows it reads.
    func span(_ row: Int32, _ component: Int32) throws -> [RowSpan] {
        let (row, column) = try self.row(row, component)
        return [(column, row..<row + 1)]
    }

    /// A batch read's component and rows, checked as `Titles` documents.
    func page(_ component: Int32, first: Int32, count: Int32) throws -> (component: Int, rows: Range<Int>) {
        let column = try self.component(component)
        return (column, try context.arguments.page(first: first, count: count, rows: picker.numberOfRows(inComponent: column)))
    }

    /// The rows of a batch read a reply gives: all of them, or of served
    /// rows those at hand from the first on (the reader reads on from there).
    func pageAtHand(_ component: Int32, first: Int32, count: Int32) throws -> (component: Int, rows: Range<Int>) {
        let (column, rows) = try page(component, first: first, count: count)
        return (column, adapter.served?.prefixAtHand(rows, section: column) ?? rows)
    }

    /// A row's attributed title as `AttributedTitleForRow` answers it: `s` and `a{sv}`.
    private func attributedTitle(row: Int, component: Int) -> (DBusValue, DBusValue) {
        let title = picker.attributedTitle(forRow: row, forComponent: component) ?? AttributedString()
        return (.string(title.string), attributeDictionary(title.uniformAttributes))
    }

    typealias API = PickerContract

    /// `org.rxwidgets.Widgets1.Picker`: the contract's handlers, bound to every picker.
    static let declaration = InterfaceDeclaration(Handlers())

    /// The handlers of `PickerContract`, one per member, as the contract names them.
    struct Handlers: InterfaceHandlers {
        typealias Target = PickerWidget
        typealias Contract = PickerContract

        let setItems: MethodHandler = API.setItems.changing(snapshot: \.adapter.components, preparing: { checks, bound, items in
            try compared(measured(components(fromTitles: items.value, checks, "items")), with: bound)
        }) { widget, prepared, _ in
            try widget.refuseWhileServed("SetItems")
            let (components, comparison) = try prepared()
            if widget.dependent == nil {
                try widget.bind(components.value, measured: components.parts, comparison: comparison)
            } else {
                try widget.bindRoot(components.value, measured: components.parts)
            }
        }
        let setDependentItems: MethodHandler = API.setDependentItems.changing { widget, maps, _ in
            try widget.setDependent(try widget.dependentComponents(from: maps.value, "dependent"))
        }
        let setModels: MethodHandler = API.setModels.changing(snapshot: \.adapter.components, preparing: { checks, bound, models in
            try compared(measured(components(fromModels: models.value, checks, "models")), with: bound)
        }) { widget, prepared, _ in
            try widget.refuseWhileServed("SetModels")
            try widget.refuseOnDependent("SetModels")
            let (components, comparison) = try prepared()
            try widget.bind(components.value, measured: components.parts, comparison: comparison)
        }
        let appendItems: MethodHandler = API.appendItems.changing { widget, items, _ in
            try widget.refuseWhileServed("AppendItems")
            try widget.refuseOnDependent("AppendItems")
            try widget.requireItems()
            let appended = try components(fromTitles: items.value, widget.context.arguments, "items")
            let current = widget.adapter.components
            guard appended.count <= current.count else {
                throw WidgetsError.outOfRange("items has \(appended.count) arrays but the picker has \(current.count) components")
            }
            var combined = current
            for (index, rows) in appended.enumerated() {
                combined[index] += rows
            }
            try widget.check(combined, "the picker with items appended")
            try widget.search.appending(after: Dictionary(uniqueKeysWithValues: appended.indices.map { ($0, current[$0].count) })) {
                try widget.bind(combined, changed: Set(appended.indices))
            }
        }
        let loadItems: MethodHandler = API.loadItems.changing { widget, arguments, _ in
            try widget.refuseWhileServed("LoadItems")
            try widget.refuseOnDependent("LoadItems")
            let (items, given) = arguments
            let options = try widget.context.arguments.options(given.value, allowed: LoadedRows.optionTypes.merging(["component": .int32]) { $1 }, argument: "options")
            let current = widget.isBound ? widget.adapter.components : []
            let component = Int(options["component"].flatMap { try? Int32(dbusValue: $0) } ?? 0)
            guard component >= 0, component <= current.count else {
                throw WidgetsError.outOfRange("options 'component' \(component) is out of range; expected 0…\(current.count) (one past the last adds a component)")
            }
            let loaded = try LoadedRows.read(from: items, options: options, limits: widget.context.limits)
            var combined = current
            // The kept components keep their footprints; the loaded one is
            // measured as it was read, not walked again.
            var parts = widget.footprints(of: current, changed: [])
            if component == combined.count {
                combined.append([])
                parts.append(Footprint.of(component: []))
            }
            let appending = options["append"] == .boolean(true)
            combined[component] = appending ? combined[component] + loaded.rows : loaded.rows
            parts[component] = (appending ? parts[component] : Footprint.of(component: [])) + loaded.footprint
            // The loaded titles were checked as they were read; only the shape is left.
            try widget.context.arguments.checkShape(parts: combined.count, rows: combined.reduce(0) { $0 + $1.count }, unit: "components", "the picker with the loaded items")
            if appending {
                try widget.search.appending(after: [component: current.indices.contains(component) ? current[component].count : 0]) {
                    try widget.bind(combined, measured: parts)
                }
            } else {
                try widget.bind(combined, measured: parts)
            }
        }
        let setAdapter: MethodHandler = API.setAdapter.changing { widget, arguments, _ in
            let config = try widget.adapterConfig(kind: arguments.0, options: arguments.1.value)
            let kindChanged = config.kind != widget.adapter.config.kind
            if config != widget.adapter.config {
                try widget.configure(config)
                widget.reportContentChange()
            }
            if kindChanged {
                widget.reportChange(API.adapter.name)
            }
        }
        let titleForRow: MethodHandler = API.titleForRow.serve(answering: { widget, cell, call, later in
            try widget.answer(call, later, reading: { try widget.span(cell.0, cell.1) }) {
                let (row, component) = try widget.row(cell.0, cell.1)
                return widget.picker.title(forRow: row, forComponent: component) ?? ""
            }
        })
        let titles: MethodHandler = API.titles.serve(answering: { widget, page, call, later in
            try widget.answer(call, later, reading: { [try widget.page(page.0, first: page.1, count: page.2)] }) {
                let (component, rows) = try widget.pageAtHand(page.0, first: page.1, count: page.2)
                let titles = widget.context.arguments.fitting(rows) { .string(widget.picker.title(forRow: $0, forComponent: component) ?? "") }
                return (Raw(unchecked: .array(element: .string, titles)), widget.revision)
            }
        })
        let attributedTitles: MethodHandler = API.attributedTitles.serve(answering: { widget, page, call, later in
            try widget.answer(call, later, reading: { [try widget.page(page.0, first: page.1, count: page.2)] }) {
                let (component, rows) = try widget.pageAtHand(page.0, first: page.1, count: page.2)
                let titles = widget.context.arguments.fitting(rows) { row in
                    let (text, attributes) = widget.attributedTitle(row: row, component: component)
                    return .structure([text, attributes])
                }
                return (Raw(unchecked: .array(element: .structure([.string, .array(.dictEntry(key: .string, value: .variant))]), titles)), widget.revision)
            }
        })
        let attributedTitleForRow: MethodHandler = API.attributedTitleForRow.serve(answering: { widget, cell, call, later in
            try widget.answer(call, later, reading: { try widget.span(cell.0, cell.1) }) {
                let (row, component) = try widget.row(cell.0, cell.1)
                let (text, attributes) = widget.attributedTitle(row: row, component: component)
                return (text.stringValue ?? "", Raw(unchecked: attributes))
            }
        })
        let viewForRow: MethodHandler = API.viewForRow.serve(answering: { widget, cell, call, later in
            try widget.answer(call, later, reading: { try widget.span(cell.0, cell.1) }) {
                let (row, component) = try widget.row(cell.0, cell.1)
                return Raw(unchecked: attributeDictionary(widget.picker.view(forRow: row, forComponent: component)?.viewDescription ?? [:]))
            }
        })
        let widthForComponent: MethodHandler = API.widthForComponent.serve(answering: { widget, component, call, later in
            try widget.size(PickerDelegateContract.widthForComponent, of: component, call: call, later: later) { Double(widget.picker.width(forComponent: $0)) }
        })
        let rowHeightForComponent: MethodHandler = API.rowHeightForComponent.serve(answering: { widget, component, call, later in
            try widget.size(PickerDelegateContract.rowHeightForComponent, of: component, call: call, later: later) { Double(widget.picker.rowHeight(forComponent: $0)) }
        })
        let selectRow: MethodHandler = API.selectRow.serve(answering: { widget, cell, call, later in
            try widget.answer(call, later, changing: true, reading: {
                let (row, component) = try widget.row(cell.0, cell.1)
                return widget.rowsModelSelected(reads: row, in: component)
            }) {
                let (row, component) = try widget.row(cell.0, cell.1)
                try widget.checkSelection(row, in: component)
                widget.picker.userDidSelect(row: row, inComponent: component)
            }
        })
        let setSelectedRow: MethodHandler = API.setSelectedRow.changing { widget, cell, _ in
            let (row, component) = try widget.row(cell.0, cell.1)
            try widget.checkSelection(row, in: component)
            widget.picker.selectRow(row, inComponent: component, animated: false)
            try widget.rederive(after: component)
        }
        let selectedRow: MethodHandler = API.selectedRow.serve { widget, component, _ in
            Int32(widget.picker.selectedRow(inComponent: try widget.component(component)))
        }
        let model: MethodHandler = API.model.serve(answering: { widget, cell, call, later in
            try widget.answer(call, later, reading: { try widget.span(cell.0, cell.1) }) {
                let (row, component) = try widget.row(cell.0, cell.1)
                return Variant(try widget.picker.rx.model(at: IndexPath(row: row, section: component)) as DBusValue)
            }
        })
        let reloadAllComponents: MethodHandler = API.reloadAllComponents.serve(answering: { widget, _, call, later in
            if let source = widget.adapter.served {
                return try widget.reloadServed(source, call: call, later: later)
            }
            try widget.mutate(call) { widget.picker.reloadAllComponents() }
            return .now(())
        })
        let reloadComponent: MethodHandler = API.reloadComponent.serve(answering: { widget, component, call, later in
            if let source = widget.adapter.served {
                _ = try widget.component(component)
                return try widget.reloadServed(source, call: call, later: later)
            }
            try widget.mutate(call) { widget.picker.reloadComponent(try widget.component(component)) }
            return .now(())
        })
        let attachDataSource: MethodHandler = API.served.attachDataSource.serve(answering: { widget, arguments, call, later in
            try widget.attachDataSource(arguments.0, options: arguments.1.value, call: call, later: later)
        })
        let attachDelegate: MethodHandler = API.served.attachDelegate.changing { widget, arguments, call in
            try widget.attachDelegate(arguments.0, options: arguments.1.value, by: call.sender, serving: PickerDelegateContract.name)
        }
        let detachDelegate: MethodHandler = API.served.detachDelegate.changing { widget, _, _ in
            try widget.detachDelegate()
        }
        let detachDataSource: MethodHandler = API.served.detachDataSource.changing { widget, _, _ in
            try widget.detachDataSource()
        }
        let show: MethodHandler = API.show.changing { widget, _, _ in
            try widget.requirePopup("Show").showPickerView()
        }
        let hide: MethodHandler = API.hide.changing { widget, _, _ in
            try widget.requirePopup("Hide").hiddenPickerView()
        }
        let done: MethodHandler = API.done.serve(answering: { widget, _, call, later in
            try widget.answer(call, later, changing: true, reading: { widget.rowsModelSelected(reads: widget.picker.selectedRow(inComponent: 0), in: 0).prefix(1).map { $0 } }) {
                let popup = try widget.requirePopup("Done")
                guard widget.isBound, widget.picker.numberOfRows(inComponent: 0) > 0 else {
                    throw WidgetsError.itemsNotBound("picker '\(widget.name)' has no rows in component 0 to choose from")
                }
                popup.doneSelection()
            }
        })
        let cancel: MethodHandler = API.cancel.changing { widget, _, _ in
            try widget.requirePopup("Cancel").cancelSelection()
        }
        let setFilter: MethodHandler = API.search.setFilterHandler()
        let matches: MethodHandler = API.search.matchesHandler()
        let filter: PropertyHandler = API.search.filterHandler()
        let matchCounts: PropertyHandler = API.search.matchCountsHandler()
        let numberOfComponents: PropertyHandler = API.numberOfComponents.serve { Int32($0.picker.numberOfComponents) }
        let rowCounts: PropertyHandler = API.rowCounts.serve { $0.picker.rowCounts.map { Int32($0) } }
        let selectedRows: PropertyHandler = API.selectedRows.serve { $0.picker.selectedRows.map { Int32($0) } }
        let visible: PropertyHandler = API.visible.serve { $0.popup?.isVisible ?? false }
        let popup: PropertyHandler = API.popup.serve { $0.popup != nil }
        let adapter: PropertyHandler = API.adapter.serve { $0.adapter.config.kind.rawValue }
        let setColumns: MethodHandler = API.columns.setColumnsHandler()
        let setDescriptionFormat: MethodHandler = API.columns.setDescriptionFormatHandler()
        let rowDetails: MethodHandler = API.columns.rowDetailsHandler()
        let columns: PropertyHandler = API.columns.columnsHandler()
        let descriptionFormat: PropertyHandler = API.columns.descriptionFormatHandler()
        let revision: PropertyHandler = API.widget.revision.serve { $0.revision }
    }

    // MARK: State

    /// The picker's `PickerState`, taken on the loop (the arrays are
    /// shared, not copied) and written off it.
    func stateSnapshot() -> StateSnapshot {
        let config = adapter.config
        let adapterOptions: DBusValue = .dictionary(key: .string, value: .variant, [
            (AdapterOption.format, .string(config.format)),
            (AdapterOption.attributes, attributeDictionary(config.attributes)),
            (AdapterOption.view, attributeDictionary(config.view)),
            (AdapterOption.widths, .array(element: .double, config.widths.map(DBusValue.double))),
            (AdapterOption.rowHeights, .array(element: .double, config.rowHeights.map(DBusValue.double))),
        ].map { (.string($0.rawValue), .variant($1)) })
        // A data source is kept as detached: its client is gone after a restart.
        let bound = beforeSource ?? BoundRows(components: adapter.components, selected: picker.selectedRows, bound: isBound)
        let dependentMaps: DBusValue = .array(element: .array(.dictEntry(key: .string, value: .array(.string))), (dependent?.maps ?? []).map { map in
            .dictionary(key: .string, value: .array(.string), map.sorted { $0.key < $1.key }.map { (.string($0.key), .array(element: .string, $0.value.map(DBusValue.string))) })
        })
        let state = PickerState(popup: popup != nil, visible: popup?.isVisible ?? false, bound: bound.bound, components: bound.components,
                                adapter: config.kind.rawValue, adapterOptions: adapterOptions, selected: bound.selected.map { Int32($0) }, dependent: dependentMaps,
                                columns: adapter.columns)
        return { state.pieces }
    }

    /// The picker a state file describes, its models and adapter checked as
    /// `SetModels` and `SetAdapter` check them.
    static func restored(from file: StateFile, context: WidgetContext) throws -> PickerWidget {
        let state = try PickerState(stored: file.state)
        let widget = try PickerWidget(name: file.name, options: [PickerOption.popup.rawValue: .boolean(state.popup)], creator: Creator(restoring: file), context: context)
        if !(state.dependent.arrayElements ?? []).isEmpty {
            widget.dependent = try widget.dependentComponents(from: state.dependent, "stored dependent")
        }
        if state.bound {
            try check(state.components, widget.context.arguments, "stored models")
            try widget.bind(state.components)
        }
        try widget.configure(try widget.adapterConfig(kind: state.adapter, options: state.adapterOptions))
        widget.adapter.columns = RowColumns(headers: try RowColumns.checked(state.columns.headers, context.arguments, "stored columns"),
                                            descriptionFormat: try RowColumns.checkedFormat(state.columns.descriptionFormat, context.arguments, "stored description format"))
        // A picker's selection is -1 in an empty component and one of its
        // rows otherwise: any other is not its state, not one to drop.
        for (component, row) in state.selected.enumerated() where component < widget.picker.numberOfComponents {
            let rows = widget.picker.numberOfRows(inComponent: component)
            guard rows == 0 ? row == -1 : (0..<rows).contains(Int(row)) else {
                throw StateFile.ReadError(description: "its selected row \(row) of component \(component) is not one of its \(rows) rows")
            }
            if rows > 0 {
                widget.picker.selectRow(Int(row), inComponent: component, animated: false)
            }
        }
        if state.visible {
            widget.popup?.showPickerView()
        }
        widget.resume(atRevision: file.revision)
        return widget
    }

    private func adapterConfig(kind: String, options value: DBusValue) throws -> PickerAdapterConfig {
        guard let adapterKind = PickerAdapterConfig.Kind(rawValue: kind) else {
            throw DBusError.invalidArgs("kind: expected 'title', 'attributed' or 'view', got \(quoted(kind))")
        }
        let options = try context.arguments.options(value, allowed: AdapterOption.types, argument: "options")
        var config = PickerAdapterConfig()
        config.kind = adapterKind
        if case .string(let format)? = options[AdapterOption.format] {
            try context.arguments.checkString(format, "options 'format'")
            config.format = format
        }
        if let attributes = options[AdapterOption.attributes] {
            config.attributes = try context.arguments.attributes(attributes, "options 'attributes'")
        }
        if let view = options[AdapterOption.view] {
            config.view = try context.arguments.attributes(view, "options 'view'")
        }
        config.widths = try sizes(options[AdapterOption.widths], AdapterOption.widths.rawValue)
        config.rowHeights = try sizes(options[AdapterOption.rowHeights], AdapterOption.rowHeights.rawValue)
        return config
    }

    private func sizes(_ value: DBusValue?, _ key: String) throws -> [Double] {
        let sizes = (value?.arrayElements ?? []).compactMap { element -> Double? in
            if case .double(let size) = element { return size }
            return nil
        }
        if let bad = sizes.firstIndex(where: { !$0.isFinite || $0 < 0 }) {
            throw DBusError.invalidArgs("options '\(key)'[\(bad)]: expected a finite size of 0 or more, got \(sizes[bad])")
        }
        guard sizes.count <= context.limits.componentsPerWidget else {
            throw WidgetsError.limitExceeded("options '\(key)' has \(sizes.count) sizes; the limit is \(context.limits.componentsPerWidget)")
        }
        return sizes
    }
}
