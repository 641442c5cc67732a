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
    /// Rows asked for with `SelectRow` and not yet answered, per component.
    private var pending: [Int: (row: Int, calls: Int)] = [:]
    private let columns: Widget
    private var shownRowCounts: [Int] = []
    private var shownSelection: [Int] = []
    private let disposeBag = DisposeBag()

    init(picker: RemotePicker, dialog: Dialog, purpose: Purpose, header: String?) {
        self.picker = picker
        self.dialog = dialog
        self.purpose = purpose
        dialog.addHeader(header)
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
        // A selection in a component keeps its titles and those before it;
        // the components after it may have been rebound (dependent pickers),
        // and a change that selected nothing may have replaced any titles.
        let selected = picker.selectedRows
        let firstSelected = selected.indices.first { !shownSelection.indices.contains($0) || shownSelection[$0] != selected[$0] }
        for (component, count) in counts.enumerated() {
            let keepsTitles = shownRowCounts.indices.contains(component) && shownRowCounts[component] == count
                && firstSelected.map { component <= $0 } == true
            if !keepsTitles {
                lists[component].reload(count: count)
            }
            let row = selected.indices.contains(component) ? selected[component] : -1
            if lists[component].select([row]), row >= 0 {
                scroll(to: row, in: component)
            }
        }
        shownRowCounts = counts
        shownSelection = selected
    }

    /// Keeps the daemon's row of `component` in view.
    private func scroll(to row: Int, in component: Int) {
        gtk_widget_activate_action_variant(listWidgets[component], "list.scroll-to-item", g_variant_new_uint32(guint32(row)))
    }

    /// The keys that move and choose act on the daemon's row (the selection
    /// may have been made by another front end, where GTK's own keyboard
    /// place is not): ↑/↓, PgUp/PgDn, Home/End are `SelectRow` from it (or
    /// from the last row asked for, so keys typed ahead of the replies move
    /// as far as they say), Enter is Done, Tab and Shift-Tab go to the next
    /// and the previous component. Other keys go to GTK.
    private func key(_ key: UInt32, in component: Int) -> Bool {
        let count = lists[component].count
        let current = pending[component]?.row ?? (picker.selectedRows.indices.contains(component) ? picker.selectedRows[component] : -1)
        let target: Int
        switch Int32(bitPattern: key) {
        case GDK_KEY_Down, GDK_KEY_KP_Down: target = current + 1
        case GDK_KEY_Up, GDK_KEY_KP_Up: target = current - 1
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: target = current + 10
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: target = current - 10
        case GDK_KEY_Home, GDK_KEY_KP_Home: target = 0
        case GDK_KEY_End, GDK_KEY_KP_End: target = count - 1
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            done()
            return true
        case GDK_KEY_Tab where component + 1 < listWidgets.count:
            gtk_widget_grab_focus(listWidgets[component + 1])
            return true
        case GDK_KEY_ISO_Left_Tab where component > 0:
            gtk_widget_grab_focus(listWidgets[component - 1])
            return true
        default:
            return false
        }
        if count > 0 {
            select(min(max(target, 0), count - 1), in: component)
        }
        return true
    }

    private func addList(_ component: Int, of count: Int) {
        let texts = RowTexts { [picker] rows in picker.rx.titles(component: component, first: rows.lowerBound, count: rows.count) }
        texts.onError = { [weak self] in self?.dialog.say("\($0)") }
        let list = TitleList(multiple: false, texts: texts)
        list.onSelect = { [weak self] row in self?.select(row, in: component) }
        let view = gtk_list_view_new(list.selection, TitleList.labelFactory())!
        gtk_list_view_set_single_click_activate(view.c(), 0)
        view.describe(label: count > 1 ? "Component \(component + 1) of \(count)" : "Items")
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.onKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] key, _ in self?.key(key, in: component) ?? false }
        gtk_widget_add_controller(view, keys)
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
        let base = pending[component]?.row ?? (picker.selectedRows.indices.contains(component) ? picker.selectedRows[component] : -1)
        guard row != base else { return }
        pending[component] = (row, (pending[component]?.calls ?? 0) + 1)
        let answered: () -> Void = { [weak self] in
            guard let self, let waiting = pending[component] else { return }
            pending[component] = waiting.calls > 1 ? (waiting.row, waiting.calls - 1) : nil
        }
        picker.rx.selectRow(row, inComponent: component).subscribe(onError: { [weak self] in
            answered()
            self?.dialog.say("\($0)")
        }, onCompleted: answered).disposed(by: disposeBag)
    }

    private func done() {
        guard picker.isPopup else { return }
        do {
            // Rows chosen just before are read after their replies.
            try picker.refresh()
            guard selectionIsShown() else { return }
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

    /// Whether every component's selected row is on screen with its title;
    /// one still being read is said, and Done waits for the next Enter.
    private func selectionIsShown() -> Bool {
        let unread = picker.selectedRows.enumerated().filter { component, row in
            row >= 0 && lists.indices.contains(component) && !lists[component].hasText(row)
        }
        guard unread.isEmpty else {
            dialog.say("The chosen row is still being read; press Enter again once it shows.")
            return false
        }
        return true
    }

    private func cancel() {
        guard purpose != .attach else { return dialog.finish(.done("")) }
        if picker.isPopup {
            try? picker.cancel()
        }
        dialog.finish(.cancelled)
    }
}

