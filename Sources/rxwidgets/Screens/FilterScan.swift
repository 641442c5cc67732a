import RxCoreEssentials
import RxWidgetsClient

/// A `/` filter's search of a list the daemon serves: its texts are read a
/// page at a time with the batch reads, matched as they arrive, and only the
/// matching rows kept — at most `matchLimit` of them — so no read exceeds
/// the daemon's batch limits and the front end holds no more than what it
/// shows, however long the list. The search is of the list's `count` rows
/// as they were when read; a change of the list starts a new one.
struct FilterScan: Equatable {
    /// The most rows one read asks for (the daemon may return fewer).
    static let pageLimit = RemoteTexts.pageLimit
    /// The most matches kept: past it the search stops, and says so.
    static let matchLimit = 100_000

    let filter: ListFilter
    /// Whether a text matches by `FuzzyMatch` (the letters in order) rather
    /// than by containing the query.
    let fuzzy: Bool
    /// The rows of the list searched.
    let count: Int
    /// The most matches it keeps: `matchLimit`, or what earlier sections
    /// of a table left of it.
    let limit: Int
    /// Tells this search's reads from those of one it replaced.
    let generation: Int
    /// The rows read so far: all rows below it were matched.
    private(set) var scanned = 0
    /// The first row of the read in flight, if one is.
    private(set) var requested: Int?
    /// The matching rows, ascending, and their texts.
    private(set) var rows: [Int] = []
    private(set) var texts: [String] = []

    init(filter: ListFilter, fuzzy: Bool = false, count: Int, limit: Int = FilterScan.matchLimit, generation: Int) {
        self.filter = filter
        self.fuzzy = fuzzy
        self.count = max(count, 0)
        self.limit = max(limit, 0)
        self.generation = generation
    }

    /// Whether this search answers `filter` on a list of `count` rows.
    func searches(_ filter: ListFilter, count: Int) -> Bool {
        self.filter.query == filter.query && self.count == count
    }

    /// Whether it stopped at its limit of matches before the end.
    var isCapped: Bool {
        rows.count >= limit && scanned < count
    }

    /// Whether every row it will search was searched.
    var isComplete: Bool {
        scanned >= count || isCapped
    }

    /// The next read to make, marked as in flight; nil when one is in
    /// flight or the search is complete.
    mutating func nextRead() -> Range<Int>? {
        guard requested == nil, !isComplete else { return nil }
        requested = scanned
        return scanned..<min(count, scanned + FilterScan.pageLimit)
    }

    /// Takes the texts of the rows from `first` on; false when they are not
    /// the read it waits for. An empty answer (the list got shorter) ends it.
    mutating func take(first: Int, _ read: [String], generation: Int) -> Bool {
        guard generation == self.generation, first == requested else { return false }
        requested = nil
        let matches = matching(filter)
        for (offset, text) in read.enumerated() {
            guard rows.count < limit else {
                // Stopped here: the rows from this one on were not searched.
                scanned = first + offset
                return true
            }
            if matches(text) {
                rows.append(first + offset)
                texts.append(text)
            }
        }
        scanned = read.isEmpty ? count : min(count, first + read.count)
        return true
    }

    /// The search for `narrower`, a query that contains this one, started
    /// from what this one found: every row it can match is among these
    /// matches (none when this one stopped at the limit).
    func narrowed(to narrower: ListFilter, limit: Int = FilterScan.matchLimit, generation: Int) -> FilterScan? {
        let longer = narrower.query.lowercased()
        let shorter = filter.query.lowercased()
        // A fuzzy match of a longer query whose start is this one matches this one too.
        guard !isCapped, limit >= self.limit, fuzzy ? longer.hasPrefix(shorter) : longer.contains(shorter) else { return nil }
        var scan = FilterScan(filter: narrower, fuzzy: fuzzy, count: count, limit: limit, generation: generation)
        let matches = matching(narrower)
        for (row, text) in zip(rows, texts) where matches(text) {
            scan.rows.append(row)
            scan.texts.append(text)
        }
        scan.scanned = scanned
        return scan
    }

    private func matching(_ filter: ListFilter) -> (String) -> Bool {
        if fuzzy {
            return { FuzzyMatch.score($0, query: filter.query) != nil }
        }
        let matcher = ListFilter.Matcher(filter.query)
        return matcher.matches
    }

    /// The text of a matching row.
    func text(_ row: Int) -> String? {
        let position = rows.partitioningIndex { $0 >= row }
        return position < rows.count && rows[position] == row ? texts[position] : nil
    }

    /// What the filter's line says of the search: nothing once it is done.
    var progress: String? {
        FilterScan.progress(of: [self], rows: count)
    }

    /// What the filter's line says of the searches of a list's sections,
    /// `rows` rows in all (sections not searched yet included).
    static func progress(of scans: [FilterScan], rows: Int) -> String? {
        if scans.contains(where: \.isCapped) {
            return "the first \(FilterScan.matchLimit.groupedDigits) matches; type more to narrow"
        }
        let scanned = scans.reduce(0) { $0 + $1.scanned }
        guard scanned < rows else { return nil }
        return "matching… \(scanned.groupedDigits) of \(rows.groupedDigits) rows"
    }
}

extension FilterScan {
    /// Makes one read of a search: `arrived` gets the texts, or none when
    /// the rows went away meanwhile (the changed list's search follows, and
    /// an empty read ends this one); any other error goes to `failed`.
    static func read(_ fetch: Observable<[String]>, arrived: @escaping ([String]) -> Void, failed: @escaping (Error) -> Void) -> Disposable {
        fetch.subscribe(onNext: arrived, onError: { error in
            if error.meansTheRowsWentAway {
                arrived([])
            } else {
                failed(error)
            }
        })
    }
}

extension Int {
    /// With thousands separated by commas: 1,310,720.
    var groupedDigits: String {
        let digits = String(magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 {
                grouped.append(",")
            }
            grouped.append(digit)
        }
        return (self < 0 ? "-" : "") + grouped
    }
}
