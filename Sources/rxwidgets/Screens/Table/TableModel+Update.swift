import RxWidgetsClient
import RxWidgetsCommandLine

/// What each message does to a table screen.
extension TableModel {
    mutating func update(_ message: TableMessage) -> [TableCommand] {
        switch message {
        case .key(let key, let rows):
            status = nil
            // A key after an Enter still waiting for cells: the person moved on.
            finishWhenFiltered = false
            let commands = handle(key, height: listHeight(rows: rows))
            let reads = wantFiltered().filter { !commands.contains($0) }
            refilter()
            tapsInFlight += commands.reduce(0) { total, command in
                switch command {
                case .tap: return total + 1
                case .select(let rows): return total + rows.count
                default: return total
                }
            }
            return commands + reads
        case .layOut(let rows):
            return layOut(height: listHeight(rows: rows))
        case .daemonChanged(let snapshot):
            // This screen's own taps change the selection and no cell; any
            // other change (new rows, a new format, another client's call
            // that may also have moved the selection) may have changed any.
            if tapsInFlight == 0 || snapshot.rowCounts != daemon.rowCounts {
                scans = [:]
            }
            daemon = snapshot
            refilter()
            return []
        case .tapAnswered:
            tapsInFlight = max(tapsInFlight - 1, 0)
            return []
        case .cellsArrived(let section, let window):
            cells[section] = window
            return []
        case .cellsScanned(let section, let first, let read, let generation):
            guard var scan = scans[section], scan.take(first: first, read, generation: generation) else { return [] }
            scans[section] = scan
            let reads = wantFiltered()
            refilter()
            guard finishWhenFiltered, filterIsSettled else { return reads }
            finishWhenFiltered = false
            return reads + finish()
        case .headersArrived(let headers, let revision):
            if revision == daemon.revision {
                self.headers = headers
            }
            return []
        case .refused(let message):
            status = message
            return []
        }
    }

    /// Keeps the cursor on a shown row and in view; asks for this
    /// revision's headers and the cells around what is shown.
    private mutating func layOut(height: Int) -> [TableCommand] {
        var commands: [TableCommand] = []
        if headersRevision != daemon.revision, !daemon.rowCounts.isEmpty {
            headersRevision = daemon.revision
            commands.append(.fetchHeaders(revision: daemon.revision))
        }
        commands += wantFiltered()
        refilter()
        let shown = shownRows
        cursor = min(cursor, max(shown.count - 1, 0))
        top = scrolledTop(top, position: cursor, height: height, count: shown.count)
        let window = shown[min(top, shown.count)..<min(top + height, shown.count)]
        // A filter's rows bring their cells with them.
        for section in Set(window.map(\.section)).sorted() where scan(section) == nil {
            let rows = window.filter { $0.section == section }.map(\.row)
            if let first = rows.min(), let last = rows.max() {
                let range = max(0, first - height)..<min(last + height + 1, daemon.rowCounts[section])
                if cells[section]?.covers(range, revision: daemon.revision) != true {
                    commands.append(.fetchCells(section: section, range: range, revision: daemon.revision))
                }
            }
        }
        return commands
    }

    /// What a filter searches: every cell of every section, a page at a
    /// time and a section after another, begun as it is typed; a longer
    /// query goes on from what the shorter one found. All sections together
    /// keep at most `FilterScan.matchLimit` matches.
    private mutating func wantFiltered() -> [TableCommand] {
        guard let filter, isFiltering else {
            scans = [:]
            return []
        }
        var found = 0
        for (section, count) in daemon.rowCounts.enumerated() {
            let limit = FilterScan.matchLimit - found
            var search: FilterScan
            if let current = scan(section) {
                search = current
            } else {
                scansBegun += 1
                search = scans[section].flatMap { $0.count == count ? $0.narrowed(to: filter, limit: limit, generation: scansBegun) : nil }
                    ?? FilterScan(filter: filter, fuzzy: fuzzy, count: count, limit: limit, generation: scansBegun)
            }
            let read = search.nextRead()
            scans[section] = search
            if let read {
                return [.scanCells(section: section, range: read, generation: search.generation)]
            }
            guard search.isComplete else { return [] }
            found += search.rows.count
        }
        return []
    }

    /// Enter: the row under the cursor is chosen (a table of several
    /// choices prints what was chosen); a filter that shows nothing when
    /// nothing is chosen says so instead.
    private mutating func finish() -> [TableCommand] {
        let shown = shownRows
        let underCursor = shown.indices.contains(cursor) ? shown[cursor] : nil
        if filter != nil, underCursor == nil, daemon.selected.isEmpty {
            status = "no row matches \(quoted(filter?.query ?? "", quote: "\""))"
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
                // While the search runs, the ranking under the cursor still moves.
                guard filterIsSettled else {
                    status = "matching…"
                    return []
                }
                let shown = shownRows
                return shown.indices.contains(cursor) && daemon.allowsMultipleSelection ? tap(shown[cursor]) : []
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
        let underCursor = shown.indices.contains(cursor) ? shown[cursor] : nil
        switch key {
        case .character(" "):
            guard let underCursor else { return [] }
            return tap(underCursor)
        case .selectAll where daemon.allowsMultipleSelection:
            let selected = Set(daemon.selected)
            let room = limit.map { max(0, $0 - selected.count) } ?? shown.count
            return [.select(Array(shown.lazy.filter { !selected.contains($0) }.prefix(room)))]
        case .enter:
            if purpose == .attach {
                guard let underCursor else { return [] }
                return tap(underCursor)
            }
            guard filterIsSettled else {
                finishWhenFiltered = true
                status = "matching…"
                return wantFiltered()
            }
            return finish()
        case .character("/"):
            filter = ListFilter()
            return []
        case .escape, .character("q"):
            if filter != nil, key == .escape {
                // The cursor stays on its row among all rows.
                let underCursor = shown.indices.contains(cursor) ? shown[cursor] : nil
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
            status = "at most \(limit) may be chosen"
            return []
        }
        return [.tap(indexPath, deselect: daemon.allowsMultipleSelection && isSelected)]
    }
}
