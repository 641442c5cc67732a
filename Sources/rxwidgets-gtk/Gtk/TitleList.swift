import CGtk

/// Titles on GTK's list widgets: a `GtkStringList` under a single or
/// multiple selection, each row a label. What the daemon says is applied
/// with `isApplying` set, so the selection signals it raises are not taken
/// for a person's gesture and sent back.
final class TitleList {
    let strings: OpaquePointer
    /// The selection model (`GtkSingleSelection` or `GtkMultiSelection`), which the list widget shows.
    let selection: OpaquePointer
    let allowsMultiple: Bool
    private var isApplying = false
    private(set) var titles: [String] = []
    /// A person selected `row` (single selection).
    var onSelect: (Int) -> Void = { _ in }
    /// A person changed the selection (multiple): the rows now selected.
    var onSelectionChanged: (Set<Int>) -> Void = { _ in }

    init(multiple: Bool) {
        strings = gtk_string_list_new(nil)
        allowsMultiple = multiple
        // The selection model takes the list; the list widget will take the model.
        if multiple {
            selection = gtk_multi_selection_new(strings)
        } else {
            let single = gtk_single_selection_new(strings)!
            gtk_single_selection_set_autoselect(single, 0)
            gtk_single_selection_set_can_unselect(single, 1)
            selection = single
        }
        if multiple {
            Signals.onSelectionChanged(UnsafeMutableRawPointer(selection)) { [weak self] _, _ in
                guard let self, !isApplying else { return }
                onSelectionChanged(selectedRows)
            }
        } else {
            Signals.onNotify(UnsafeMutableRawPointer(selection), "selected") { [weak self] in
                guard let self, !isApplying else { return }
                let row = Int(gtk_single_selection_get_selected(selection))
                if row != Int(GTK_INVALID_LIST_POSITION) {
                    onSelect(row)
                }
            }
        }
    }

    /// The rows selected now.
    var selectedRows: Set<Int> {
        Set((0..<titles.count).filter { gtk_selection_model_is_selected(selection, guint($0)) != 0 })
    }

    /// Replaces the titles (what the daemon holds).
    func setTitles(_ new: [String]) {
        guard new != titles else { return }
        isApplying = true
        defer { isApplying = false }
        replaceStrings(of: strings, count: titles.count, with: new)
        titles = new
    }

    /// Selects exactly `rows` (what the daemon holds); -1 or none, nothing.
    /// Whether the selection shown changed.
    @discardableResult
    func select(_ rows: Set<Int>) -> Bool {
        guard rows.filter({ titles.indices.contains($0) }) != selectedRows else { return false }
        isApplying = true
        defer { isApplying = false }
        if allowsMultiple {
            let wanted = gtk_bitset_new_empty()
            for row in rows where titles.indices.contains(row) {
                gtk_bitset_add(wanted, guint(row))
            }
            let all = gtk_bitset_new_range(0, guint(titles.count))
            gtk_selection_model_set_selection(selection, wanted, all)
            gtk_bitset_unref(wanted)
            gtk_bitset_unref(all)
        } else {
            let row = rows.first.flatMap { titles.indices.contains($0) ? $0 : nil }
            gtk_single_selection_set_selected(selection, row.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION))
        }
        return true
    }

    /// A factory of rows that are labels showing their string.
    static func labelFactory() -> OpaquePointer {
        let factory = gtk_signal_list_item_factory_new()!
        Signals.onObject(UnsafeMutableRawPointer(factory), "setup") { item in
            let label = gtk_label_new(nil)!
            gtk_label_set_xalign(label.c(), 0)
            gtk_list_item_set_child(OpaquePointer(item), label)
        }
        Signals.onObject(UnsafeMutableRawPointer(factory), "bind") { item in
            let label: Widget = gtk_list_item_get_child(OpaquePointer(item))
            let text = gtk_list_item_get_item(OpaquePointer(item)).map { gtk_string_object_get_string(OpaquePointer($0)) } ?? nil
            gtk_label_set_text(label.c(), text.map { String(cString: $0) } ?? "")
        }
        return factory
    }
}
