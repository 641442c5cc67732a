/// `GetManagedObjects`'s entries, each object's `{o a{sa{sv}}}` written
/// once per reader and kept until the object changes (`PropertiesChanged`)
/// or goes: with 1,000 widgets, reading and writing every property on
/// every call cost 574 ms of the loop a call, and any uid may call it in a
/// loop. A call writes anew only the objects that changed since, then
/// joins the kept bytes. Readers are kept by uid (a property may read
/// differently for its owner), at most `readersKept` of them.
final class ManagedObjectsCache {
    /// Readers whose entries are kept; past it the oldest reader's go.
    static let readersKept = 8

    private var entries: [UInt32?: [ObjectPath: WireBody]] = [:]
    /// Readers, the most recent last.
    private var readers: [UInt32?] = []
    /// Whole answers, by manager root and reader, until anything changes:
    /// an unchanged answer is sent as it was, not joined again.
    private var answers: [AnswerKey: WireBody] = [:]

    private struct AnswerKey: Hashable {
        let root: ObjectPath
        let uid: UInt32?
    }

    /// The whole answer under `root` for `uid`, made by `join` when none is kept.
    func answer(under root: ObjectPath, for uid: UInt32?, join: () throws -> WireBody?) rethrows -> WireBody? {
        let key = AnswerKey(root: root, uid: uid)
        if let kept = answers[key] {
            return kept
        }
        guard let joined = try join() else { return nil }
        if answers.count >= ManagedObjectsCache.readersKept {
            answers.removeAll()
        }
        answers[key] = joined
        return joined
    }

    /// `path`'s entry for `uid`, written by `write` when none is kept.
    func entry(_ path: ObjectPath, for uid: UInt32?, write: () throws -> WireBody) rethrows -> WireBody {
        if let kept = entries[uid]?[path] {
            return kept
        }
        let written = try write()
        if entries[uid] == nil {
            if readers.count == ManagedObjectsCache.readersKept {
                entries[readers.removeFirst()] = nil
            }
            readers.append(uid)
        } else if readers.last != uid, let index = readers.firstIndex(of: uid) {
            readers.append(readers.remove(at: index))
        }
        entries[uid, default: [:]][path] = written
        return written
    }

    /// Forgets `path`'s entries: it changed, or went.
    func forget(_ path: ObjectPath) {
        answers.removeAll()
        for uid in readers {
            entries[uid]?[path] = nil
        }
    }
}
