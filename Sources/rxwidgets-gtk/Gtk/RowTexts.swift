import RxCoreEssentials

/// The texts of a list's rows, read from the daemon a page at a time as GTK
/// shows rows, without waiting (a row not read yet is drawn empty and filled
/// in when its page comes), and a bounded number of pages kept: a list of
/// millions of rows is read only where a person looks.
final class RowTexts {
    /// Rows a read asks for.
    static let pageRows = 256
    /// Pages kept at most (65,536 rows), least recently used out first.
    static let keptPages = 256

    /// Reads the texts of `rows` (fewer at the end of the list).
    private let read: (Range<Int>) -> Observable<[String]>
    /// A page came: its rows' texts are at hand now.
    var onPage: (Range<Int>) -> Void = { _ in }
    /// A read failed.
    var onError: (Error) -> Void = { _ in }
    private(set) var count = 0
    private var pages: [Int: (texts: [String], used: UInt64)] = [:]
    private var clock: UInt64 = 0
    private var reading: [Int: Disposable] = [:]

    init(read: @escaping (Range<Int>) -> Observable<[String]>) {
        self.read = read
    }

    /// Row `row`'s text, or nil while its page is being read (asked for now
    /// when it is not).
    func text(at row: Int) -> String? {
        guard row >= 0, row < count else { return nil }
        let page = row / RowTexts.pageRows
        guard let kept = pages[page] else {
            fetch(page)
            return nil
        }
        clock += 1
        pages[page]?.used = clock
        let offset = row - page * RowTexts.pageRows
        return kept.texts.indices.contains(offset) ? kept.texts[offset] : ""
    }

    /// Forgets every text: the list has `count` rows, all to be read again.
    func reset(count: Int) {
        for read in reading.values {
            read.dispose()
        }
        reading = [:]
        pages = [:]
        self.count = count
    }

    private func fetch(_ page: Int) {
        guard reading[page] == nil else { return }
        let rows = page * RowTexts.pageRows..<min((page + 1) * RowTexts.pageRows, count)
        var finished = false
        let subscription = read(rows).subscribe(onNext: { [weak self] texts in
            guard let self else { return }
            keep(texts, at: page)
            onPage(rows)
        }, onError: { [weak self] error in
            self?.onError(error)
        }, onDisposed: { [weak self] in
            finished = true
            self?.reading[page] = nil
        })
        if !finished {
            reading[page] = subscription
        }
    }

    private func keep(_ texts: [String], at page: Int) {
        while pages.count >= RowTexts.keptPages, let oldest = pages.min(by: { $0.value.used < $1.value.used })?.key {
            pages[oldest] = nil
        }
        clock += 1
        pages[page] = (texts, clock)
    }
}
