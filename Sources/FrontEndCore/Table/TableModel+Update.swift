import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// What each message does to a table screen.
extension TableModel {
    package mutating func update(_ message: TableMessage) -> [TableCommand] {
        let commands = changes(for: message)
        if commands.contains(where: { if case .finishChoosing = $0 { return true } else { return false } }) {
            isFinishing = true
        }
        callsInFlight += commands.reduce(0) { total, command in
            switch command {
            case .tap, .setFilter, .finishChoosing: return total + 1
            case .select(let rows): return total + rows.count
            default: return total
            }
        }
        return commands
    }

    private mutating func changes(for message: TableMessage) -> [TableCommand] {
        switch message {
        case .key(let key, let rows):
            status = nil
            let commands = handle(key, height: listHeight(rows: rows))
            return commands + search().filter { !commands.contains($0) }
        case .clicked(let position), .toggled(let position), .activated(let position):
            status = nil
            guard shownRows.indices.contains(position) else { return [] }
            cursor = position
            switch message {
            case .toggled:
                guard let row = rowUnderCursor(shownRows) else { return [] }
                return tap(row)
            case .activated: return purpose == .attach ? [] : finish()
            default: return []
            }
        case .setQuery(let query):
            status = nil
            if filter?.query != query {
                cursor = 0
            }
            filter = query.isEmpty && !fuzzy ? nil : ListFilter(query: query, isTyping: false)
            return search()
        case .layOut(let rows):
            return layOut(height: listHeight(rows: rows))
        case .daemonChanged(let snapshot):
            // Another query's answer (this screen's or another client's)
            // is a new list: the cursor starts at its best match.
            if snapshot.filter != daemon.filter {
                cursor = 0
                top = 0
            }
            let moved = snapshot.selected != daemon.selected
            if snapshot.rowCounts != daemon.rowCounts {
                // Rows came or went: the order sorted was of the rows before.
                order = nil
            }
            daemon = snapshot
            // In a table of one choice the row chosen is where the cursor
            // is: another front end's choice moves it there.
            if moved, !snapshot.allowsMultipleSelection, let chosen = snapshot.selected.first, let position = shownRows.position(of: chosen) {
                cursor = position
            }
            return []
        case .answered(_, let refusal):
            callsInFlight = max(callsInFlight - 1, 0)
            if let refusal {
                status = refusal
            }
            return []
        case .daemonReturned:
            cells = [:]
            matches = [:]
            details = RowDetailCache()
            return []
        case .cellsArrived(let section, let window):
            cells[section] = window
            return []
        case .matchesArrived(let section, let window):
            matches[section] = window
            return []
        case .headersArrived(let headers, let revision):
            if revision == daemon.revision {
                self.headers = headers
            }
            return []
        case .detailsArrived(let section, let first, let fetched, let revision):
            details.arrived(fetched, section: section, first: first, revision: revision)
            return []
        case .detailsFailed(let section, let rows):
            details.failed(section: section, rows: rows)
            return []
        case .ordered(let newOrder):
            let underCursor = rowUnderCursor(shownRows)
            order = newOrder
            cursor = underCursor.flatMap { shownRows.position(of: $0) } ?? 0
            return []
        }
    }

    /// Keeps the cursor on a shown row and in view; asks for this
    /// revision's headers and the cells (or a search's matches) around what is shown.
    private mutating func layOut(height: Int) -> [TableCommand] {
        var commands: [TableCommand] = []
        if headersRevision != daemon.revision, !daemon.rowCounts.isEmpty {
            headersRevision = daemon.revision
            commands.append(.fetchHeaders(revision: daemon.revision))
        }
        let shown = shownRows
        cursor = min(cursor, max(shown.count - 1, 0))
        top = scrolledTop(top, position: cursor, height: height, count: shown.count)
        let around = max(0, top - height)..<min(top + 2 * height, shown.count)
        for part in shown.parts(of: around) {
            if isFiltering {
                if matches[part.section]?.covers(part.range, revision: daemon.revision) != true {
                    commands.append(.fetchMatches(section: part.section, range: part.range, revision: daemon.revision))
                }
            } else if cells[part.section]?.covers(part.range, revision: daemon.revision) != true {
                commands.append(.fetchCells(section: part.section, range: part.range, revision: daemon.revision))
            }
        }
        return commands + fetchDetails(shown, of: top..<min(top + height, shown.count))
    }

    /// The details of the rows at `positions` not yet fetched, by section
    /// and run; a match not fetched yet waits for its row.
    private mutating func fetchDetails(_ shown: ShownIndexPaths, of positions: Range<Int>) -> [TableCommand] {
        var rows: [Int: [Int]] = [:]
        for position in positions {
            let indexPath = shown[position]
            rows[indexPath.section, default: []].append(indexPath.row)
        }
        return rows.keys.sorted().flatMap { section in
            details.missing(rows[section]!, section: section, revision: daemon.revision).map { TableCommand.fetchDetails(section: section, rows: $0, revision: daemon.revision) }
        }
    }

    /// The `SetFilter` the typed filter needs, once per change of its
    /// query; closing the filter clears the daemon's.
    private mutating func search() -> [TableCommand] {
        let query = filter?.query ?? ""
        guard query != (searched ?? "") else { return [] }
        searched = query
        return [.setFilter(query)]
    }

    /// Enter: the row under the cursor is chosen (a table of several
    /// choices prints what was chosen); a filter that shows nothing when
    /// nothing is chosen says so instead.
    private mutating func finish() -> [TableCommand] {
        let shown = shownRows
        let underCursor = rowUnderCursor(shown)
        if filter != nil, underCursor == nil, daemon.selected.isEmpty {
            status = tr("no row matches \"{0}\"", quoted(filter?.query ?? "", quote: nil))
            return []
        }
        return [.finishChoosing(select: daemon.allowsMultipleSelection ? nil : underCursor, printsIndexes: printsIndexes)]
    }

    private mutating func handle(_ key: Key, height: Int) -> [TableCommand] {
        if fuzzy {
            switch key {
            case .escape:
                return [.quit]
            case .tab:
                let shown = shownRows
                guard daemon.allowsMultipleSelection, let row = rowUnderCursor(shown) else { return [] }
                return tap(row)
            default:
                break
            }
        }
        if var typing = filter, typing.isTyping {
            var ended = false
            if typing.take(key, ended: &ended) {
                // `filter`'s query stays, emptied, when Backspace runs out.
                filter = ended && !fuzzy ? nil : typing
                cursor = 0
                return []
            }
        }
        let shown = shownRows
        if let position = movedPosition(cursor, by: key, height: height, count: shown.count) {
            cursor = position
            return []
        }
        let underCursor = rowUnderCursor(shown)
        switch key {
        case .character(" "):
            guard let underCursor else { return [] }
            return tap(underCursor)
        case .selectAll where daemon.allowsMultipleSelection:
            let selected = Set(daemon.selected)
            let room = limit.map { max(0, $0 - selected.count) } ?? shown.count
            return [.select(Array(shown.lazy.filter { $0.row >= 0 && !selected.contains($0) }.prefix(room)))]
        case .enter:
            if purpose == .attach {
                guard let underCursor else { return [] }
                return tap(underCursor)
            }
            return finish()
        case .character("/"):
            filter = ListFilter()
            return []
        case .escape, .character("q"):
            if filter != nil, key == .escape {
                // The cursor stays on its row among all rows.
                let underCursor = rowUnderCursor(shown)
                filter = nil
                cursor = underCursor.flatMap { shownRows.position(of: $0) } ?? 0
                return []
            }
            return [.quit]
        default:
            return []
        }
    }

    /// A tap: selects the row, or deselects a selected row when several
    /// may be selected; a row past the limit is refused here.
    private mutating func tap(_ indexPath: IndexPath) -> [TableCommand] {
        let isSelected = daemon.selected.contains(indexPath)
        if daemon.allowsMultipleSelection, !isSelected, let limit, daemon.selected.count >= limit {
            // TRANSLATORS: {0} is the most rows that may be chosen.
            status = tr(one: "at most {0} may be chosen", other: "at most {0} may be chosen", count: limit, limit)
            return []
        }
        return [.tap(indexPath, deselect: daemon.allowsMultipleSelection && isSelected)]
    }

    /// The row under the cursor, when one is shown there and known.
    private func rowUnderCursor(_ shown: ShownIndexPaths) -> IndexPath? {
        guard shown.indices.contains(cursor) else { return nil }
        let row = shown[cursor]
        return row.row >= 0 ? row : nil
    }

    /// An input waits while calls are unanswered, or while the rows a query
    /// shows are not in; a key that only edits the query being typed does not.
    package mutating func prepare(for input: TableMessage) -> Readiness<TableCommand> {
        switch input {
        case _ where isFinishing:
            return .waiting([])
        case .key(let key, _) where filter.map { $0.isTyping && $0.changesQuery(key) } == true:
            return .ready
        case .setQuery:
            return .ready
        default:
            return isSettled ? .ready : .waiting([])
        }
    }

    /// Whether every call made was answered and the rows a query shows are in.
    package var isSettled: Bool {
        callsInFlight == 0 && filterIsSettled
    }
}
