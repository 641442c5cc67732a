import Localization
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
            return commands + placeSelection().filter { !commands.contains($0) }
        case .clicked(let row, let component), .activated(let row, let component):
            status = nil
            focus = component
            let commands = select(row, in: component)
            guard case .activated = message else { return commands }
            return commands + accept()
        case .setQuery(let query):
            status = nil
            if filters[focus] == nil {
                openFilter(ListFilter(query: query, isTyping: false))
            }
            filters[focus]?.query = query
            return search() + placeSelection()
        case .layOut(let rows):
            return layOut(height: listHeight(rows: rows))
        case .daemonChanged(let snapshot):
            daemon = snapshot
            // A query that matches nothing sends no matches to wait for.
            return placeSelection()
        case .daemonReturned:
            titles = [:]
            matches = [:]
            details = RowDetailCache()
            return []
        case .titlesArrived(let component, let window):
            titles[component] = window
            return []
        case .matchesArrived(let component, let window):
            matches[component] = window
            guard component == focus else { return [] }
            return placeSelection()
        case .detailsArrived(let component, let first, let fetched, let revision):
            details.arrived(fetched, section: component, first: first, revision: revision)
            return []
        case .detailsFailed(let component, let rows):
            details.failed(section: component, rows: rows)
            return []
        case .answered(let call, let refusal):
            callsInFlight = max(callsInFlight - 1, 0)
            if call == .done || call == .cancel {
                isFinishing = false
            }
            if let refusal {
                status = refusal
            }
            return placeSelection()
        case .selectedItem(let index, let title):
            switch purpose {
            // Row 0 is the affirmative: by title, two answers worded alike would both be it.
            case .confirm: return [.finish(index == 0 ? .done("") : .cancelled)]
            case .chooseIndex: return [.finish(.done("\(index)\n"))]
            case .chooseValue(let values): return [.finish(.done((values.indices.contains(index) ? values[index] : title) + "\n"))]
            case .choose: return [.finish(.done(title + "\n"))]
            case .pick: return [.printSelectedTitles]
            case .attach: return []
            }
        case .closed:
            return purpose == .attach ? [] : [.finish(.cancelled)]
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
            let rows = (top..<min(top + height, shown.count)).map { shown[$0] }
            commands += details.missing(rows, section: component, revision: daemon.revision).map {
                PickerCommand.fetchDetails(component: component, rows: $0, revision: daemon.revision)
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
        needsPlacing = true
        return call(.setFilter(query, component: component))
    }

    private mutating func handle(_ key: Key, height: Int) -> [PickerCommand] {
        if var filter = filters[focus], filter.isTyping {
            var ended = false
            if filter.take(key, ended: &ended) {
                filters[focus] = ended ? nil : filter
                return ended ? [] : placeSelection()
            }
            if key == .enter {
                filters[focus]?.isTyping = false
                return accept()
            }
        }
        // y and n, and the language's letters (j, o: ahead of j's move down here).
        if case .confirm = purpose, case .character(let letter) = key, let yes = YesOrNo.read(String(letter)), String(letter).count == 1 {
            return select(yes ? 0 : 1, in: 0) + accept()
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
            if var filter = filters[focus] {
                filter.isTyping = true
                filters[focus] = filter
            } else {
                openFilter(ListFilter())
            }
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

    /// A filter opens on the focused component (one at a time: the daemon's
    /// search is the picker's), remembering the row selected before it.
    private mutating func openFilter(_ filter: ListFilter) {
        filters = [focus: filter]
        rowBeforeQuery = selectedRow(focus)
        needsPlacing = false
    }

    /// Once the daemon answered a query (its matches are in, the calls
    /// before answered), the selection goes onto its best match — as fzf's
    /// cursor does — or back to the row selected before the filter opened
    /// when the query matches nothing or is emptied. Where it lands depends
    /// on the query alone, so a query typed in one burst (whose prefixes
    /// the daemon may never answer: the latest query wins) leaves it where
    /// slow typing does.
    private mutating func placeSelection() -> [PickerCommand] {
        guard let filter = filters[focus], needsPlacing, callsInFlight == 0, filterIsSettled(focus) else { return [] }
        needsPlacing = false
        let best = filter.query.isEmpty ? nil : shownRows(focus).first.flatMap { $0 >= 0 ? $0 : nil }
        return select(best ?? rowBeforeQuery, in: focus)
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
        // A picker that is not a popup has no Done: the answer is what it
        // selects now (an agent answering a script's prompt), read back whole.
        guard daemon.isPopup || purpose != .attach else { return [] }
        var commands: [PickerCommand] = []
        if let filter = filters[focus], !filter.query.isEmpty {
            let shown = shownRows(focus)
            guard let first = shown.first, first >= 0 else {
                // TRANSLATORS: {0} is what was typed to filter the rows, in quotes.
                status = tr("no row matches \"{0}\"", quoted(filter.query, quote: nil))
                return []
            }
            if !shown.shows(selectedRow(focus)) {
                commands += select(first, in: focus)
            }
        }
        if purpose == .attach && !daemon.isVisible {
            return commands + call(.show)
        }
        guard daemon.isPopup else {
            guard commands.isEmpty else {
                // TRANSLATORS: "enter" is the key, as printed on the keyboard.
                status = tr("the best match is selected now: enter again to choose it")
                return commands
            }
            return [.printSelectedTitles]
        }
        return commands + call(.done)
    }

    /// An input waits while calls are unanswered, or while the rows a query
    /// shows are not in; a key that only changes the query being typed does
    /// not (the latest query wins in the daemon, and where the selection
    /// lands depends on the query alone), nor does a window's query.
    package mutating func prepare(for input: PickerMessage) -> Readiness<PickerCommand> {
        switch input {
        case _ where isFinishing:
            return .waiting([])
        case .key(let key, _) where filters[focus].map { $0.isTyping && $0.changesQuery(key) } == true:
            return .ready
        case .setQuery where filters[focus] != nil:
            return .ready
        default:
            // Opening a filter too: it remembers the row selected then.
            return isSettled ? .ready : .waiting([])
        }
    }

    /// Whether every call made was answered and the rows a query shows are in.
    package var isSettled: Bool {
        callsInFlight == 0 && filterIsSettled(focus)
    }
}
