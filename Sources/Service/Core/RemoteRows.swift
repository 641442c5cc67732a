import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// A client's data source as a widget's rows: RxCocoa's forward data
/// source, across the bus (`Picker.AttachDataSource`, `Table.AttachDataSource`).
/// The row counts are read when it is attached and on every reload; rows
/// are read as calls need them, a page at a time, and kept in a cache
/// bounded by pages and bytes. A source serves one or more parts of each
/// row (a picker's titles; a table's cells and models), each a method.
///
/// Every answer is input: its signature, its count (exactly the rows asked
/// for) and each row (the string limit) are checked; an answer that does
/// not come within `timeout` fails the call that waits for it with
/// `DataSourceUnavailable`, and the cache keeps serving what it holds.
/// One question is in flight at a time: the call that needs it is answered
/// later, in order, so the calls after it on the widget wait behind it.
final class RemoteRows {
    /// The attachment's options, checked (`AttachDataSource`).
    struct Options: Equatable {
        /// Rows a page: the unit asked for and cached.
        var page = 256
        /// Pages the cache holds at most.
        var cachePages = 64
        /// Milliseconds one question may take.
        var timeout = ClientTimeout.standard

    }

    /// One part of a row the source serves, and how it is asked for.
    struct Part: Sendable {
        /// The method's name, for messages: "Titles".
        let method: String
        /// The question for `count` rows from `first` of a section.
        let question: @Sendable (_ client: String, _ object: ObjectPath, _ section: Int32, _ first: Int32, _ count: Int32) throws -> Message
        /// The answer's rows, each checked; `what` names a row for messages.
        let rows: @Sendable (_ reply: Message, _ checks: InputChecks, _ what: (Int) -> String) throws -> [DBusValue]
    }

    /// What the source serves: its interface's `RowCounts` and the parts of
    /// a row, and what its sections are called in messages.
    struct Interface: Sendable {
        let name: String
        let rowCounts: MethodContract<NoArguments, Parameters<[Int32]>>
        let parts: [Part]
        /// "component" for a picker, "section" for a table.
        let section: String
    }

    /// Bytes of rows the cache holds at most, whatever its page count: what
    /// an attached data source adds to its widget's footprint.
    static let cacheBytes = 8 << 20
    /// Rows one question asks for at most (consecutive missing pages are
    /// asked for together up to this).
    static let questionRows = 4_096
    /// A page the cache can keep holds at most this many bytes: an answered
    /// page larger than that makes the pages smaller, so the cache holds
    /// several and a row once read is not asked for again at every call.
    static let pageBytes = cacheBytes / 8

    /// The client's unique name and the object it serves.
    let client: String
    let object: ObjectPath
    let options: Options
    let interface: Interface
    private(set) var rowCounts: [Int] = []
    /// Rows a page now: `options.page` until a page came larger than
    /// `pageBytes`; never more.
    private(set) var pageRows: Int
    /// The smaller page size an oversized page asked for, taken up when no
    /// call holds pages of the current size (`adaptPageSize`).
    private var smallerPageRows: Int?

    /// A page of one part of a section's rows.
    struct PageKey: Hashable, Comparable {
        let part: Int
        let section: Int
        let page: Int

        static func < (lhs: PageKey, rhs: PageKey) -> Bool {
            (lhs.part, lhs.section, lhs.page) < (rhs.part, rhs.section, rhs.page)
        }
    }

    /// Rows of one part of a section that a call reads.
    struct Need {
        let part: Int
        let section: Int
        let rows: Range<Int>
    }

    private struct CachedPage {
        let rows: [DBusValue]
        let bytes: Int
        var used: UInt64
    }

    private var cache: [PageKey: CachedPage] = [:]
    private var cachedBytes = 0
    private var useClock: UInt64 = 0
    /// Pages the call being answered had fetched: readable while it runs,
    /// also those the cache could not keep.
    private var pinned: [PageKey: [DBusValue]] = [:]
    private let inFlight = QuestionInFlight()

    init(client: String, object: ObjectPath, options: Options, interface: Interface) {
        self.client = client
        self.object = object
        self.options = options
        self.interface = interface
        pageRows = options.page
    }

    /// The options of `AttachDataSource`, checked.
    static func options(from given: [String: DBusValue]) throws -> Options {
        var options = Options()
        options.page = try bounded(given[DataSourceOption.page], DataSourceOption.page.rawValue, 1...4_096, default: options.page)
        options.cachePages = try bounded(given[DataSourceOption.cachePages], DataSourceOption.cachePages.rawValue, 1...1_024, default: options.cachePages)
        options.timeout = try ClientTimeout.from(given[DataSourceOption.timeout])
        return options
    }

    private static func bounded(_ value: DBusValue?, _ key: String, _ range: ClosedRange<Int>, default fallback: Int) throws -> Int {
        guard case .int32(let given)? = value else { return fallback }
        guard range.contains(Int(given)) else {
            throw DBusError.invalidArgs("options '\(key)' \(given) is out of range; expected \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(given)
    }

    /// Who serves the rows, for messages.
    var description: String { "the data source \(object) of \(client)" }

    // MARK: Reading

    /// One part of a row when it is at hand (pinned for the call, or cached).
    func row(_ row: Int, part: Int = 0, section: Int) -> DBusValue? {
        let key = PageKey(part: part, section: section, page: row / pageRows)
        let offset = row - key.page * pageRows
        if let rows = pinned[key] {
            return rows.indices.contains(offset) ? rows[offset] : nil
        }
        guard var cached = cache[key], cached.rows.indices.contains(offset) else { return nil }
        useClock += 1
        cached.used = useClock
        cache[key] = cached
        return cached.rows[offset]
    }

    /// Takes up the smaller page size an oversized page asked for; the cache,
    /// keyed by the old size, is dropped. Called before a call's pages are
    /// gathered, when none are pinned.
    func adaptPageSize() {
        guard let smaller = smallerPageRows, pinned.isEmpty else { return }
        smallerPageRows = nil
        guard smaller < pageRows else { return }
        pageRows = smaller
        cache = [:]
        cachedBytes = 0
    }

    /// The pages of these rows that are not at hand, in order.
    func missingPages(_ needs: [Need]) -> [PageKey] {
        var missing = Set<PageKey>()
        for need in needs where !need.rows.isEmpty && rowCounts.indices.contains(need.section) && interface.parts.indices.contains(need.part) {
            let rows = need.rows.clamped(to: 0..<rowCounts[need.section])
            guard !rows.isEmpty else { continue }
            for page in (rows.lowerBound / pageRows)...((rows.upperBound - 1) / pageRows) {
                let key = PageKey(part: need.part, section: need.section, page: page)
                if cache[key] == nil && pinned[key] == nil {
                    missing.insert(key)
                }
            }
        }
        return missing.sorted()
    }

    /// The pages of these rows the cache holds now: kept for a call that
    /// waits for the missing ones, whatever the cache lets go of meanwhile.
    func cachedPages(_ needs: [Need]) -> [PageKey: [DBusValue]] {
        var kept: [PageKey: [DBusValue]] = [:]
        for need in needs where !need.rows.isEmpty && rowCounts.indices.contains(need.section) {
            let rows = need.rows.clamped(to: 0..<rowCounts[need.section])
            guard !rows.isEmpty else { continue }
            for page in (rows.lowerBound / pageRows)...((rows.upperBound - 1) / pageRows) {
                let key = PageKey(part: need.part, section: need.section, page: page)
                kept[key] = cache[key]?.rows
            }
        }
        return kept
    }

    /// The rows of `rows` at hand, from the first on: a reply of a batch of
    /// rows ends where they end (the fetch stopped at its byte budget), and
    /// the reader reads on from there.
    func prefixAtHand(_ rows: Range<Int>, part: Int = 0, section: Int) -> Range<Int> {
        var end = rows.lowerBound
        while end < rows.upperBound {
            let key = PageKey(part: part, section: section, page: end / pageRows)
            guard pinned[key] != nil || cache[key] != nil else { break }
            end = min((key.page + 1) * pageRows, rows.upperBound)
        }
        return rows.lowerBound..<end
    }

    /// Runs `body` with `pages` readable whether or not the cache kept them.
    func withPinned<Result>(_ pages: [PageKey: [DBusValue]], _ body: () throws -> Result) rethrows -> Result {
        pinned = pages
        defer { pinned = [:] }
        return try body()
    }

    // MARK: Asking

    /// Reads the row counts; `done` gets them, checked (at most `sections`
    /// sections, each 0 to 2,147,483,647 rows), or the reason there are none.
    func readRowCounts(on connection: Connection, sections: Int, _ done: @escaping (Result<[Int], DBusError>) -> Void) {
        let contract = interface.rowCounts
        let (name, unit) = (interface.name, interface.section)
        ask(on: connection, "RowCounts()", { try contract.message(to: self.client, path: self.object, interface: name, ()) }) { reply in
            let counts = try contract.results(of: reply)
            guard counts.count <= sections else {
                throw DBusError.invalidArgs("it answered \(counts.count) \(unit)s; the limit is \(sections)")
            }
            if let bad = counts.firstIndex(where: { $0 < 0 }) {
                throw DBusError.invalidArgs("it answered \(counts[bad]) rows for \(unit) \(bad); expected 0 or more")
            }
            return counts.map(Int.init)
        } done: { done($0) }
    }

    /// Takes up new row counts; the cache is dropped. (No question is in
    /// flight then: the calls that reload wait behind the call that asked.)
    func reset(rowCounts counts: [Int]) {
        rowCounts = counts
        cache = [:]
        cachedBytes = 0
    }

    private typealias Question = (part: Int, section: Int, pages: ClosedRange<Int>)

    /// Asks for `pages`, a question at a time (consecutive pages of one part
    /// of a section together, at most `questionRows` rows a question), until
    /// all came or `byteBudget` bytes did; `done` gets what came (also kept
    /// in the cache), to pin while the waiting call runs, or the reason the
    /// first question failed.
    func fetch(_ pages: [PageKey], on connection: Connection, checks: InputChecks, byteBudget: Int, _ done: @escaping (Result<[PageKey: [DBusValue]], DBusError>) -> Void) {
        var questions: [Question] = []
        let pagesPerQuestion = max(1, RemoteRows.questionRows / pageRows)
        for key in pages {
            if let last = questions.last, last.part == key.part, last.section == key.section, last.pages.upperBound + 1 == key.page, last.pages.count < pagesPerQuestion {
                questions[questions.count - 1].pages = last.pages.lowerBound...key.page
            } else {
                questions.append((key.part, key.section, key.page...key.page))
            }
        }
        askInTurn(questions[...], on: connection, checks: checks, budget: byteBudget, fetched: [:], done)
    }

    private func askInTurn(_ questions: ArraySlice<Question>, on connection: Connection, checks: InputChecks, budget: Int,
                           fetched: [PageKey: [DBusValue]], _ done: @escaping (Result<[PageKey: [DBusValue]], DBusError>) -> Void) {
        guard let next = questions.first, budget > 0 else {
            done(.success(fetched))
            return
        }
        let (section, part) = (next.section, interface.parts[next.part])
        let first = next.pages.lowerBound * pageRows
        let count = min(next.pages.upperBound * pageRows + pageRows, rowCounts[section]) - first
        let asked = "\(part.method)(\(section), \(first), \(count))"
        let unit = interface.section
        ask(on: connection, asked, { try part.question(self.client, self.object, Int32(section), Int32(first), Int32(count)) }) { reply in
            let rows = try part.rows(reply, checks) { "row \(first + $0) of \(unit) \(section)" }
            guard rows.count == count else {
                throw DBusError.invalidArgs("it answered \(rows.count) rows to \(asked); expected \(count)")
            }
            return rows
        } done: { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let error):
                done(.failure(error))
            case .success(let rows):
                var fetched = fetched
                var bytes = 0
                for page in next.pages {
                    let start = page * pageRows - first
                    let slice = Array(rows[start..<min(start + pageRows, rows.count)])
                    let size = Footprint.of(slice)
                    bytes += size
                    let key = PageKey(part: next.part, section: section, page: page)
                    fetched[key] = slice
                    keep(slice, bytes: size, at: key)
                }
                askInTurn(questions.dropFirst(), on: connection, checks: checks, budget: budget - bytes, fetched: fetched, done)
            }
        }
    }

    /// Caches a page, letting go of the least recently used ones past the
    /// page and byte bounds (a page larger than the byte bound is not kept).
    private func keep(_ rows: [DBusValue], bytes: Int, at key: PageKey) {
        guard bytes <= RemoteRows.pageBytes else {
            let rowsThatFit = max(1, pageRows * RemoteRows.pageBytes / bytes)
            smallerPageRows = min(smallerPageRows ?? rowsThatFit, rowsThatFit)
            return
        }
        if let old = cache.removeValue(forKey: key) {
            cachedBytes -= old.bytes
        }
        while !cache.isEmpty && (cache.count >= options.cachePages || cachedBytes + bytes > RemoteRows.cacheBytes) {
            let oldest = cache.min { $0.value.used < $1.value.used }!
            cachedBytes -= oldest.value.bytes
            cache[oldest.key] = nil
        }
        useClock += 1
        cache[key] = CachedPage(rows: rows, bytes: bytes, used: useClock)
        cachedBytes += bytes
    }

    /// Sends one question; `done` gets its outcome on the loop
    /// (`ClientQuestion`), or `DataSourceUnavailable` when the source is let
    /// go of first.
    private func ask<Value>(on connection: Connection, _ asked: String, _ message: @escaping () throws -> Message,
                            read: @escaping (Message) throws -> Value, done: @escaping (Result<Value, DBusError>) -> Void) {
        inFlight.ask(ClientQuestion(source: description, asked: asked, timeout: options.timeout, message: message, read: read), on: connection, done)
    }

    /// Lets go of the source: the question in flight is cancelled and its
    /// call told the source is gone.
    func letGo() {
        inFlight.letGo()
        cache = [:]
        cachedBytes = 0
    }
}
