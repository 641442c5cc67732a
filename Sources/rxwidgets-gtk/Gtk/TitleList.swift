import CGtk
import CRowModel

/// Titles on GTK's list widgets: a list model whose rows are read from the
/// daemon as they are shown (`RowTexts`), under a single selection (the
/// row a picker has chosen, or a table's cursor), each row a label with its
/// description under it. What the model says is applied with `isApplying`
/// set, so the selection signals it raises are not taken for a person's
/// gesture and sent back.
final class TitleList {
    let texts: RowTexts
    private let rows: OpaquePointer
    /// The selection model (`GtkSingleSelection`), which the list widget shows.
    let selection: OpaquePointer
    private var isApplying = false
    /// A person selected `row`.
    var onSelect: (Int) -> Void = { _ in }
    /// A page of texts was read and shown.
    var onPageRead: () -> Void = {}
    /// The characters of row `row`'s text a search matched (none without one).
    var matched: (Int) -> [Int] = { _ in [] }

    init(texts: RowTexts) {
        self.texts = texts
        let rowText: RxwRowsText = { context, position in
            let list = Unmanaged<TitleList>.fromOpaque(context!).takeUnretainedValue()
            return list.texts.text(at: Int(position)).map { strdup($0) } ?? nil
        }
        // The list is this object's for its whole life, so the context need not be retained.
        rows = rxw_rows_new(rowText, nil)
        let model = rxw_rows_model(rows)
        // The selection model takes the list; the list widget will take the model.
        let single = gtk_single_selection_new(model)!
        gtk_single_selection_set_autoselect(single, 0)
        gtk_single_selection_set_can_unselect(single, 1)
        selection = single
        rxw_rows_set_context(rows, Unmanaged.passUnretained(self).toOpaque())
        texts.onPage = { [weak self] rows in self?.fillIn(rows) }
        Signals.onNotify(UnsafeMutableRawPointer(selection), "selected") { [weak self] in
            guard let self, !isApplying else { return }
            let row = Int(gtk_single_selection_get_selected(selection))
            if row != Int(GTK_INVALID_LIST_POSITION) {
                onSelect(row)
            }
        }
    }

    deinit {
        // GTK may hold the list longer than this object; it then has no texts to ask for.
        rxw_rows_set_context(rows, nil)
    }

    /// The number of rows: what GTK's lists can hold at most (`guint`).
    var count: Int { texts.count }

    /// Whether row `row`'s text has been read, so the list shows it (asked
    /// for now when it has not): Done acts only on rows a person could see.
    func hasText(_ row: Int) -> Bool {
        texts.text(at: row) != nil
    }

    /// The row selected now, if any.
    var selectedRows: Set<Int> {
        let row = gtk_single_selection_get_selected(selection)
        return row == guint(GTK_INVALID_LIST_POSITION) ? [] : [Int(row)]
    }

    /// The list has `count` rows, whose texts may all have changed: they are
    /// read again as they are shown. (The selection shown is the caller's to set again.)
    func reload(count: Int) {
        let shown = min(count, Int(guint.max))
        replacing { texts.reset(count: shown); rxw_rows_reload(rows, guint(shown)) }
    }

    /// A page came: its rows are new items, which GTK binds again with
    /// their texts; the selection they had is kept.
    private func fillIn(_ changed: Range<Int>) {
        let selected = selectedRows
        replacing { rxw_rows_changed(rows, guint(changed.lowerBound), guint(changed.count)) }
        apply(selected.filter { $0 < count })
        onPageRead()
    }

    /// Replaces rows with `change`. The selection is let go of first:
    /// GtkSingleSelection looks for its selected item among every new item,
    /// which would read them all.
    private func replacing(_ change: () -> Void) {
        isApplying = true
        defer { isApplying = false }
        gtk_single_selection_set_selected(selection, guint(GTK_INVALID_LIST_POSITION))
        change()
    }

    /// Selects exactly `rows` (what the daemon holds); -1 or none, nothing.
    /// Whether the selection shown changed.
    @discardableResult
    func select(_ rows: Set<Int>) -> Bool {
        let wanted = rows.filter { (0..<count).contains($0) }
        guard wanted != selectedRows else { return false }
        apply(wanted)
        return true
    }

    private func apply(_ wanted: Set<Int>) {
        isApplying = true
        defer { isApplying = false }
        gtk_single_selection_set_selected(selection, wanted.first.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION))
    }

    /// A factory of rows that are a label showing their item's string, the
    /// characters a search matched (`matched`: Unicode scalar offsets, the
    /// daemon's) bold and underlined — as attributes, never as markup
    /// parsed from a title — and the row's `description` (by position; ""
    /// for none) on a second line, dimmer. `roomForDescriptions`: every row has its second line from
    /// the start, so a window is sized for the descriptions before they are
    /// read (a window does not grow with its rows); otherwise a row without
    /// one is a line.
    func describedFactory(description: @escaping (Int) -> String, roomForDescriptions: Bool) -> OpaquePointer {
        let factory = gtk_signal_list_item_factory_new()!
        Signals.onObject(UnsafeMutableRawPointer(factory), "setup") { item in
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
            for dim in [false, true] {
                let label = gtk_label_new(nil)!
                gtk_label_set_xalign(label.c(), 0)
                if dim {
                    gtk_widget_add_css_class(label, "dim-label")
                }
                gtk_box_append(box.c(), label)
            }
            gtk_list_item_set_child(OpaquePointer(item), box)
        }
        Signals.onObject(UnsafeMutableRawPointer(factory), "bind") { [weak self] item in
            guard let self, let item, let box = gtk_list_item_get_child(OpaquePointer(item)),
                  let title = gtk_widget_get_first_child(box), let second = gtk_widget_get_last_child(box) else { return }
            let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
            let text = (gtk_list_item_get_item(OpaquePointer(item)).map { gtk_string_object_get_string(OpaquePointer($0)) } ?? nil).map { String(cString: $0) } ?? ""
            gtk_label_set_text(title.c(), text)
            let places = matched(position)
            gtk_label_set_attributes(title.c(), places.isEmpty ? nil : TitleList.highlight(text, places))
            let said = description(position)
            gtk_label_set_text(second.c(), said)
            gtk_widget_set_visible(second, said.isEmpty && !roomForDescriptions ? 0 : 1)
        }
        return factory
    }

    /// Bold and underlined runs over the scalars at `places` of `text`.
    private static func highlight(_ text: String, _ places: [Int]) -> OpaquePointer {
        let list = pango_attr_list_new()!
        let marked = Set(places)
        var byte = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            let length = String(scalar).utf8.count
            if marked.contains(index) {
                for attribute in [pango_attr_weight_new(PANGO_WEIGHT_BOLD), pango_attr_underline_new(PANGO_UNDERLINE_SINGLE)] {
                    guard let attribute else { continue }
                    attribute.pointee.start_index = guint(byte)
                    attribute.pointee.end_index = guint(byte + length)
                    pango_attr_list_insert(list, attribute)
                }
            }
            byte += length
        }
        return list
    }
}
