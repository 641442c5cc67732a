import RxCoreEssentials
import RxWidgetsClient

/// A picker on the terminal: its components side by side, each a column of
/// titles with its selected row marked. Everything shown is the daemon's —
/// titles from `Titles`, the marked rows from `SelectedRows` — and every
/// gesture is the call it maps to: moving the cursor is `SelectRow` (as a
/// wheel settling on a row), Enter is `Done`, Esc and `q` are `Cancel`.
final class PickerScreen: InteractiveScreen {
    /// What the command does once the user is done.
    enum Purpose: Equatable {
        /// `choose`: print the title of the `SelectedItem` signal.
        case choose
        /// `choose --index`: print its index instead.
        case chooseIndex
        /// `pick`: print the selected title of every component, tab-separated.
        case pick
        /// `attach`: operate the picker until `q`; print nothing.
        case attach
        /// `confirm`: exit 0 for the affirmative answer, 1 for the negative; y and n answer at once.
        case confirm(affirmative: String, negative: String)
    }

    private let picker: RemotePicker
    private let session: Session
    private let purpose: Purpose
    private let header: String?
    private let heightLimit: Int?
    private var focus = 0
    private var tops: [Int] = []
    private var texts: [RemoteTexts] = []
    private var filters: [Int: ListFilter] = [:]
    /// Rows asked for with `SelectRow` and not yet answered, per component:
    /// further moves start from the last one, so keys typed ahead of the
    /// replies (↓↓ Enter) move as far as they say.
    private var pending: [Int: (row: Int, calls: Int)] = [:]
    private var status: String?
    /// Enter came while a filter's titles were still on their way: it acts
    /// once they are in, on the rows the filter then shows.
    private var acceptWhenFiltered = false
    private let disposeBag = DisposeBag()

    init(picker: RemotePicker, session: Session, purpose: Purpose, header: String?, height: Int?) {
        self.picker = picker
        self.session = session
        self.purpose = purpose
        self.header = header
        self.heightLimit = height
        picker.rx.revision.subscribe(onNext: { [weak self] _ in self?.session.redraw() }, onError: { [weak self] in self?.session.fail($0) })
            .disposed(by: disposeBag)
        // The revision's subscription ends the session when these fail too
        // (the daemon left, the widget was destroyed): they need not say it again.
        picker.rx.selectedItem.subscribe(onNext: { [weak self] in self?.selected(index: $0.index, title: $0.title) }, onError: { _ in }).disposed(by: disposeBag)
        picker.rx.closed.subscribe(onNext: { [weak self] in self?.closed() }, onError: { _ in }).disposed(by: disposeBag)
    }

    private var revision: UInt64 {
        picker.revision
    }

    private func componentTexts(_ component: Int) -> RemoteTexts {
        while texts.count <= component {
            let index = texts.count
            texts.append(RemoteTexts(fetch: { [weak self] first, count in
                guard let self else { return Observable.empty() }
                return picker.rx.titles(component: index, first: first, count: count)
            }, arrived: { [weak self] in self?.titlesArrived(in: index) }, failed: { [weak self] in self?.session.fail($0) }))
            tops.append(0)
        }
        return texts[component]
    }

    /// The rows of `component` that are shown: all, or those the filter
    /// lets through — a row whose title has not arrived is not shown, so
    /// nothing the filter would hide can be chosen.
    private func shownRows(_ component: Int) -> [Int] {
        let count = rowCount(component)
        guard let filter = filters[component], !filter.query.isEmpty else { return Array(0..<count) }
        return (0..<count).filter { row in title(row, component).map(filter.matches) ?? false }
    }

    /// Asks for what a filter searches: every title of its component.
    private func wantFiltered(_ component: Int) {
        guard let filter = filters[component], !filter.query.isEmpty else { return }
        componentTexts(component).want(0..<rowCount(component), revision: revision)
    }

    /// A row's title as last fetched, if it was (reading fetches nothing).
    private func title(_ row: Int, _ component: Int) -> String? {
        texts.indices.contains(component) ? texts[component].text(row) : nil
    }

    private func rowCount(_ component: Int) -> Int {
        picker.rowCounts.indices.contains(component) ? picker.rowCounts[component] : 0
    }

    /// Whether the filter of `component` has every title it searches.
    private func filterIsSettled(_ component: Int) -> Bool {
        guard let filter = filters[component], !filter.query.isEmpty else { return true }
        return componentTexts(component).covers(0..<rowCount(component), revision: revision)
    }

    /// Titles came in: a filter narrowed by them keeps the selection on a
    /// row it shows, and an Enter that waited for them acts now.
    private func titlesArrived(in component: Int) {
        if component == focus, filters[component] != nil {
            keepSelectionShown()
            if acceptWhenFiltered, filterIsSettled(component) {
                acceptWhenFiltered = false
                accept()
            }
        }
        session.redraw()
    }

    private func selectedRow(_ component: Int) -> Int {
        picker.selectedRows.indices.contains(component) ? picker.selectedRows[component] : -1
    }

    // MARK: Drawing

    /// Scrolls each component to its selected row and asks for the titles
    /// around what is shown, so short moves need no read.
    func layOut(rows: Int, columns: Int) {
        let height = listHeight(rows: rows)
        for component in 0..<picker.numberOfComponents {
            wantFiltered(component)
            let shown = shownRows(component)
            let position = shown.firstIndex(of: selectedRow(component)) ?? 0
            let source = componentTexts(component)
            tops[component] = scrolledTop(tops[component], position: position, height: height, count: shown.count)
            let window = shown[min(tops[component], shown.count)..<min(tops[component] + height, shown.count)]
            if let first = window.first, let last = window.last {
                source.want(max(0, first - height)..<min(last + height + 1, rowCount(component)), revision: revision)
            }
        }
    }

    func lines(rows: Int, columns: Int) -> [Line] {
        var lines: [Line] = []
        if let header {
            lines.append(Line(header, .bold))
        }
        let components = max(picker.numberOfComponents, 1)
        let height = listHeight(rows: rows)
        let width = max(4, (columns - 1) / components)
        var columnsOfRows: [[Line]] = []
        for component in 0..<picker.numberOfComponents {
            columnsOfRows.append(column(component, height: height, width: width))
        }
        for row in 0..<height {
            var line = Line()
            for column in columnsOfRows {
                for span in column[row].spans {
                    line.append(span.text, span.style)
                }
            }
            lines.append(line)
        }
        if let filter = filters[focus] {
            lines.append(filter.line)
        }
        lines.append(Line(status ?? helpText, status == nil ? .help : .error))
        return lines
    }

    /// The rows of the list: what the terminal leaves after the header, the
    /// filter, the help line and one spare row, at most `--height`. Drawing
    /// and PgUp/PgDn both use it, so a page is what is shown.
    private func listHeight(rows: Int) -> Int {
        max(1, min(heightLimit ?? Int.max, rows - (header == nil ? 0 : 1) - 2 - (filters[focus] == nil ? 0 : 1)))
    }

    private var helpText: String {
        var keys = "↑/↓ move"
        if picker.numberOfComponents > 1 { keys += " · tab component" }
        keys += " · / filter"
        switch purpose {
        case .confirm(let affirmative, let negative):
            return "↑/↓ move · enter done · y \(affirmative) · n \(negative) · esc \(negative)"
        case .choose, .chooseIndex, .pick: keys += " · enter done · esc cancel"
        case .attach: keys += (picker.isPopup ? " · enter done" : "") + " · q quit"
        }
        if picker.isPopup, !picker.isVisible {
            keys = "(hidden) " + keys
        }
        return keys
    }

    /// One component's column: `height` lines of `width` columns.
    private func column(_ component: Int, height: Int, width: Int) -> [Line] {
        let rows = shownRows(component)
        let selected = selectedRow(component)
        let top = tops.indices.contains(component) ? tops[component] : 0
        var lines: [Line] = []
        for offset in 0..<height {
            let index = top + offset
            guard index < rows.count else {
                lines.append(Line(TextWidth.pad(index == 0 ? "  (no rows)" : "", width), .dim))
                continue
            }
            let row = rows[index]
            let title = self.title(row, component) ?? ""
            if row == selected {
                let style: Style = component == focus ? .accent : .bold
                var line = Line("› ", style)
                line.append(TextWidth.pad(title, width - 2), component == focus ? .cursor : .bold)
                lines.append(line)
            } else {
                lines.append(Line("  " + TextWidth.pad(title, width - 2)))
            }
        }
        return lines
    }

    // MARK: Keys

    func handle(_ key: Key) {
        status = nil
        // What a filter shows is asked for as it is typed, not only when drawn.
        defer { wantFiltered(focus) }
        // A key after an Enter still waiting for titles: the person moved on.
        acceptWhenFiltered = false
        if var filter = filters[focus], filter.isTyping {
            var ended = false
            if filter.take(key, ended: &ended) {
                filters[focus] = ended ? nil : filter
                if !ended { keepSelectionShown() }
                return
            }
            if key == .enter {
                filters[focus]?.isTyping = false
                accept()
                return
            }
        }
        let rows = shownRows(focus)
        let height = listHeight(rows: session.terminal.size.rows)
        let base = pending[focus]?.row ?? selectedRow(focus)
        if let position = movedPosition(rows.firstIndex(of: base) ?? 0, by: key, height: height, count: rows.count) {
            select(rows[position], in: focus)
            return
        }
        if case .confirm = purpose, key == .character("y") || key == .character("n") {
            select(key == .character("y") ? 0 : 1, in: 0)
            accept()
            return
        }
        switch key {
        case .tab:
            focus = (focus + 1) % max(picker.numberOfComponents, 1)
        case .backTab:
            focus = (focus + max(picker.numberOfComponents, 1) - 1) % max(picker.numberOfComponents, 1)
        case .character("/"):
            filters[focus] = filters[focus].map { var filter = $0; filter.isTyping = true; return filter } ?? ListFilter()
        case .enter:
            accept()
        case .escape, .character("q"):
            if filters[focus] != nil, key == .escape {
                filters[focus] = nil
            } else {
                cancel()
            }
        default:
            break
        }
    }

    /// While the filter narrows the list, the selection moves to the first
    /// row still shown when its row was filtered out.
    private func keepSelectionShown() {
        let rows = shownRows(focus)
        let base = pending[focus]?.row ?? selectedRow(focus)
        if let first = rows.first, !rows.contains(base) {
            select(first, in: focus)
        }
    }

    private func select(_ row: Int, in component: Int) {
        guard row != (pending[component]?.row ?? selectedRow(component)) else { return }
        pending[component] = (row, (pending[component]?.calls ?? 0) + 1)
        picker.rx.selectRow(row, inComponent: component).subscribe(onError: { [weak self] in self?.session.fail($0) }, onDisposed: { [weak self] in
            guard let self, let waiting = pending[component] else { return }
            pending[component] = waiting.calls > 1 ? (waiting.row, waiting.calls - 1) : nil
        }).disposed(by: disposeBag)
    }

    private var isPopup: Bool {
        picker.isPopup
    }

    private func accept() {
        guard isPopup else { return }
        if filters[focus] != nil {
            wantFiltered(focus)
            guard filterIsSettled(focus) else {
                acceptWhenFiltered = true
                status = "matching…"
                return
            }
            let shown = shownRows(focus)
            guard let first = shown.first else {
                status = "no row matches \(quoted(filters[focus]?.query ?? "", quote: "\""))"
                session.redraw()
                return
            }
            if !shown.contains(pending[focus]?.row ?? selectedRow(focus)) {
                select(first, in: focus)
            }
        }
        if purpose == .attach && !picker.isVisible {
            picker.rx.show().subscribe(onError: { [weak self] in self?.session.fail($0) }).disposed(by: disposeBag)
            return
        }
        picker.rx.done().subscribe(onError: { [weak self] error in
            self?.status = "\(error)"
            self?.session.redraw()
        }).disposed(by: disposeBag)
    }

    private func cancel() {
        guard purpose != .attach else {
            session.finish(.done(""))
            return
        }
        picker.rx.cancel().subscribe(onError: { [weak self] in self?.session.fail($0) }).disposed(by: disposeBag)
    }

    // MARK: Signals

    private func selected(index: Int, title: String) {
        switch purpose {
        case .chooseIndex:
            session.finish(.done("\(index)\n"))
        case .confirm(let affirmative, _):
            session.finish(title == affirmative ? .done("") : .cancelled)
        case .choose:
            session.finish(.done(title + "\n"))
        case .pick:
            do {
                let titles = try (0..<picker.numberOfComponents).map { component -> String in
                    let row = selectedRow(component)
                    return row < 0 ? "" : try picker.titles(component: component, first: row, count: 1).first ?? ""
                }
                session.finish(.done(titles.joined(separator: "\t") + "\n"))
            } catch {
                session.fail(error)
            }
        case .attach:
            session.redraw()
        }
    }

    private func closed() {
        if purpose == .attach {
            session.redraw()
        } else {
            session.finish(.cancelled)
        }
    }
}
