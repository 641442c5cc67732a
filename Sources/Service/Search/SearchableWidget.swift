import DBus
import RxCoreEssentials
import WidgetsAPI

/// A widget of rows whose rows can be searched (`SetFilter`, `Matches`,
/// `Filter`, `MatchCounts`): a picker by component, a table by section.
protocol SearchableWidget: RowsWidget, SendableMetatype {
    var search: WidgetSearch { get }
    /// What a part of the rows is called: "component" or "section".
    static var searchPart: String { get }
    /// The rows of each part.
    var searchRowCounts: [Int] { get }
    /// A part's titles (with `fields` of each row), taken to search; nil
    /// while a client serves them.
    func searchTitles(part: Int, fields: SearchFields) -> SearchTitles?
    /// A row's title as `TitleForRow` or `CellForRow` gives it.
    func searchTitle(row: Int, part: Int) -> String
    /// The client's data source serving the rows, described; nil when none does.
    var servedBy: String? { get }
    /// Answers a call reading `rows` of `part` now, or once a client's data source gave them.
    func answer<Values>(_ call: MethodCall, _ later: () -> LaterAnswer<Values>, readingPart part: Int, rows: Range<Int>, _ body: @escaping () throws -> Values) throws -> Answer<Values>
}

extension SearchableWidget {
    typealias SearchAnswer = (Result<Void, Error>) -> Void

    // MARK: SetFilter

    /// `SetFilter`: checked, then searched off the loop (or cleared at
    /// once); `answer` is called once the matches are the widget's state.
    func setFilter(_ text: String, options given: DBusValue, call: MethodCall, answer: @escaping SearchAnswer) throws {
        try authorize(call)
        if let servedBy {
            throw WidgetsError.notSupported("\(host.described) is served by \(servedBy), whose rows the daemon does not hold; search them there, or call DetachDataSource first")
        }
        try context.arguments.checkString(text, "query")
        let settings = try searchSettings(text, options: given)
        let query = try SearchQuery(text, fuzzy: settings.fuzzy, caseMode: settings.caseMode)
        if let running = search.running, running.settings == settings {
            search.join(answer)
            return
        }
        if search.running == nil, search.applied?.settings == settings || (text.isEmpty && search.applied == nil) {
            answerLater([answer], .success(()))
            return
        }
        if query.isEmpty {
            let superseded = search.cancelRunning()
            try mutate(call) { applyFilter(text.isEmpty ? nil : WidgetSearch.Applied(settings: settings, query: query, matches: [:])) }
            answerLater([answer] + (superseded?.waiting ?? []), .success(()))
            return
        }
        let parts = searchedParts(settings)
        let rows = parts.reduce(0) { $0 + searchRowCounts[$1] }
        try admit(footprint: footprint - search.footprint + rows * MemoryLayout<MatchKey>.stride, "the matches of a search over \(rows) rows")
        let titles = parts.compactMap { part in searchTitles(part: part, fields: settings.fields).map { (part, $0) } }
        let narrowed = narrowedMatches(settings, query)
        let running = search.start(settings, query, call: call, answer: answer)
        let owner = LoopOwned(self)
        let (id, cancellation, indexes, generation) = (running.id, running.cancellation, search.indexes, search.indexes.generation)
        // The indexes lay out titles alone: a search of descriptions reads the rows.
        let indexed = settings.fields == .title
        WidgetSearch.queue.async {
            let made = !indexed ? [:] : Dictionary(uniqueKeysWithValues: titles.compactMap { part, partTitles in
                indexes.index(of: part, partTitles, generation: generation, cancellation: cancellation).map { (part, $0) }
            })
            guard let found = SearchWidgetMatches.find(query, in: titles, indexes: made, narrowing: narrowed, cancellation: cancellation) else { return }
            MainLoop.shared.post {
                owner.value?.finishSearch(id, found, indexGeneration: generation)
            }
        }
    }

    /// Indexes the parts of many rows once they changed and then stayed
    /// for `SearchIndexes.settle` (on the search queue), so that the first
    /// query typed searches bytes at once, while a stream of appends (a
    /// `filter` reading its input) rebuilds nothing until it pauses.
    private func indexEagerly(generation: Int) {
        guard searchRowCounts.contains(where: { $0 >= SearchIndexes.eagerRows }) else { return }
        let owner = LoopOwned(self)
        _ = MainLoop.shared.addTimer(after: SearchIndexes.settle) {
            owner.value?.buildIndexes(generation: generation)
        }
    }

    private func buildIndexes(generation: Int) {
        guard search.indexes.generation == generation else { return }
        let titles = searchRowCounts.indices.compactMap { part -> (Int, SearchTitles)? in
            guard searchRowCounts[part] >= SearchIndexes.eagerRows else { return nil }
            return searchTitles(part: part, fields: .title).map { (part, $0) }
        }
        guard !titles.isEmpty, let cancellation = search.indexes.beginBuilding(generation: generation) else { return }
        let (indexes, owner) = (search.indexes, LoopOwned(self))
        WidgetSearch.queue.async {
            for (part, partTitles) in titles {
                _ = indexes.index(of: part, partTitles, generation: generation, cancellation: cancellation)
            }
            MainLoop.shared.post {
                owner.value?.admitIndexes(generation: generation)
            }
        }
    }

    /// Keeps new indexes only if the memory budget has room for them (the
    /// footprint counts them already); else the searches read the rows.
    private func admitIndexes(generation: Int) {
        guard search.indexes.generation == generation else { return }
        if (try? admit(footprint: footprint, "search indexes of \(search.indexes.bytes) bytes")) == nil {
            search.indexes.drop(generation: generation)
        }
        account()
    }

    /// The settings a `SetFilter` call's options ask for.
    private func searchSettings(_ text: String, options given: DBusValue) throws -> WidgetSearch.Settings {
        var allowed = SearchOption.types
        if Self.searchPart != SearchOption.component.rawValue {
            allowed[SearchOption.component.rawValue] = nil
        }
        let options = try context.arguments.options(given, allowed: allowed, argument: "options")
        var settings = WidgetSearch.Settings(text: text)
        if case .boolean(let fuzzy)? = options[SearchOption.fuzzy] {
            settings.fuzzy = fuzzy
        }
        if case .string(let mode)? = options[SearchOption.case] {
            guard let caseMode = SearchQuery.CaseMode(rawValue: mode) else {
                throw DBusError.invalidArgs("options 'case': expected 'smart', 'sensitive' or 'insensitive', got \(quoted(mode))")
            }
            settings.caseMode = caseMode
        }
        if let fields = options[SearchOption.in] {
            settings.fields = try searchFields(fields.arrayElements?.compactMap(\.stringValue) ?? [])
        }
        if Self.searchPart == SearchOption.component.rawValue {
            var component: Int32 = 0
            if case .int32(let given)? = options[SearchOption.component] {
                component = given
            }
            let parts = searchRowCounts.count
            guard component >= 0, Int(component) < max(parts, 1) else {
                throw WidgetsError.outOfRange("options 'component' \(component) is out of range; expected 0…\(max(parts, 1) - 1)")
            }
            settings.part = Int(component)
        }
        return settings
    }

    /// `in`'s fields: `title`, `description` or both, each at most once.
    private func searchFields(_ names: [String]) throws -> SearchFields {
        for (index, name) in names.enumerated() {
            guard name == "title" || name == "description" else {
                throw DBusError.invalidArgs("options 'in'[\(index)]: expected 'title' or 'description', got \(quoted(name))")
            }
            guard names.firstIndex(of: name) == index else {
                throw DBusError.invalidArgs("options 'in'[\(index)]: \(quoted(name)) is already in[\(names.firstIndex(of: name)!)]; expected each field once")
            }
        }
        switch (names.contains("title"), names.contains("description")) {
        case (true, true): return .both
        case (false, true): return .description
        case (true, false): return .title
        case (false, false): throw DBusError.invalidArgs("options 'in' is empty; expected 'title', 'description' or both")
        }
    }

    /// The parts a search with `settings` covers, of those the rows have.
    private func searchedParts(_ settings: WidgetSearch.Settings) -> [Int] {
        let parts = searchRowCounts.count
        guard let part = settings.part else { return Array(0..<parts) }
        return part < parts ? [part] : []
    }

    /// The applied matches a new query needs to search only, when it narrows the applied one.
    private func narrowedMatches(_ settings: WidgetSearch.Settings, _ query: SearchQuery) -> [Int: MatchList]? {
        guard let applied = search.applied else { return nil }
        var same = applied.settings
        same.text = settings.text
        guard same == settings, query.narrows(applied.query) else { return nil }
        return applied.matches
    }

    /// A search came back: applied as its first caller's change, unless a
    /// newer one replaced it; everyone waiting for it is answered.
    private func finishSearch(_ id: Int, _ matches: [Int: MatchList], indexGeneration: Int) {
        guard let running = search.takeRunning(id) else { return }
        admitIndexes(generation: indexGeneration)
        let result = Result {
            try asCall {
                try mutate(running.call) {
                    applyFilter(WidgetSearch.Applied(settings: running.settings, query: running.query, matches: matches))
                }
            }
        }
        for answer in running.waiting {
            answer(result)
        }
    }

    private func applyFilter(_ applied: WidgetSearch.Applied?) {
        search.apply(applied)
        search.announcedCounts = matchCounts
        reportChange(SearchNames.filter, SearchNames.matchCounts)
    }

    /// Announces `MatchCounts` (in the change being made) when it is not
    /// what was last announced: a widget calls it as its `RowCounts`
    /// changes, which without a filter is its `MatchCounts` too.
    func reportMatchCountsIfChanged() {
        let counts = matchCounts
        guard counts != search.announcedCounts else { return }
        search.announcedCounts = counts
        reportChange(SearchNames.matchCounts)
    }

    /// Answers calls after the change being made was announced (a reply
    /// sent from inside a handler would go out before the call's signals).
    private func answerLater(_ waiting: [SearchAnswer], _ result: Result<Void, Error>) {
        MainLoop.shared.enqueue {
            for answer in waiting {
                answer(result)
            }
        }
    }

    // MARK: Rows changed

    /// The rows changed (inside the changing call): the filter is searched
    /// again on the new rows, here, so that `MatchCounts` is announced with
    /// them; a search still running is applied instead, and its callers
    /// answered after this change. Rows a client serves drop the filter.
    /// (Without a filter `MatchCounts` follows `RowCounts`, announced with it.)
    func searchRowsChanged() {
        let generation = search.indexes.invalidate()
        defer { indexEagerly(generation: generation) }
        if let servedBy {
            if let superseded = search.cancelRunning() {
                answerLater(superseded.waiting, .failure(WidgetsError.notSupported("\(servedBy) now serves the rows of \(host.described); the search was dropped")))
            }
            if search.applied != nil {
                applyFilter(nil)
            }
            return
        }
        if let superseded = search.cancelRunning() {
            applyFilter(research(superseded.settings, superseded.query))
            answerLater(superseded.waiting, .success(()))
        } else if let applied = search.applied, !applied.query.isEmpty {
            search.apply(search.appendedAfter.flatMap { extended(applied, after: $0) } ?? research(applied.settings, applied.query))
            reportMatchCountsIfChanged()
        }
    }

    /// The applied filter with the rows appended after `counts` searched
    /// too, the rows before them keeping their matches: an append costs
    /// what it adds, not what the widget holds. Nil when a searched part
    /// was not only appended to.
    private func extended(_ applied: WidgetSearch.Applied, after counts: [Int: Int]) -> WidgetSearch.Applied? {
        var extended = applied
        for part in searchedParts(applied.settings) {
            guard let before = counts[part] else { continue }
            guard let titles = searchTitles(part: part, fields: applied.settings.fields), before <= titles.count, let old = applied.matches[part] else { return nil }
            let added = (Int32(before)..<Int32(titles.count)).map { $0 }
            guard let keys = SearchRun.keys(applied.query, in: titles, candidates: added, cancellation: SearchCancellation()) else { return nil }
            extended.matches[part] = keys.isEmpty ? old : MatchList(unranked: old.keys + keys)
        }
        return extended
    }

    /// The filter searched on the rows as they are now, on this thread.
    private func research(_ settings: WidgetSearch.Settings, _ query: SearchQuery) -> WidgetSearch.Applied {
        let titles = searchedParts(settings).compactMap { part in searchTitles(part: part, fields: settings.fields).map { (part, $0) } }
        let matches = query.isEmpty ? [:] : SearchWidgetMatches.find(query, in: titles, narrowing: nil, cancellation: SearchCancellation()) ?? [:]
        return WidgetSearch.Applied(settings: settings, query: query, matches: matches)
    }

    // MARK: Reading

    /// `MatchCounts`: each part's matches, or its rows where it is not filtered.
    var matchCounts: [Int32] {
        searchRowCounts.enumerated().map { part, rows in
            Int32(search.applied?.matches[part]?.count ?? rows)
        }
    }

    /// `Matches`: a page of a part's matches, best first, with the places
    /// that matched; every row in order where the part is not filtered.
    func matches(_ part: Int32, first: Int32, count: Int32, call: MethodCall, later: () -> LaterAnswer<(Raw<[DBusStruct<Int32, String, [UInt32]>]>, UInt64)>) throws -> Answer<(Raw<[DBusStruct<Int32, String, [UInt32]>]>, UInt64)> {
        let counts = searchRowCounts
        let index = try boundIndex(part, count: counts.count, Self.searchPart)
        let element = DBusType.structure([.int32, .string, .array(.uint32)])
        if let applied = search.applied, applied.matches[index] != nil {
            let ranks = try context.arguments.page(first: first, count: count, rows: applied.matches[index]!.count)
            let matcher = RowMatcher(applied.query)
            let values = context.arguments.fitting(ranks) { rank in
                let row = Int(search.key(part: index, rank: rank)!.row)
                let title = searchTitle(row: row, part: index)
                var positions: [Int]? = []
                // The offsets are the title's: a row found by its description alone has none.
                if applied.settings.fields == .description || matcher.match(title, positions: &positions) == nil {
                    positions = []
                }
                return .structure([.int32(Int32(row)), .string(title), .array(element: .uint32, (positions ?? []).map { .uint32(UInt32($0)) })])
            }
            return .now((Raw(unchecked: .array(element: element, values)), revision))
        }
        let rows = try context.arguments.page(first: first, count: count, rows: counts[index])
        return try answer(call, later, readingPart: index, rows: rows) { [unowned self] in
            let values = context.arguments.fitting(rows) { row in
                .structure([.int32(Int32(row)), .string(searchTitle(row: row, part: index)), .array(element: .uint32, [])])
            }
            return (Raw(unchecked: .array(element: element, values)), revision)
        }
    }
}

extension SearchMembers {
    /// `SetFilter`'s handler for a kind's `Handlers`.
    func setFilterHandler<Target: SearchableWidget>() -> MethodDeclaration<Target> {
        setFilter.serveLater { widget, arguments, call, answer in
            try widget.setFilter(arguments.0, options: arguments.1.value, call: call, answer: answer)
        }
    }

    /// `Matches`' handler.
    func matchesHandler<Target: SearchableWidget>() -> MethodDeclaration<Target> {
        matches.serve(answering: { widget, page, call, later in
            try widget.matches(page.0, first: page.1, count: page.2, call: call, later: later)
        })
    }

    /// `Filter`'s handler.
    func filterHandler<Target: SearchableWidget>() -> PropertyDeclaration<Target> {
        filter.serve { $0.search.filterText }
    }

    /// `MatchCounts`' handler.
    func matchCountsHandler<Target: SearchableWidget>() -> PropertyDeclaration<Target> {
        matchCounts.serve { $0.matchCounts }
    }
}

/// The search's member names, the same on pickers and tables.
enum SearchNames {
    static let filter = PickerContract.search.filter.name
    static let matchCounts = PickerContract.search.matchCounts.name
}

/// Every searched part's matches, found off the loop.
enum SearchWidgetMatches {
    /// The matches of `query` in each part's titles — only among a part's
    /// `narrowing` matches when given — nil when cancelled. Without
    /// `indexes` the titles are read from the rows.
    static func find(_ query: SearchQuery, in titles: [(Int, SearchTitles)], indexes: [Int: SearchIndex] = [:], narrowing: [Int: MatchList]?, cancellation: SearchCancellation) -> [Int: MatchList]? {
        var found: [Int: MatchList] = [:]
        for (part, partTitles) in titles {
            let candidates = narrowing.map { $0[part]?.rows ?? [] }
            guard let keys = SearchRun.keys(query, in: partTitles, index: indexes[part], candidates: candidates, cancellation: cancellation) else { return nil }
            found[part] = MatchList(unranked: keys)
        }
        return found
    }
}
