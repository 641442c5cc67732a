import CGtk
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// A picker in a window: each component a `GtkListView` side by side, Done
/// and Cancel below (a popup picker's `Done` and `Cancel`). A row chosen by
/// a person is `SelectRow`; the lists show what the daemon's `SelectedRows`
/// and titles say, whoever changed them; activating a row (Enter, a double
/// click) is Done.
final class PickerWindow {
    enum Purpose: Equatable {
        /// `choose`: print the chosen title; `index`: its row; `values`: the value of its label.
        case choose(index: Bool, values: [String]?)
        /// `pick`: every component's selected title, tab-separated.
        case pick
        /// `attach`: Done and Cancel act on the widget; closing the window ends (exit 0).
        case attach
    }

    private let picker: RemotePicker
    private let dialog: Dialog
    private let purpose: Purpose
    private var lists: [TitleList] = []
    private var listWidgets: [Widget] = []
    private let columns: Widget
    private var shownRowCounts: [Int] = []
    private var shownSelection: [Int] = []
    private let disposeBag = DisposeBag()

    init(picker: RemotePicker, dialog: Dialog, purpose: Purpose, header: String?) {
        self.picker = picker
        self.dialog = dialog
        self.purpose = purpose
        if let header {
            let label = makeLabel(header)
            gtk_widget_add_css_class(label, "title-4")
            dialog.add(label)
        }
        columns = makeBox(horizontal: true, spacing: 8)
        gtk_widget_set_vexpand(columns, 1)
        dialog.add(columns, expands: true)
        dialog.addButton("Cancel") { [weak self] in self?.cancel() }
        if picker.isPopup {
            dialog.addButton("Done", isDefault: true) { [weak self] in self?.done() }
        }
        dialog.onCancel = { [weak self] in self?.cancel() }
        daemonChanged()
        picker.rx.revision.subscribe(onNext: { [weak self] _ in self?.daemonChanged() },
                                     onError: { [weak self] in self?.dialog.fail($0) })
            .disposed(by: disposeBag)
        // Another front end's Cancel ends this one's choice too.
        picker.rx.closed.subscribe(onNext: { [weak self] in
            if self?.purpose != .attach {
                self?.dialog.finish(.cancelled)
            }
        }, onError: { _ in }).disposed(by: disposeBag)
        if let first = listWidgets.first {
            gtk_widget_grab_focus(first)
        }
    }

    /// Builds the lists the daemon's components need and shows its titles and selection.
    private func daemonChanged() {
        let counts = picker.rowCounts
        while lists.count < counts.count {
            addList(lists.count, of: counts.count)
        }
        do {
            for (component, count) in counts.enumerated() {
                // A selection alone keeps the titles; anything else may have replaced them.
                if component >= shownRowCounts.count || shownRowCounts[component] != count || !selectionOnlyChanged {
                    lists[component].setTitles(try titles(component, count: count))
                }
                lists[component].select([picker.selectedRows.indices.contains(component) ? picker.selectedRows[component] : -1])
            }
        } catch {
            dialog.fail(error)
        }
        shownRowCounts = counts
        shownSelection = picker.selectedRows
    }

    private var selectionOnlyChanged: Bool {
        picker.selectedRows != shownSelection
    }

    private func titles(_ component: Int, count: Int) throws -> [String] {
        var titles: [String] = []
        while titles.count < count {
            let batch = try picker.titles(component: component, first: titles.count, count: min(4096, count - titles.count))
            if batch.isEmpty { break }
            titles += batch
        }
        return titles
    }

    private func addList(_ component: Int, of count: Int) {
        let list = TitleList(multiple: false)
        list.onSelect = { [weak self] row in self?.select(row, in: component) }
        let view = gtk_list_view_new(list.selection, TitleList.labelFactory())!
        gtk_list_view_set_single_click_activate(view.c(), 0)
        view.describe(label: count > 1 ? "Component \(component + 1) of \(count)" : "Items")
        Signals.onPosition(view.raw, "activate") { [weak self] row in
            self?.select(row, in: component)
            self?.done()
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(scrolled.c(), view)
        gtk_widget_set_hexpand(scrolled, 1)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_box_append(columns.c(), scrolled)
        lists.append(list)
        listWidgets.append(view)
    }

    private func select(_ row: Int, in component: Int) {
        guard picker.selectedRows.indices.contains(component), picker.selectedRows[component] != row else { return }
        picker.rx.selectRow(row, inComponent: component).subscribe(onError: { [weak self] in self?.dialog.say("\($0)") }).disposed(by: disposeBag)
    }

    private func done() {
        guard picker.isPopup else { return }
        do {
            // Rows chosen just before are read after their replies.
            try picker.refresh()
            switch purpose {
            case .choose(let index, let values):
                var chosen: (index: Int, title: String)?
                let watch = picker.rx.selectedItem.subscribe(onNext: { chosen = ($0.index, $0.title) })
                defer { watch.dispose() }
                // SelectedItem is sent before Done's reply.
                try picker.done()
                guard let chosen else { return dialog.finish(.failed("the picker answered Done without SelectedItem")) }
                let printed = index ? "\(chosen.index)" : values.map { $0.indices.contains(chosen.index) ? $0[chosen.index] : chosen.title } ?? chosen.title
                dialog.finish(.done(printed + "\n"))
            case .pick:
                try picker.done()
                let titles = try picker.selectedRows.enumerated().map { component, row -> String in
                    row < 0 ? "" : try picker.titles(component: component, first: row, count: 1).first ?? ""
                }
                dialog.finish(.done(titles.joined(separator: "\t") + "\n"))
            case .attach:
                try picker.done()
            }
        } catch let error as WidgetsClientError where error.name != WidgetsClientError.widgetDestroyedName {
            dialog.say(error.message)
        } catch {
            dialog.fail(error)
        }
    }

    private func cancel() {
        guard purpose != .attach else { return dialog.finish(.done("")) }
        if picker.isPopup {
            try? picker.cancel()
        }
        dialog.finish(.cancelled)
    }
}
