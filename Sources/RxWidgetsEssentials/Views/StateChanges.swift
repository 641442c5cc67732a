import RxCoreEssentials

/// A view's stream of state changes: a mutation runs, and what it changed
/// is sent once it is done — a mutation made inside another is announced
/// by the outermost one, so a reload that also moves the selection sends
/// each change once.
final class StateChanges<Change> {
    private let relay = PublishRelay<Change>()
    /// Whether a mutation is being announced.
    private(set) var isAnnouncing = false

    /// Every change, sent synchronously once made; it never completes.
    var observable: Observable<Change> {
        relay.asObservable()
    }

    /// Sends one change now.
    func send(_ change: Change) {
        relay.accept(change)
    }

    /// Runs `mutate` and sends `differences` between the state before and after.
    func announcing<State>(_ state: () -> State, _ mutate: () -> Void, differences: (State, State) -> [Change]) {
        guard !isAnnouncing else { return mutate() }
        isAnnouncing = true
        let before = state()
        mutate()
        isAnnouncing = false
        for change in differences(before, state()) {
            relay.accept(change)
        }
    }
}

/// What both list views report of their shape and selection.
struct ListState<Selection: Equatable>: Equatable {
    var counts: [Int]
    var selection: Selection

    /// The changes from `old` to this state, named for the view.
    func changes<Change>(from old: ListState, parts: Change, rows: Change, selection selectionChange: Change) -> [Change] {
        var changes: [Change] = []
        if counts.count != old.counts.count { changes.append(parts) }
        if counts != old.counts { changes.append(rows) }
        if selection != old.selection { changes.append(selectionChange) }
        return changes
    }
}
