import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// Fetches one list the daemon serves a window at a time with the batch
/// reads (`Titles`, `Cells`, `Matches`), for the widget's `Revision` they
/// belong to, paging past the read limit. Until a fresher window arrives the
/// old one is kept, so nothing blanks while the daemon answers.
package final class RemoteWindow<Element: Equatable> {
    /// Fetches rows `first` … `first+count−1` (the daemon clips at the end).
    package typealias Fetch = (_ first: Int, _ count: Int) -> Observable<[Element]>

    private let fetch: Fetch
    private let arrived: (RowWindow<Element>) -> Void
    private let failed: (Error) -> Void
    /// What was fetched last.
    package private(set) var window = RowWindow<Element>()
    private var request: Disposable?
    private var requested: (range: Range<Int>, revision: UInt64)?

    /// `arrived` gets each new window; `failed` runs when a read fails for
    /// another reason than the rows having changed meanwhile.
    package init(fetch: @escaping Fetch, arrived: @escaping (RowWindow<Element>) -> Void, failed: @escaping (Error) -> Void) {
        self.fetch = fetch
        self.arrived = arrived
        self.failed = failed
    }

    deinit {
        request?.dispose()
    }

    /// Forgets what was fetched and asked for: the next `want` asks again.
    package func forget() {
        request?.dispose()
        request = nil
        requested = nil
        window = RowWindow()
    }

    /// Whether every row of `range` is known for `revision`.
    package func covers(_ range: Range<Int>, revision: UInt64) -> Bool {
        window.covers(range, revision: revision)
    }

    /// Asks for `range` as of `revision` unless it is known or already asked for.
    package func want(_ range: Range<Int>, revision: UInt64) {
        guard !range.isEmpty, !covers(range, revision: revision) else { return }
        if let requested, requested.revision == revision, requested.range.contains(range.lowerBound), requested.range.upperBound >= range.upperBound {
            return
        }
        requested = (range, revision)
        request?.dispose()
        var collected: [Element] = []
        collected.reserveCapacity(range.count)
        request = page(from: range.lowerBound, upTo: range.upperBound, into: collected, revision: revision)
    }

    private func page(from start: Int, upTo end: Int, into collected: [Element], revision: UInt64) -> Disposable {
        let count = min(end - start, RemoteWindowLimits.pageLimit)
        return fetch(start, count).subscribe(onNext: { [weak self] titles in
            guard let self, let requested else { return }
            let all = collected + titles
            let next = start + titles.count
            if next < end && !titles.isEmpty {
                request = page(from: next, upTo: end, into: all, revision: revision)
                return
            }
            window = RowWindow(first: requested.range.lowerBound, items: all, revision: revision, isComplete: all.count < requested.range.count)
            self.requested = nil
            arrived(window)
        }, onError: { [weak self] error in
            guard let self else { return }
            requested = nil
            // Rows that went away while the read was under way: the new
            // revision's read follows; anything else ends the session.
            if error.meansTheRowsWentAway {
                return
            }
            failed(error)
        })
    }
}

/// A list's texts, fetched.
package typealias RemoteTexts = RemoteWindow<String>

package enum RemoteWindowLimits {
    /// The most rows one batch read may ask for.
    package static let pageLimit = 65_536
}

extension Error {
    /// A batch read of rows that went away while it was under way (the
    /// list got shorter, or lost its items): the changed list's read follows.
    package var meansTheRowsWentAway: Bool {
        guard let error = self as? WidgetsClientError else { return false }
        return error.name.hasSuffix(".OutOfRange") || error.name.hasSuffix(".ItemsNotBound")
    }
}
