/// The bytes widgets hold, daemon-wide and per owner uid, against
/// `--max-memory` and `--max-memory-per-uid` (docs/behaviour.md, "Memory").
/// A widget is accounted at its footprint after each call that changed it;
/// a call that would make a widget hold more than the budgets leave is
/// refused before it changes anything. uid 0 is held to the daemon-wide
/// budget only, as it is to the widget limit only.
final class MemoryBudget {
    let limit: Int
    let limitPerUID: Int
    /// What all widgets hold, as last accounted.
    private(set) var total = 0
    private var byUID: [UInt32: Int] = [:]

    init(limit: Int, limitPerUID: Int) {
        self.limit = limit
        self.limitPerUID = limitPerUID
    }

    /// What the widgets of `uid` hold.
    func held(by uid: UInt32) -> Int {
        byUID[uid, default: 0]
    }

    /// Refuses to let a widget of `uid` grow from `current` to `proposed`
    /// bytes past either budget; a widget that shrinks or keeps its size
    /// always may. `what` names the widget and its change.
    func check(owner uid: UInt32, from current: Int, to proposed: Int, _ what: @autoclosure () -> String) throws {
        let growth = proposed - current
        guard growth > 0 else { return }
        guard total + growth <= limit else {
            throw WidgetsError.limitExceeded("\(what()) would hold \(proposed) bytes; widgets hold \(total) of the \(limit) bytes the daemon allows them (--max-memory)")
        }
        let held = held(by: uid)
        guard uid == 0 || held + growth <= limitPerUID else {
            throw WidgetsError.limitExceeded("\(what()) would hold \(proposed) bytes; the widgets of uid \(uid) hold \(held) of the \(limitPerUID) bytes allowed per uid (--max-memory-per-uid)")
        }
    }

    /// What a widget of `uid` may still grow by before either budget refuses it.
    func room(forOwner uid: UInt32) -> Int {
        let daemonWide = limit - total
        return max(0, uid == 0 ? daemonWide : min(daemonWide, limitPerUID - held(by: uid)))
    }

    /// Accounts a widget of `uid` that went from `old` to `new` bytes.
    func record(owner uid: UInt32, from old: Int, to new: Int) {
        guard new != old else { return }
        total += new - old
        let held = byUID[uid, default: 0] + new - old
        byUID[uid] = held == 0 ? nil : held
    }
}
