import CGtk
import FrontEndCore
import Localization
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// A table in a window: a type-ahead search above a `GtkColumnView` of its
/// cells (sections one after another, each row marked with its section's
/// header when there are several) — one column per header of a table with
/// columns (`Columns`, `RowDetails`), each row's description under its
/// title, dimmer; a click on a column's header sorts the rows shown by
/// it (this window's order: the daemon's rows and indexes stay) — and,
/// where several rows may be chosen, a check box per row and a line that
/// says how many may be. It is a view of
/// the shared core's `TableModel`: the highlighted row is the model's
/// cursor, the check boxes are the daemon's `SelectedRows`; keys, clicks
/// and the query typed are the program's inputs, applied in order, each
/// after the answers to those before it. Where the table is `Editable`
/// Delete and Alt+↑/↓ are `DeleteRow` and `MoveRow`.
final class TableWindow {
    let core: TableProgram
    let dialog: Dialog
    private let search: SearchBar
    private let list: TitleList
    private let view: Widget
    private let limitLine: Widget?
    /// Where each section's rows (or matches) begin in the one list shown, and the list's end.
    private var sectionStarts: [Int] = [0]
    /// The sections' headers, marking their rows when there are several.
    private var headers: [String] = []
    /// The rows of the matches read for the list, by position, and the
    /// characters each matched (after the section's mark).
    private var rankedRows: [Int: IndexPath] = [:]
    private var rankedPlaces: [Int: [Int]] = [:]
    /// The descriptions and column texts of the rows read, by position.
    var details: [Int: RowDetail] = [:]
    /// The headers' sorters, and the column and direction the rows are sorted by.
    private var sorting: ColumnSorting?
    var sortedBy: (column: Int, ascending: Bool)?
    private var shown: (counts: [Int], query: String?, revision: UInt64, headers: [String], order: RowOrder?)?
    private var shownSelection: [IndexPath] = []
    /// The check boxes bound to rows now, by their list item.
    private var checks: [OpaquePointer: Widget] = [:]
    private var isApplying = false
    let disposeBag = DisposeBag()

    init(table: RemoteTable, dialog: Dialog, header: String?, limit: Int?, attached: Bool = false, printsIndexes: Bool = false, values: [String]? = nil,
         searchesDescriptions: Bool = false) {
        self.dialog = dialog
        core = TableProgram(table: table, host: dialog, purpose: attached ? .attach : .choose, header: header, height: nil, limit: limit,
                            printsIndexes: printsIndexes, values: values, searchesDescriptions: searchesDescriptions)
        var program: Program<TableModel>?
        search = SearchBar(window: dialog.window, onQuery: { program?.input(.setQuery($0)) }, onKey: { key in
            program?.press(key)
            return true
        })
        var read: (Range<Int>) -> Observable<[String]> = { _ in .just([]) }
        let texts = RowTexts { read($0) }
        list = TitleList(texts: texts)
        view = gtk_column_view_new(list.selection)!
        let multiple = table.allowsMultipleSelection
        limitLine = multiple ? makeLabel("") : nil
        program = core.program
        read = { [weak self] rows in self?.texts(rows) ?? .just([]) }
        if multiple {
            let checkColumn = gtk_column_view_column_new(nil, checkFactory())
            gtk_column_view_append_column(view.c(), checkColumn)
        }
        let headers = table.columns
        if headers.isEmpty {
            let description = { [weak self] (position: Int) in self?.details[position]?.description ?? "" }
            // TRANSLATORS: the header of a table's one column, the items to choose from.
            let column = gtk_column_view_column_new(header ?? tr("Item"), list.describedFactory(description: description, roomForDescriptions: searchesDescriptions))
            gtk_column_view_column_set_expand(column, 1)
            gtk_column_view_append_column(view.c(), column)
        }
        var headerColumns: [OpaquePointer] = []
        for (index, name) in headers.enumerated() {
            guard let column = gtk_column_view_column_new(name, columnFactory(index)) else { continue }
            gtk_column_view_column_set_resizable(column, 1)
            gtk_column_view_column_set_expand(column, index == headers.count - 1 ? 1 : 0)
            gtk_column_view_append_column(view.c(), column)
            headerColumns.append(column)
        }
        if !headerColumns.isEmpty {
            sorting = ColumnSorting(view: view, columns: headerColumns)
        }
        // TRANSLATORS: a screen reader's name and description of a list of rows to choose from.
        view.describe(label: header ?? tr("Items"),
                      description: multiple ? (limit.map { tr(one: "Choose up to {0} row", other: "Choose up to {0} rows", count: $0, $0) } ?? tr("Choose any rows")) : tr("Choose a row"))
        dialog.add(search.entry)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(scrolled.c(), view)
        gtk_scrolled_window_set_propagate_natural_height(scrolled.c(), 1)
        gtk_scrolled_window_set_max_content_height(scrolled.c(), 360)
        dialog.add(scrolled, expands: true)
        if let limitLine {
            gtk_widget_add_css_class(limitLine, "dim-label")
            dialog.add(limitLine)
        }
        list.onSelect = { [weak self] position in self?.core.program.input(.clicked(position: position)) }
        list.onPageRead = { [weak self] in self?.render() }
        list.matched = { [weak self] position in self?.rankedPlaces[position] ?? [] }
        // The list's keys are taken at the window: reading rows replaces the
        // row that had the focus, which leaves the focus with the window.
        onKeys(of: dialog.window) { [weak self] key in
            guard let self, isListKey(key), !focusIsElsewhere() else { return false }
            core.program.press(key)
            return true
        }
        let editKeys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(editKeys, GTK_PHASE_CAPTURE)
        Signals.onKeyPressed(UnsafeMutableRawPointer(editKeys)) { [weak self] key, modifiers in self?.edit(key, modifiers) ?? false }
        gtk_widget_add_controller(view, editKeys)
        Signals.onPosition(view.raw, "activate") { [weak self] position in self?.core.program.input(.activated(position: position)) }
        dialog.addButton(attached ? tr("Close") : tr("Cancel")) { [weak self] in self?.cancel() }
        if !attached {
            // TRANSLATORS: a button that ends the choice with the rows selected.
            dialog.addButton(tr("Done"), isDefault: true) { [weak self] in self?.core.program.press(.enter) }
        }
        dialog.onCancel = { [weak self] in self?.cancel() }
        texts.onError = { [weak self] in self?.dialog.say("\($0)") }
        dialog.onModelChanged = { [weak self] in self?.render() }
        sorting?.onSort = { [weak self] in self?.sort(by: $0) }
        // A reload or a move changes the rows and may keep their number: the
        // signal comes after the state it describes, so the cells are read again then.
        Observable<Void>.merge(table.rx.reloaded, table.rx.itemMoved.map { _ in }).subscribe(onNext: { [weak self] in
            self?.shown = nil
            self?.render()
            // New rows: sorted again by the header clicked.
            if let sortedBy = self?.sortedBy {
                self?.sort(by: sortedBy)
            }
        }, onError: { _ in }).disposed(by: disposeBag)
        render()
        gtk_widget_grab_focus(view)
    }

    var model: TableModel { core.model }

    /// Whether the focus is on a control of its own (the search entry, a
    /// button), which takes its keys, rather than on the list or nowhere.
    private func focusIsElsewhere() -> Bool {
        guard let focus = gtk_root_get_focus(OpaquePointer(dialog.window.raw)) else { return false }
        let focused = UnsafeMutableRawPointer(focus)
        return focused == search.entry.raw || gtk_widget_is_ancestor(focus, search.entry.c()) != 0
            || g_type_check_instance_is_a(focused.assumingMemoryBound(to: GTypeInstance.self), gtk_button_get_type()) != 0
    }

    /// Draws the model: the rows shown (read again when their number or
    /// the query changed, or a change selected nothing — a new cell format),
    /// the cursor, the check boxes, the limit line and the status.
    private func render() {
        let model = self.model
        let filtering = model.isFiltering
        let counts = filtering ? model.daemon.matchCounts : model.daemon.rowCounts
        let query = filtering ? model.daemon.filter : nil
        let selection = model.daemon.selected
        let revision = model.daemon.revision
        let headers = model.daemon.rowCounts.count > 1 ? model.headers : []
        let order = filtering ? nil : model.order
        if shown.map({ $0.counts != counts || $0.query != query || $0.headers != headers || $0.order != order || ($0.revision != revision && selection == shownSelection) }) ?? true {
            self.headers = headers
            sectionStarts = counts.reduce(into: [0]) { $0.append($0.last! + $1) }
            rankedRows = [:]
            rankedPlaces = [:]
            details = [:]
            list.reload(count: sectionStarts.last!)
        }
        shown = (counts, query, revision, headers, order)
        shownSelection = selection
        if list.select([model.cursor]) {
            gtk_widget_activate_action_variant(view, "list.scroll-to-item", g_variant_new_uint32(guint32(model.cursor)))
        }
        isApplying = true
        for (item, check) in checks {
            gtk_check_button_set_active(check.c(), isChosen(Int(gtk_list_item_get_position(item))) ? 1 : 0)
        }
        isApplying = false
        if let limitLine {
            // Two phrases joined by a dot, each whole: a plural form follows one number only.
            // TRANSLATORS: {0} is the most rows that may be checked; "· {0} chosen" follows.
            let most = model.limit.map { tr(one: "Choose up to {0}", other: "Choose up to {0}", count: $0, $0) }
                ?? tr("Choose any number")
            // TRANSLATORS: how many rows are checked now, after "Choose up to {0}" or "Choose any number".
            let chosen = tr(one: "{0} chosen", other: "{0} chosen", count: selection.count, selection.count)
            gtk_label_set_text(limitLine.c(), most + " · " + chosen)
        }
        dialog.say(model.status)
    }

    private func isChosen(_ position: Int) -> Bool {
        indexPath(at: position).map(model.daemon.selected.contains) ?? false
    }

    /// Check boxes bound to the rows they are in; a click on one is the
    /// model's toggle of that row (the daemon's selection draws it).
    private func checkFactory() -> OpaquePointer {
        let factory = gtk_signal_list_item_factory_new()!
        Signals.onObject(UnsafeMutableRawPointer(factory), "setup") { [weak self] item in
            guard let item else { return }
            let check = gtk_check_button_new()!
            gtk_widget_set_can_focus(check, 0)
            let listItem = OpaquePointer(item)
            Signals.on(check.raw, "toggled") { [weak self] in
                guard let self, !isApplying else { return }
                // Drawn as the daemon has it until the toggle is answered.
                isApplying = true
                gtk_check_button_set_active(check.c(), isChosen(Int(gtk_list_item_get_position(listItem))) ? 1 : 0)
                isApplying = false
                core.program.input(.toggled(position: Int(gtk_list_item_get_position(listItem))))
            }
            gtk_list_item_set_child(listItem, check)
        }
        Signals.onObject(UnsafeMutableRawPointer(factory), "bind") { [weak self] item in
            guard let self, let item, let check: Widget = gtk_list_item_get_child(OpaquePointer(item)) else { return }
            let listItem = OpaquePointer(item)
            checks[listItem] = check
            isApplying = true
            gtk_check_button_set_active(check.c(), isChosen(Int(gtk_list_item_get_position(listItem))) ? 1 : 0)
            isApplying = false
        }
        Signals.onObject(UnsafeMutableRawPointer(factory), "unbind") { [weak self] item in
            guard let item else { return }
            self?.checks[OpaquePointer(item)] = nil
        }
        return factory
    }

    /// The place in the table of the list's row `position`: its section's
    /// row, or the match read for it.
    private func indexPath(at position: Int) -> IndexPath? {
        guard position >= 0, position < sectionStarts.last! else { return nil }
        if model.isFiltering {
            return rankedRows[position]
        }
        if model.order != nil {
            return model.shownRows[position]
        }
        let section = self.section(of: position)
        return IndexPath(row: position - sectionStarts[section], section: section)
    }

    /// The last section starting at or before `position` (empty sections start where the next does).
    private func section(of position: Int) -> Int {
        var low = 0, high = sectionStarts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if sectionStarts[middle] <= position { low = middle } else { high = middle }
        }
        return low
    }

    /// The texts of the list's rows `rows`: cells (or the search's matches)
    /// of the sections they are in, each marked with its section's header
    /// when there are several.
    private func texts(_ rows: Range<Int>) -> Observable<[String]> {
        guard rows.lowerBound < sectionStarts.last! else { return .just([]) }
        let filtering = model.isFiltering
        if !filtering, model.order != nil {
            return sortedTexts(rows)
        }
        var reads: [Single<[String]>] = []
        var section = self.section(of: rows.lowerBound)
        var first = rows.lowerBound - sectionStarts[section]
        var left = rows.count
        while left > 0, section + 1 < sectionStarts.count {
            let count = min(left, sectionStarts[section + 1] - sectionStarts[section] - first)
            if count > 0 {
                let mark = headers.indices.contains(section) && !headers[section].isEmpty ? headers[section] + " ▸ " : ""
                let start = sectionStarts[section] + first
                let inSection = section
                let table = core.table
                if filtering {
                    reads.append(table.rx.matches(in: section, first: first, count: count).flatMap { [weak self] found -> Observable<[String]> in
                        let shift = mark.unicodeScalars.count
                        for (offset, match) in found.matches.enumerated() {
                            self?.rankedRows[start + offset] = IndexPath(row: match.row, section: inSection)
                            self?.rankedPlaces[start + offset] = match.places.map { $0 + shift }
                        }
                        let titles = found.matches.map { mark + $0.title }
                        // The matches' details, a read for each run of neighbouring rows.
                        let rows = found.matches.map(\.row)
                        let runs = RowOrder.runs(of: rows)
                        guard !runs.isEmpty else { return .just(titles) }
                        return Single.zip(runs.map { run in table.rx.rowDetails(in: inSection, first: run.lowerBound, count: run.count).map { ($0.details, run) }.asSingle() })
                            .map { [weak self] fetched in
                                var byRow: [Int: RowDetail] = [:]
                                for (details, run) in fetched {
                                    for (offset, detail) in details.enumerated() { byRow[run.lowerBound + offset] = detail }
                                }
                                for (offset, row) in rows.enumerated() { self?.details[start + offset] = byRow[row] }
                                return titles
                            }.asObservable()
                    }.asSingle())
                } else {
                    reads.append(Observable.zip(table.rx.cells(section: section, first: first, count: count), table.rx.rowDetails(in: section, first: first, count: count))
                        .map { [weak self] cells, fetched in
                            for (offset, detail) in fetched.details.enumerated() {
                                self?.details[start + offset] = detail
                            }
                            return cells.map { mark + $0.text }
                        }.asSingle())
                }
                left -= count
            }
            section += 1
            first = 0
        }
        return Single.zip(reads).map { $0.flatMap { $0 } }.asObservable()
    }

    /// Where the table is `Editable`: Delete is `DeleteRow` of each selected
    /// row, Alt+↑/↓ `MoveRow` of the selected row one place up or down.
    private func edit(_ key: UInt32, _ modifiers: GdkModifierType) -> Bool {
        let table = core.table
        guard table.isEditable else { return false }
        let selected = table.indexPathsForSelectedRows.sorted()
        let report: (Error) -> Void = { [weak self] in self?.dialog.say(($0 as? WidgetsClientError)?.message ?? "\($0)") }
        switch Int32(bitPattern: key) {
        case GDK_KEY_Delete, GDK_KEY_KP_Delete:
            // The last first: each delete leaves the rows before it where they were.
            for indexPath in selected.reversed() {
                table.rx.deleteRow(at: indexPath).subscribe(onError: report).disposed(by: disposeBag)
            }
            return !selected.isEmpty
        case let moving where (moving == GDK_KEY_Up || moving == GDK_KEY_Down) && modifiers.rawValue & GDK_ALT_MASK.rawValue != 0 && selected.count == 1:
            let from = selected[0]
            let to = IndexPath(row: from.row + (moving == GDK_KEY_Up ? -1 : 1), section: from.section)
            let counts = table.rowCounts
            guard counts.indices.contains(to.section), (0..<counts[to.section]).contains(to.row) else { return true }
            table.rx.moveRow(at: from, to: to).subscribe(onError: report).disposed(by: disposeBag)
            return true
        default:
            return false
        }
    }

    private func cancel() {
        dialog.finish(model.purpose == .attach ? .done("") : .cancelled)
    }
}
