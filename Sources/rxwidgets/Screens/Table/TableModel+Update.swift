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
            return commands + wantFiltered().filter { !commands.contains($0) }
        case .layOut(let rows):
            return layOut(height: listHeight(rows: rows))
        case .daemonChanged(let snapshot):
            daemon = snapshot
            return []
        case .cellsArrived(let section, let window):
            cells[section] = window
            guard finishWhenFiltered, filterIsSettled else { return [] }
            finishWhenFiltered = false
            let shown = shownRows
            return [.finishChoosing(select: shown.indices.contains(cursor) ? shown[cursor] : nil, printsIndexes: printsIndexes)]
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
        let shown = shownRows
        cursor = min(cursor, max(shown.count - 1, 0))
        top = scrolledTop(top, position: cursor, height: height, count: shown.count)
        let window = shown[min(top, shown.count)..<min(top + height, shown.count)]
        for section in Set(window.map(\.section)).sorted() {
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

    /// What a filter searches: every cell, asked for as it is typed.
    private func wantFiltered() -> [TableCommand] {
        guard let filter, !filter.query.isEmpty else { return [] }
        return daemon.rowCounts.enumerated().compactMap { section, count in
            cells[section]?.covers(0..<count, revision: daemon.revision) == true ? nil : .fetchCells(section: section, range: 0..<count, revision: daemon.revision)
        }
    }

    private mutating func handle(_ key: Key, height: Int) -> [TableCommand] {
        if fuzzy {
            switch key {
            case .escape:
                return [.quit]
            case .tab:
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
            return [.select(Array(shown.filter { !selected.contains($0) }.prefix(room)))]
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
            if filter != nil, underCursor == nil, daemon.selected.isEmpty {
                status = "no row matches \(quoted(filter?.query ?? "", quote: "\""))"
                return []
            }
            return [.finishChoosing(select: daemon.allowsMultipleSelection ? nil : underCursor, printsIndexes: printsIndexes)]
        case .character("/"):
            filter = ListFilter()
            return []
        case .escape, .character("q"):
            if filter != nil, key == .escape {
                filter = nil
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
