import RxWidgetsClient
import RxWidgetsCommandLine

/// What each message does to a picker screen.
extension PickerModel {
    mutating func update(_ message: PickerMessage) -> [PickerCommand] {
        switch message {
        case .key(let key, let rows):
            status = nil
            // A key after an Enter still waiting for titles: the person moved on.
            acceptWhenFiltered = false
            var commands = handle(key, height: listHeight(rows: rows))
            commands += wantFiltered(focus).filter { !commands.contains($0) }
            // After the search a longer query narrowed: the rows it shows are known now.
            return commands + keepSelectionShown().filter { !commands.contains($0) }
        case .layOut(let rows):
            return layOut(height: listHeight(rows: rows))
        case .daemonChanged(let snapshot):
            let kept = componentsWithTheSameTitles(from: daemon, to: snapshot)
            daemon = snapshot
            for component in scans.keys where !kept.contains(component) {
                scans[component] = nil
            }
            return []
        case .titlesArrived(let component, let window):
            titles[component] = window
            return []
        case .titlesScanned(let component, let first, let read, let generation):
            guard var scan = scans[component], scan.take(first: first, read, generation: generation) else { return [] }
            scans[component] = scan
            var commands = wantFiltered(component)
            guard component == focus else { return commands }
            commands += keepSelectionShown()
            if acceptWhenFiltered, filterIsSettled(component) {
                acceptWhenFiltered = false
                commands += accept()
            }
            return commands
        case .selectAnswered(let component):
            if let waiting = pending[component] {
                pending[component] = waiting.calls > 1 ? (waiting.row, waiting.calls - 1) : nil
            }
            return []
        case .selectedItem(let index, let title):
            switch purpose {
            case .confirm(let affirmative, _): return [.finish(title == affirmative ? .done("") : .cancelled)]
            case .chooseIndex: return [.finish(.done("\(index)\n"))]
            case .chooseValue(let values): return [.finish(.done((values.indices.contains(index) ? values[index] : title) + "\n"))]
            case .choose: return [.finish(.done(title + "\n"))]
            case .pick: return [.printSelectedTitles]
            case .attach: return []
            }
        case .closed:
            return purpose == .attach ? [] : [.finish(.cancelled)]
        case .refused(let message):
            status = message
            return []
        case .timedOut:
            if let row = deadline?.defaultRow, daemon.isPopup {
                filters[focus] = nil
                return select(row, in: focus) + [.done]
            }
            // What is selected now is the answer, as Enter would give it: a
            // filter still narrowing waits for its titles, as it does for Enter.
            return accept()
        }
    }

    /// The components whose titles a change cannot have touched, so that
    /// their searches go on. A change is one call's: showing or hiding
    /// changes no title; this screen's own `SelectRow` changes none up to
    /// its component (a dependent picker rederives the ones after it);
    /// anything else that moved the Revision (new items, new maps, a new
    /// adapter — some of which move the selection too) may have changed any.
    private func componentsWithTheSameTitles(from old: PickerSnapshot, to new: PickerSnapshot) -> Range<Int> {
        guard old.rowCounts == new.rowCounts else { return 0..<0 }
        if let moved = zip(old.selectedRows, new.selectedRows).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return pending[moved] != nil && pending.keys.min() == moved ? 0..<(moved + 1) : 0..<0
        }
        return old.isVisible != new.isVisible ? 0..<new.numberOfComponents : 0..<0
    }

    /// Scrolls each component to its selected row and asks for the titles
    /// around what is shown, so short moves need no read.
    private mutating func layOut(height: Int) -> [PickerCommand] {
        var commands: [PickerCommand] = []
        for component in 0..<daemon.numberOfComponents {
            commands += wantFiltered(component)
            let shown = shownRows(component)
            let position = shown.position(of: selectedRow(component)) ?? 0
            let top = scrolledTop(tops[component] ?? 0, position: position, height: height, count: shown.count)
            tops[component] = top
            let window = shown[min(top, shown.count)..<min(top + height, shown.count)]
            // A filter's rows bring their titles with them.
            if scan(component) == nil, let first = window.first, let last = window.last {
                let range = max(0, first - height)..<min(last + height + 1, rowCount(component))
                if titles[component]?.covers(range, revision: daemon.revision) != true {
                    commands.append(.fetchTitles(component: component, range: range, revision: daemon.revision))
                }
            }
        }
        return commands
    }

    /// What a filter searches: every title of its component, a page at a
    /// time, begun as it is typed; a longer query goes on from what the
    /// shorter one found.
    private mutating func wantFiltered(_ component: Int) -> [PickerCommand] {
        guard let filter = filters[component], !filter.query.isEmpty else {
            scans[component] = nil
            return []
        }
        var search: FilterScan
        if let current = scan(component) {
            search = current
        } else {
            scansBegun += 1
            let count = rowCount(component)
            search = scans[component].flatMap { $0.count == count ? $0.narrowed(to: filter, generation: scansBegun) : nil }
                ?? FilterScan(filter: filter, count: count, generation: scansBegun)
        }
        let read = search.nextRead()
        scans[component] = search
        return read.map { [.scanTitles(component: component, range: $0, generation: search.generation)] } ?? []
    }

    private mutating func handle(_ key: Key, height: Int) -> [PickerCommand] {
        if var filter = filters[focus], filter.isTyping {
            var ended = false
            if filter.take(key, ended: &ended) {
                filters[focus] = ended ? nil : filter
                return ended ? [] : keepSelectionShown()
            }
            if key == .enter {
                filters[focus]?.isTyping = false
                return accept()
            }
        }
        if case .confirm = purpose, key == .character("y") || key == .character("n") {
            return select(key == .character("y") ? 0 : 1, in: 0) + accept()
        }
        let rows = shownRows(focus)
        if let position = movedPosition(rows.position(of: base(focus)) ?? 0, by: key, height: height, count: rows.count) {
            return select(rows[position], in: focus)
        }
        let components = max(daemon.numberOfComponents, 1)
        switch key {
        case .tab:
            focus = (focus + 1) % components
        case .backTab:
            focus = (focus + components - 1) % components
        case .character("/"):
            filters[focus] = filters[focus].map { var filter = $0; filter.isTyping = true; return filter } ?? ListFilter()
        case .enter:
            return accept()
        case .escape, .character("q"):
            if filters[focus] != nil, key == .escape {
                filters[focus] = nil
            } else {
                return purpose == .attach ? [.finish(.done(""))] : [.cancel]
            }
        default:
            break
        }
        return []
    }

    /// While the filter narrows the list, the selection moves to the first
    /// row still shown when its row was filtered out.
    private mutating func keepSelectionShown() -> [PickerCommand] {
        let rows = shownRows(focus)
        guard let first = rows.first, !rows.shows(base(focus)) else { return [] }
        return select(first, in: focus)
    }

    private mutating func select(_ row: Int, in component: Int) -> [PickerCommand] {
        guard row != base(component) else { return [] }
        pending[component] = (row, (pending[component]?.calls ?? 0) + 1)
        return [.selectRow(row, component: component)]
    }

    /// Enter: `Done` on what is shown — after the filter's titles are in,
    /// on a row the filter shows. `attach` of a hidden popup shows it first.
    private mutating func accept() -> [PickerCommand] {
        guard daemon.isPopup else { return [] }
        var commands: [PickerCommand] = []
        if filters[focus] != nil {
            let reads = wantFiltered(focus)
            guard filterIsSettled(focus) else {
                acceptWhenFiltered = true
                status = "matching…"
                return reads
            }
            let shown = shownRows(focus)
            guard let first = shown.first else {
                status = "no row matches \(quoted(filters[focus]?.query ?? "", quote: "\""))"
                return []
            }
            if !shown.shows(base(focus)) {
                commands += select(first, in: focus)
            }
        }
        if purpose == .attach && !daemon.isVisible {
            return commands + [.show]
        }
        return commands + [.done]
    }
}
