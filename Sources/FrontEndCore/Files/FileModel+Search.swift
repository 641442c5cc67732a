import RxWidgetsClient

/// The `/` filter of the file browser. Its matching is the daemon's search
/// (`SetFilter` and `Matches`, API.md "Search") over a transient picker of
/// this process, never a matcher of this front end's own. The picker's rows
/// are the names of the entries listed, `.` and `..` left out: they are
/// moves (this folder, the parent), each a key away already, and all dots
/// they would match any query with a dot in it. No name reaches the daemon
/// before a filter is typed; while one is, the names go again whenever the
/// entries listed change (another folder, the hidden ones shown, another
/// chooser filter).
extension FileModel {
    /// The daemon's search as this screen knows it.
    package struct NameSearch {
        /// The entries whose names are the picker's rows, by row; nil until
        /// the first filter (the picker is made then).
        package var given: [Entry]?
        /// The query of the last `SetFilter` sent.
        package var sent = ""
        /// The picker as last read: its filter, match count and `Revision`.
        package var daemon: PickerSnapshot?
        /// Its ranked matches as last fetched (every one: they are at most
        /// the entries of a folder, which this process holds anyway).
        package var matches: MatchWindow?
        /// `SetFilter` calls not answered yet.
        package var callsInFlight = 0
    }

    /// The entries a filter searches: those listed but `.` and `..`.
    package var searchable: [Entry] {
        unfiltered.filter { $0.name != "." && $0.name != ".." }
    }

    /// With a query typed that the daemon filters by, the matches fetched
    /// that are entries given now (a match of names given before is left
    /// out), best first, with the offsets that matched; nil while the
    /// entries listed are shown.
    package var matched: [(entry: Entry, places: [Int])]? {
        guard let typed, !typed.query.isEmpty, let daemon = search.daemon, !daemon.filter.isEmpty, let given = search.given else { return nil }
        let count = daemon.matchCounts.first ?? 0
        guard count > 0 else { return [] }
        // Until the first matches come the entries listed stay, rather than nothing.
        guard let matches = search.matches else { return nil }
        return matches.items.prefix(count).compactMap { match in
            given.indices.contains(match.row) && given[match.row].name == match.title ? (given[match.row], match.places) : nil
        }
    }

    /// How many entries match the query typed, once the daemon answered it
    /// and its matches are in; nil until then.
    package var matchCount: Int? {
        guard let typed, let daemon = search.daemon, search.callsInFlight == 0, daemon.filter == typed.query, search.sent == typed.query else { return nil }
        let count = daemon.matchCounts.first ?? 0
        return count == 0 || search.matches?.covers(0..<count, revision: daemon.revision) == true ? count : nil
    }

    /// What the daemon's search needs after a change: the names listed
    /// (while a filter is typed, when they changed since given), the query
    /// (once per change; none typed clears it) and the matches of its
    /// answer to the query typed (an older query's would be shown only to
    /// be replaced).
    package mutating func searchCommands() -> [Command] {
        var commands: [Command] = []
        if typed != nil {
            let entries = searchable
            if search.given != entries {
                search.given = entries
                commands.append(.giveNames(entries.map(\.name)))
            }
        }
        let query = typed?.query ?? ""
        if search.given != nil, query != search.sent {
            search.sent = query
            search.callsInFlight += 1
            commands.append(.search(query))
        }
        if let typed, let daemon = search.daemon, !daemon.filter.isEmpty, daemon.filter == typed.query, let count = daemon.matchCounts.first, count > 0,
           search.matches?.covers(0..<count, revision: daemon.revision) != true {
            commands.append(.fetchMatches(count: count, revision: daemon.revision))
        }
        return commands
    }

    /// Whether the rows shown answer every key applied: each `SetFilter`
    /// was answered and, with a query typed, the daemon's filter is that
    /// query and its matches are in.
    package var isSettled: Bool {
        guard let typed, !typed.query.isEmpty else { return search.callsInFlight == 0 }
        return matchCount != nil
    }
}

extension FileModel: ScreenModel {
    /// A key that only edits the query typed is applied at once (the
    /// latest query wins in the daemon, and the cursor goes to its best
    /// match whatever came before); any other waits until the rows shown
    /// answer the query, so Enter chooses the row the person sees.
    package mutating func prepare(for input: Message) -> Readiness<Command> {
        if case .key(let key) = input, typed?.changesQuery(key) == true {
            return .ready
        }
        return isSettled ? .ready : .waiting([])
    }

    package static func pressed(_ key: Key, rows: Int) -> Message { .key(key) }

    /// Nothing to lay out: the matches are fetched whole as they change.
    package static func layingOut(rows: Int) -> Message? { nil }
}
