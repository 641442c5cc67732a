import CGtk
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// A table in a window: a `GtkColumnView` of its cells under the header
/// as the column's title (sections one after another, each row marked with
/// its section's header), single or multiple
/// selection as the table allows. A person's selection is `SelectRow` /
/// `DeselectRow`, and where the table is `Editable` Delete and Alt+↑/↓ are
/// `DeleteRow` and `MoveRow`; what is shown follows the daemon's rows and
/// `SelectedRows`. Done prints the rows selected then, in order.
final class TableWindow {
    private let table: RemoteTable
    private let dialog: Dialog
    private let limit: Int?
    private let attached: Bool
    private let printed: (Int, String) -> String
    private let list: TitleList
    /// Where each section's rows begin in the one list shown, and the list's end.
    private var sectionStarts: [Int] = [0]
    /// The sections' headers, marking their rows when there are several.
    private var headers: [String] = []
    private var shownRowCounts: [Int] = []
    private var shownSelection: [IndexPath] = []
    private let disposeBag = DisposeBag()

    /// `limit`: how many rows may be chosen (nil: any); `printed`: a chosen row's line from its row and text.
    init(table: RemoteTable, dialog: Dialog, header: String?, limit: Int?, attached: Bool = false, printed: @escaping (Int, String) -> String) {
        self.table = table
        self.dialog = dialog
        self.limit = limit
        self.attached = attached
        self.printed = printed
        var cells: (Range<Int>) -> Observable<[String]> = { _ in .just([]) }
        let texts = RowTexts { cells($0) }
        list = TitleList(multiple: table.allowsMultipleSelection, texts: texts)
        cells = { [weak self] rows in self?.cells(rows) ?? .just([]) }
        let view = gtk_column_view_new(list.selection)!
        let column = gtk_column_view_column_new(header ?? "Item", TitleList.labelFactory())
        gtk_column_view_column_set_expand(column, 1)
        gtk_column_view_append_column(view.c(), column)
        view.describe(label: header ?? "Items", description: table.allowsMultipleSelection
            ? (limit.map { "Choose up to \($0) rows" } ?? "Choose any rows") : "Choose a row")
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(scrolled.c(), view)
        dialog.add(scrolled, expands: true)
        list.onSelect = { [weak self] row in self?.select([row]) }
        list.onSelectionChanged = { [weak self] rows in self?.select(rows) }
        let keys = gtk_event_controller_key_new()!
        Signals.onKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] key, modifiers in self?.edit(key, modifiers) ?? false }
        gtk_widget_add_controller(view, keys)
        Signals.onPosition(view.raw, "activate") { [weak self] row in
            guard let self else { return }
            if !table.allowsMultipleSelection {
                select([row])
            }
            done()
        }
        dialog.addButton(attached ? "Close" : "Cancel") { [weak self] in self?.cancel() }
        if !attached {
            dialog.addButton("Done", isDefault: true) { [weak self] in self?.done() }
        }
        dialog.onCancel = { [weak self] in self?.cancel() }
        texts.onError = { [weak self] in self?.dialog.say("\($0)") }
        daemonChanged()
        table.rx.revision.subscribe(onNext: { [weak self] _ in self?.daemonChanged() },
                                    onError: { [weak self] in self?.dialog.fail($0) })
            .disposed(by: disposeBag)
        // A reload or a move changes the rows and may keep their number: the
        // signal comes after the state it describes, so the cells are read again then.
        let rowsChanged = Observable<Void>.merge(table.rx.reloaded, table.rx.itemMoved.map { _ in })
        rowsChanged.subscribe(onNext: { [weak self] in self?.daemonChanged(cellsChanged: true) }, onError: { _ in }).disposed(by: disposeBag)
        gtk_widget_grab_focus(view)
    }

    /// Shows the daemon's rows and selection. The cells are read again (as
    /// they are shown) when their number changed, when `cellsChanged`, and
    /// after a change that selected nothing (a new cell format); a selection
    /// alone keeps them.
    private func daemonChanged(cellsChanged: Bool = false) {
        let counts = table.rowCounts
        let selection = table.indexPathsForSelectedRows
        if counts != shownRowCounts || cellsChanged || selection == shownSelection {
            do {
                headers = counts.count > 1 ? try table.headers() : []
            } catch {
                dialog.fail(error)
            }
            sectionStarts = counts.reduce(into: [0]) { $0.append($0.last! + $1) }
            list.reload(count: sectionStarts.last!)
        }
        list.select(Set(selection.compactMap(position(of:))))
        shownRowCounts = counts
        shownSelection = selection
    }

    /// The place in the table of the list's row `position`.
    private func indexPath(at position: Int) -> IndexPath? {
        guard position >= 0, position < sectionStarts.last! else { return nil }
        // The last section starting at or before it (empty sections start where the next does).
        var low = 0, high = sectionStarts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if sectionStarts[middle] <= position { low = middle } else { high = middle }
        }
        return IndexPath(row: position - sectionStarts[low], section: low)
    }

    /// The list's row of a place in the table.
    private func position(of indexPath: IndexPath) -> Int? {
        guard sectionStarts.indices.contains(indexPath.section + 1), indexPath.row >= 0 else { return nil }
        let position = sectionStarts[indexPath.section] + indexPath.row
        return position < sectionStarts[indexPath.section + 1] ? position : nil
    }

    /// The texts of the list's rows `rows`: cells of the sections they are
    /// in, each marked with its section's header when there are several.
    private func cells(_ rows: Range<Int>) -> Observable<[String]> {
        guard let first = indexPath(at: rows.lowerBound) else { return .just([]) }
        var reads: [Single<[String]>] = []
        var section = first.section
        var row = first.row
        var left = rows.count
        while left > 0, section + 1 < sectionStarts.count {
            let count = min(left, sectionStarts[section + 1] - sectionStarts[section] - row)
            if count > 0 {
                let mark = headers.indices.contains(section) && !headers[section].isEmpty ? headers[section] + " ▸ " : ""
                reads.append(table.rx.cells(section: section, first: row, count: count).map { $0.map { mark + $0.text } }.asSingle())
                left -= count
            }
            section += 1
            row = 0
        }
        return Single.zip(reads).map { $0.flatMap { $0 } }.asObservable()
    }

    /// A person's selection: each row added is `SelectRow`, each removed `DeselectRow`.
    private func select(_ rows: Set<Int>) {
        let wanted = Set(rows.compactMap(indexPath(at:)))
        let now = Set(table.indexPathsForSelectedRows)
        if let limit, table.allowsMultipleSelection, wanted.count > limit {
            dialog.say("At most \(limit) may be chosen.")
            daemonChanged()
            return
        }
        dialog.say(nil)
        let report: (Error) -> Void = { [weak self] in self?.dialog.say("\($0)") }
        for indexPath in now.subtracting(wanted).sorted() where table.allowsMultipleSelection {
            table.rx.deselectRow(at: indexPath).subscribe(onError: report).disposed(by: disposeBag)
        }
        for indexPath in wanted.subtracting(now).sorted() {
            table.rx.selectRow(at: indexPath).subscribe(onError: report).disposed(by: disposeBag)
        }
    }

    /// Where the table is `Editable`: Delete is `DeleteRow` of each selected
    /// row, Alt+↑/↓ `MoveRow` of the selected row one place up or down.
    private func edit(_ key: UInt32, _ modifiers: GdkModifierType) -> Bool {
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
            guard shownRowCounts.indices.contains(to.section), (0..<shownRowCounts[to.section]).contains(to.row) else { return true }
            table.rx.moveRow(at: from, to: to).subscribe(onError: report).disposed(by: disposeBag)
            return true
        default:
            return false
        }
    }

    private func done() {
        guard !attached else { return }
        do {
            // Selections made just before are read after their replies.
            try table.refresh()
            let selected = table.indexPathsForSelectedRows.sorted()
            guard table.allowsMultipleSelection || !selected.isEmpty else { return dialog.say("Choose a row first.") }
            guard selected.allSatisfy({ position(of: $0).map(list.hasText) ?? false }) else {
                return dialog.say("A chosen row is still being read; press Enter again once it shows.")
            }
            let lines = try selected.map { indexPath in
                printed(indexPath.row, try table.cells(section: indexPath.section, first: indexPath.row, count: 1).first?.text ?? "")
            }
            dialog.finish(.done(lines.map { $0 + "\n" }.joined()))
        } catch {
            dialog.fail(error)
        }
    }

    private func cancel() {
        dialog.finish(attached ? .done("") : .cancelled)
    }
}
