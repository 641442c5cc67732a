import CGtk
import FrontEndCore
import Localization
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// A picker in a window: a type-ahead search, each component a
/// `GtkListView` side by side, Done and Cancel below (a popup picker's
/// `Done` and `Cancel`). It is a view of the shared core's `PickerModel`:
/// keys, clicks and the query typed are the program's inputs, applied in
/// order, each after the answers to those before it; the lists show the
/// model — the daemon's titles, or its search's matches, with each row's
/// description under its title, and its `SelectedRows` — whoever changed them.
final class PickerWindow {
    private let core: PickerProgram
    private let dialog: Dialog
    private let search: SearchBar
    private var lists: [TitleList] = []
    private var listWidgets: [Widget] = []
    /// Per component, the rows of the matches read for the list, by rank,
    /// and the characters each matched.
    private var rankedRows: [[Int: Int]] = []
    private var rankedPlaces: [[Int: [Int]]] = []
    /// Per component, the descriptions of the rows read, by position.
    private var descriptions: [[Int: String]] = []
    /// Per component, what its list shows: the row count and the query it was read for.
    private var shown: [(count: Int, query: String?)] = []
    private var shownSelection: [Int] = []
    private var shownRevision: UInt64?
    private var shownFocus = 0
    private let columns: Widget

    init(picker: RemotePicker, dialog: Dialog, purpose: PickerModel.Purpose, header: String?) {
        self.dialog = dialog
        core = PickerProgram(picker: picker, host: dialog, purpose: purpose, header: header, height: nil)
        var input: (PickerMessage) -> Void = { _ in }
        var press: (Key) -> Bool = { _ in false }
        search = SearchBar(window: dialog.window, onQuery: { input(.setQuery($0)) }, onKey: { press($0) })
        columns = makeBox(horizontal: true, spacing: 8)
        input = { [weak self] in self?.core.program.input($0) }
        press = { [weak self] key in
            self?.core.program.press(key)
            return true
        }
        dialog.addHeader(header)
        dialog.add(search.entry)
        gtk_widget_set_vexpand(columns, 1)
        dialog.add(columns, expands: true)
        dialog.addButton(tr("Cancel")) { [weak self] in self?.cancel() }
        if picker.isPopup {
            // TRANSLATORS: a button that ends the choice with the rows selected.
            dialog.addButton(tr("Done"), isDefault: true) { [weak self] in self?.core.program.press(.enter) }
        }
        dialog.onCancel = { [weak self] in self?.cancel() }
        dialog.onModelChanged = { [weak self] in self?.render() }
        render()
        if let first = listWidgets.first {
            gtk_widget_grab_focus(first)
        }
    }

    private var model: PickerModel { core.model }

    /// Draws the model: a list per component, the rows it shows, the
    /// daemon's selection among them, the focused list and the status.
    private func render() {
        let model = self.model
        let counts = model.daemon.rowCounts
        while lists.count < counts.count {
            addList(lists.count, of: counts.count)
        }
        let selected = model.daemon.selectedRows
        // A selection in a component keeps its titles and those before it;
        // the components after it may have been rebound (dependent pickers),
        // and a change that selected nothing may have replaced any titles.
        let firstSelected = selected.indices.first { !shownSelection.indices.contains($0) || shownSelection[$0] != selected[$0] }
        for component in counts.indices {
            let rows = model.shownRows(component)
            let query = model.isSearched(component) ? model.daemon.filter : nil
            let keeps = shown.indices.contains(component) && shown[component].count == rows.count && shown[component].query == query
                && (shownRevision == model.daemon.revision || firstSelected.map { component <= $0 } == true)
            if !keeps {
                rankedRows[component] = [:]
                rankedPlaces[component] = [:]
                descriptions[component] = [:]
                lists[component].reload(count: rows.count)
                while shown.count <= component { shown.append((0, nil)) }
                shown[component] = (rows.count, query)
            }
            let row = model.selectedRow(component)
            let position = query == nil ? row : rankedRows[component].first { $0.value == row }?.key ?? -1
            if lists[component].select([position]), position >= 0 {
                gtk_widget_activate_action_variant(listWidgets[component], "list.scroll-to-item", g_variant_new_uint32(guint32(position)))
            }
        }
        shownSelection = selected
        shownRevision = model.daemon.revision
        if model.focus != shownFocus, listWidgets.indices.contains(model.focus) {
            shownFocus = model.focus
            gtk_widget_grab_focus(listWidgets[model.focus])
        }
        dialog.say(model.status)
    }

    /// The texts of `component`'s list at `rows`: titles, or the search's
    /// matches by rank (whose rows are kept for clicks and the selection).
    private func texts(_ component: Int, _ rows: Range<Int>) -> Observable<[String]> {
        let picker = core.picker
        guard model.isSearched(component) else {
            return Observable.zip(picker.rx.titles(component: component, first: rows.lowerBound, count: rows.count),
                                  picker.rx.rowDetails(in: component, first: rows.lowerBound, count: rows.count)).map { [weak self] titles, fetched in
                for (offset, detail) in fetched.details.enumerated() {
                    self?.descriptions[component][rows.lowerBound + offset] = detail.description
                }
                return titles
            }
        }
        return picker.rx.matches(in: component, first: rows.lowerBound, count: rows.count).flatMap { [weak self] found -> Observable<[String]> in
            for (offset, match) in found.matches.enumerated() {
                self?.rankedRows[component][rows.lowerBound + offset] = match.row
                self?.rankedPlaces[component][rows.lowerBound + offset] = match.places
            }
            let titles = found.matches.map(\.title)
            // The matches' descriptions, a read for each run of neighbouring rows.
            let matched = found.matches.map(\.row)
            let runs = RowOrder.runs(of: matched)
            guard !runs.isEmpty else { return .just(titles) }
            return Single.zip(runs.map { run in picker.rx.rowDetails(in: component, first: run.lowerBound, count: run.count).map { ($0.details, run) }.asSingle() })
                .map { [weak self] fetched in
                    var byRow: [Int: String] = [:]
                    for (details, run) in fetched {
                        for (offset, detail) in details.enumerated() { byRow[run.lowerBound + offset] = detail.description }
                    }
                    for (offset, row) in matched.enumerated() { self?.descriptions[component][rows.lowerBound + offset] = byRow[row] }
                    return titles
                }.asObservable()
        }
    }

    /// The row shown at `position` of `component`'s list.
    private func row(at position: Int, _ component: Int) -> Int? {
        model.isSearched(component) ? rankedRows[component][position] : position
    }

    private func addList(_ component: Int, of count: Int) {
        rankedRows.append([:])
        rankedPlaces.append([:])
        descriptions.append([:])
        let texts = RowTexts { [weak self] rows in self?.texts(component, rows) ?? .just([]) }
        texts.onError = { [weak self] in self?.dialog.say("\($0)") }
        let list = TitleList(texts: texts)
        list.onSelect = { [weak self] position in
            guard let self, let row = row(at: position, component) else { return }
            core.program.input(.clicked(row: row, component: component))
        }
        list.onPageRead = { [weak self] in self?.render() }
        list.matched = { [weak self] position in self?.rankedPlaces[component][position] ?? [] }
        let description = { [weak self] (position: Int) in self?.descriptions[component][position] ?? "" }
        let view = gtk_list_view_new(list.selection, list.describedFactory(description: description, roomForDescriptions: false))!
        gtk_list_view_set_single_click_activate(view.c(), 0)
        // TRANSLATORS: a screen reader's name for one of several lists side by side; {0} is its number, {1} how many there are.
        view.describe(label: count > 1 ? tr("Component {0} of {1}", component + 1, count) : tr("Items"))
        onKeys(of: view) { [weak self] key in
            guard let self else { return false }
            switch key {
            case .tab where component + 1 < count, .backTab where component > 0:
                core.program.press(key)
                return true
            case _ where isListKey(key):
                core.program.press(key)
                return true
            default:
                return false
            }
        }
        Signals.onPosition(view.raw, "activate") { [weak self] position in
            guard let self, let row = row(at: position, component) else { return }
            core.program.input(.activated(row: row, component: component))
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(scrolled.c(), view)
        gtk_scrolled_window_set_propagate_natural_height(scrolled.c(), 1)
        gtk_scrolled_window_set_max_content_height(scrolled.c(), 360)
        gtk_widget_set_hexpand(scrolled, 1)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_box_append(columns.c(), scrolled)
        lists.append(list)
        listWidgets.append(view)
    }

    private func cancel() {
        if model.purpose == .attach {
            return dialog.finish(.done(""))
        }
        if core.picker.isPopup {
            try? core.picker.cancel()
        }
        dialog.finish(.cancelled)
    }
}
