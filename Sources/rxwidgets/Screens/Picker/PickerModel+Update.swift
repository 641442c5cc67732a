import RxWidgetsClient
import RxWidgetsCommandLine

/// What each message does to a picker screen.
extension PickerModel {
    mutating func update(_ message: PickerMessage) -> [PickerCommand] {
        switch message {
        case .key(let key, let rows):
            status = nil
            // A key after an Enter still waiting for matches: the person moved on.
            acceptWhenFiltered = false
            var commands = handle(key, height: listHeight(rows: rows))
            commands += search().filter { !commands.contains($0) }
            return commands + keepSelectionShown().filter { !commands.contains($0) }
        case .layOut(let rows):
            return layOut(height: listHeight(rows: rows))
        case .daemonChanged(let snapshot):
            daemon = snapshot
            // An Enter waiting for a search that matched nothing: no matches will come to wake it.
            guard acceptWhenFiltered, filterIsSettled(focus) else { return [] }
            acceptWhenFiltered = false
            return accept()
        case .titlesArrived(let component, let window):
            titles[component] = window
            return []
        case .matchesArrived(let component, let window):
            matches[component] = window
            guard component == focus else { return [] }
            var commands = keepSelectionShown()
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

    /// Scrolls each component to its selected row and asks for the titles
    /// (or a search's matches) around what is shown, so short moves need no read.
    private mutating func layOut(height: Int) -> [PickerCommand] {
        var commands: [PickerCommand] = []
        for component in 0..<daemon.numberOfComponents {
            let shown = shownRows(component)
            let position = shown.position(of: selectedRow(component)) ?? 0
            let top = scrolledTop(tops[component] ?? 0, position: position, height: height, count: shown.count)
            tops[component] = top
            let around = max(0, top - height)..<min(top + 2 * height, shown.count)
            if isSearched(component) {
                if !around.isEmpty, matches[component]?.covers(around, revision: daemon.revision) != true {
                    commands.append(.fetchMatches(component: component, range: around, revision: daemon.revision))
                }
            } else if !around.isEmpty, titles[component]?.covers(around, revision: daemon.revision) != true {
                commands.append(.fetchTitles(component: component, range: around, revision: daemon.revision))
            }
        }
        return commands
    }

    /// The `SetFilter` the typed filter needs: its query in its component,
    /// once per change; closing a filter clears the daemon's.
    private mutating func search() -> [PickerCommand] {
        let component = filters.keys.first ?? searched?.component ?? focus
        let query = filters[component]?.query ?? ""
        guard searched.map({ $0.component != component || $0.query != query }) ?? !query.isEmpty else { return [] }
        searched = (component, query)
        return [.setFilter(query, component: component)]
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
            // One filter at a time: the daemon's search is the picker's.
            filters = [focus: filters[focus].map { var filter = $0; filter.isTyping = true; return filter } ?? ListFilter()]
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
        guard let first = rows.first, first >= 0, !rows.shows(base(focus)) else { return [] }
        return select(first, in: focus)
    }

    private mutating func select(_ row: Int, in component: Int) -> [PickerCommand] {
        guard row >= 0, row != base(component) else { return [] }
        pending[component] = (row, (pending[component]?.calls ?? 0) + 1)
        return [.selectRow(row, component: component)]
    }

    /// Enter: `Done` on what is shown — once the daemon answered the query
    /// typed, on a row its search shows. `attach` of a hidden popup shows it first.
    private mutating func accept() -> [PickerCommand] {
        guard daemon.isPopup else { return [] }
        var commands: [PickerCommand] = []
        if let filter = filters[focus], !filter.query.isEmpty {
            guard filterIsSettled(focus) else {
                acceptWhenFiltered = true
                status = "matching…"
                let count = daemon.matchCounts.indices.contains(focus) ? daemon.matchCounts[focus] : 0
                return search() + (isSearched(focus) && count > 0 ? [.fetchMatches(component: focus, range: 0..<min(count, 64), revision: daemon.revision)] : [])
            }
            let shown = shownRows(focus)
            guard let first = shown.first, first >= 0 else {
                status = "no row matches \(quoted(filter.query, quote: "\""))"
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
