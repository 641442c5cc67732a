import RxWidgetsClient
import RxWidgetsCommandLine

/// What each message does to a picker screen.
extension PickerModel {
    package mutating func update(_ message: PickerMessage) -> [PickerCommand] {
        switch message {
        case .key(let key, let rows):
            status = nil
            var commands = handle(key, height: listHeight(rows: rows))
            commands += search().filter { !commands.contains($0) }
            return commands + keepSelectionShown().filter { !commands.contains($0) }
        case .clicked(let row, let component), .activated(let row, let component):
            status = nil
            focus = component
            let commands = select(row, in: component)
            guard case .activated = message else { return commands }
            return commands + accept()
        case .setQuery(let query):
            status = nil
            filters = query.isEmpty ? [:] : [focus: ListFilter(query: query, isTyping: false)]
            return search() + keepSelectionShown()
        case .layOut(let rows):
            return layOut(height: listHeight(rows: rows))
        case .daemonChanged(let snapshot):
            daemon = snapshot
            return []
        case .titlesArrived(let component, let window):
            titles[component] = window
            return []
        case .matchesArrived(let component, let window):
            matches[component] = window
            guard component == focus else { return [] }
            return keepSelectionShown()
        case .answered(let call, let refusal):
            callsInFlight = max(callsInFlight - 1, 0)
            if call == .done || call == .cancel {
                isFinishing = false
            }
            if let refusal {
                status = refusal
            }
            return keepSelectionShown()
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
        case .timedOut:
            if let row = deadline?.defaultRow, daemon.isPopup {
                filters[focus] = nil
                return select(row, in: focus) + call(.done)
            }
            // What is selected now is the answer, as Enter would give it.
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
        return call(.setFilter(query, component: component))
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
        if let position = movedPosition(rows.position(of: selectedRow(focus)) ?? 0, by: key, height: height, count: rows.count) {
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
                return purpose == .attach ? [.finish(.done(""))] : call(.cancel)
            }
        default:
            break
        }
        return []
    }

    /// While the filter narrows the list, the selection moves to the first
    /// row still shown when its row was filtered out — once the calls made
    /// before are answered and the query's matches are in, so it is judged
    /// against the daemon's row and ranking.
    private mutating func keepSelectionShown() -> [PickerCommand] {
        guard callsInFlight == 0, filterIsSettled(focus) else { return [] }
        let rows = shownRows(focus)
        guard let first = rows.first, first >= 0, !rows.shows(selectedRow(focus)) else { return [] }
        return select(first, in: focus)
    }

    private mutating func select(_ row: Int, in component: Int) -> [PickerCommand] {
        guard row >= 0, row != selectedRow(component) else { return [] }
        return call(.selectRow(row, component: component))
    }

    /// A call the daemon answers: the inputs after it wait for its answer.
    private mutating func call(_ command: PickerCommand) -> [PickerCommand] {
        callsInFlight += 1
        if command == .done || command == .cancel {
            isFinishing = true
        }
        return [command]
    }

    /// Enter: `Done` on what is shown — with a query, on a row the
    /// daemon's search shows. `attach` of a hidden popup shows it first.
    /// The inputs before it were answered (`prepare`), so what is shown is
    /// what they led to.
    private mutating func accept() -> [PickerCommand] {
        guard daemon.isPopup else { return [] }
        var commands: [PickerCommand] = []
        if let filter = filters[focus], !filter.query.isEmpty {
            let shown = shownRows(focus)
            guard let first = shown.first, first >= 0 else {
                status = "no row matches \(quoted(filter.query, quote: "\""))"
                return []
            }
            if !shown.shows(selectedRow(focus)) {
                commands += select(first, in: focus)
            }
        }
        if purpose == .attach && !daemon.isVisible {
            return commands + call(.show)
        }
        return commands + call(.done)
    }

    /// An input waits while calls are unanswered, or while the rows a query
    /// shows are not in — a key of the query too: narrowing moves the
    /// daemon's selection onto a row each query shows, so each query the
    /// person typed is answered, as it would be typed slowly.
    package mutating func prepare(for input: PickerMessage) -> Readiness<PickerCommand> {
        isSettled && !isFinishing ? .ready : .waiting([])
    }

    /// Whether every call made was answered and the rows a query shows are in.
    package var isSettled: Bool {
        callsInFlight == 0 && filterIsSettled(focus)
    }
}
