import RxCoreEssentials
import Synchronization

/// A widget's search indexes, one per part, for the rows as they are (one
/// generation of them): made on the search queue — once a part of many rows
/// stayed unchanged for `settle` after a change, or by the first search that
/// needs one — read by every search after, and dropped on the loop when the
/// rows change.
final class SearchIndexes: Sendable {
    /// A part of this many rows or more is indexed as soon as its rows
    /// change, so the first query typed needs no index made first.
    static let eagerRows = 65_536
    /// How long (ns) the rows stay unchanged before they are indexed.
    static let settle: Int64 = 150_000_000

    private struct State {
        var generation = 0
        var indexes: [Int: SearchIndex] = [:]
        /// The build of the current generation's eager indexes, if one runs.
        var building: SearchCancellation?
    }

    private let state = Mutex(State())

    /// The rows changed: a new generation, the old indexes let go of (off
    /// the loop) and their build stopped.
    @discardableResult
    func invalidate() -> Int {
        state.withLock { state in
            state.generation += 1
            state.building?.cancel()
            state.building = nil
            if !state.indexes.isEmpty {
                Discard.later(state.indexes)
                state.indexes = [:]
            }
            return state.generation
        }
    }

    var generation: Int {
        state.withLock { $0.generation }
    }

    /// What the current indexes hold.
    var bytes: Int {
        state.withLock { $0.indexes.values.reduce(0) { $0 + $1.footprint } }
    }

    /// Lets go of the current generation's indexes (the budget had no room).
    func drop(generation: Int) {
        state.withLock { state in
            guard state.generation == generation, !state.indexes.isEmpty else { return }
            Discard.later(state.indexes)
            state.indexes = [:]
        }
    }

    /// The cancellation of an eager build of `generation`, registered so
    /// that a change of the rows stops it.
    func beginBuilding(generation: Int) -> SearchCancellation? {
        state.withLock { state in
            guard state.generation == generation else { return nil }
            let cancellation = SearchCancellation()
            state.building = cancellation
            return cancellation
        }
    }

    /// The index of `part` for `generation`, made now from `titles` when
    /// there is none; nil when cancelled, when the rows changed meanwhile,
    /// or when the titles are too large for one.
    func index(of part: Int, _ titles: SearchTitles, generation: Int, cancellation: SearchCancellation) -> SearchIndex? {
        let existing = state.withLock { state -> SearchIndex?? in
            guard state.generation == generation else { return .some(nil) }
            return state.indexes[part].map { .some($0) }
        }
        if let existing { return existing }
        guard let made = SearchIndex(titles, cancellation: cancellation) else { return nil }
        return state.withLock { state in
            guard state.generation == generation else { return made }
            state.indexes[part] = state.indexes[part] ?? made
            return state.indexes[part]
        }
    }
}
