import Foundation
import RxCoreEssentials

extension NotificationCenter: ReactiveCompatible {}

extension Reactive where Base: NotificationCenter {
    /// The notifications named `name` (any, when nil) from `object` (any,
    /// when nil), as RxCocoa's: each subscription observes the center from
    /// when it subscribes until it is disposed; it never ends by itself.
    /// `object` is held weakly, so the sequence does not keep it alive.
    public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
        let center = base
        return Observable.create { [weak object] observer in
            let delivery = NotificationDelivery(observer)
            let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
                delivery.observer.onNext(notification)
            }
            return Disposables.create {
                center.removeObserver(token)
            }
        }
    }
}

/// The observer a notification block sends to.
private final class NotificationDelivery: @unchecked Sendable {
    // Safe as RxCocoa's is: with no queue, the center calls the block on the
    // posting thread, which is where the subscriber asked to hear from;
    // the observer itself is never touched elsewhere.
    let observer: AnyObserver<Notification>

    init(_ observer: AnyObserver<Notification>) {
        self.observer = observer
    }
}
