/// A replay subject's subscriber while its buffer is being replayed to it:
/// live events that arrive meanwhile (from another thread, or sent by the
/// observer itself into the subject) are held and delivered after the
/// replayed elements, in the order they came.
final class ReplayingObserver<Element> {
    private let observer: (Event<Element>) -> Void
    private let lock = RecursiveLock()
    private var isReplaying = true
    private var held: [Event<Element>] = []

    init(_ observer: @escaping (Event<Element>) -> Void) {
        self.observer = observer
    }

    /// A live event: delivered now, or held until the replay ends.
    func on(_ event: Event<Element>) {
        let holds = lock.perform { () -> Bool in
            if isReplaying { held.append(event) }
            return isReplaying
        }
        if !holds {
            observer(event)
        }
    }

    /// Delivers `snapshot`, then the events held meanwhile; later events go
    /// straight through. Nothing is delivered after a held ending event.
    func replay(_ snapshot: [Element]) {
        for element in snapshot {
            observer(.next(element))
        }
        while let event = nextHeld() {
            observer(event)
            if event.isStopEvent {
                lock.perform { held = [] }
                return
            }
        }
    }

    private func nextHeld() -> Event<Element>? {
        lock.perform {
            guard !held.isEmpty else {
                isReplaying = false
                return nil
            }
            return held.removeFirst()
        }
    }
}
