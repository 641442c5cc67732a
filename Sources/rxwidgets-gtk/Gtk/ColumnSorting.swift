import CGtk

/// Sortable headers on a `GtkColumnView` whose rows the daemon holds and
/// GTK reads a page at a time, so GTK sorts nothing itself: each column's
/// sorter only tells which column GTK compares by first, and the view's
/// sorter whether it compares ascending. A click on a header becomes the
/// column and direction (nil: unsorted) for the window to order its rows by.
final class ColumnSorting {
    /// One column's sorter's data: which column it is, and where to say it was asked.
    private final class Probe {
        let column: Int
        weak var sorting: ColumnSorting?

        init(column: Int, sorting: ColumnSorting) {
            self.column = column
            self.sorting = sorting
        }
    }

    private var probes: [Probe] = []
    /// The column whose sorter a comparison asked first.
    private var asked: Int?
    /// A header was clicked: the column and whether ascending, or nil.
    var onSort: ((column: Int, ascending: Bool)?) -> Void = { _ in }

    init(view: Widget, columns: [OpaquePointer]) {
        let compare: @convention(c) (gconstpointer?, gconstpointer?, gpointer?) -> gint = { _, _, data in
            let probe = Unmanaged<Probe>.fromOpaque(data!).takeUnretainedValue()
            if probe.sorting?.asked == nil {
                probe.sorting?.asked = probe.column
            }
            return GTK_ORDERING_SMALLER.rawValue
        }
        for (index, column) in columns.enumerated() {
            let probe = Probe(column: index, sorting: self)
            probes.append(probe)
            // The probes live as long as this object, which the window keeps while the view lives.
            guard let sorter = gtk_custom_sorter_new(compare, Unmanaged.passUnretained(probe).toOpaque(), nil) else { continue }
            gtk_column_view_column_set_sorter(column, UnsafeMutablePointer<GtkSorter>(sorter))
            g_object_unref(UnsafeMutableRawPointer(sorter))
        }
        guard let sorter = gtk_column_view_get_sorter(view.c()) else { return }
        Signals.onChange(UnsafeMutableRawPointer(sorter), "changed") { [weak self] in
            self?.sorterChanged(sorter)
        }
    }

    /// Compares two stand-in items through the view's sorter: the probe
    /// asked first is the primary column, and an inverted answer means descending.
    private func sorterChanged(_ sorter: UnsafeMutablePointer<GtkSorter>) {
        asked = nil
        let (first, second) = (gtk_string_object_new("a")!, gtk_string_object_new("b")!)
        let ordering = gtk_sorter_compare(sorter, UnsafeMutableRawPointer(first), UnsafeMutableRawPointer(second))
        g_object_unref(UnsafeMutableRawPointer(first))
        g_object_unref(UnsafeMutableRawPointer(second))
        onSort(asked.map { ($0, ordering == GTK_ORDERING_SMALLER) })
    }
}
