import RxCoreEssentials

/// An object that can carry delegate proxies: it keeps them alive for as long
/// as it lives, as RxCocoa keeps them in Objective-C associated objects.
///
/// `View` in RxWidgets is one; a custom widget that subclasses it is too.
public protocol DelegateProxyHost: AnyObject {
    /// The proxies installed on this object, and its deallocation signal.
    var delegateProxyStorage: DelegateProxyStorage { get }
}

/// The proxies of one host object, one per proxy type.
///
/// When the host goes away the storage goes with it: the proxies are released
/// (their observables complete) and `deallocated` sends one element and completes.
public final class DelegateProxyStorage {
    private var proxies: [ObjectIdentifier: AnyObject] = [:]
    private let deallocatedSubject = ReplaySubject<Void>.create(bufferSize: 1)

    /// Empty storage.
    public init() {}

    /// Storage of objects that are not hosts, by identity, with a weak
    /// reference that tells a live object from a freed one at its address.
    // Touched only on the main thread, which owns every proxy: `proxy(for:)`
    // checks it before any access.
    nonisolated(unsafe) private static var detached: [ObjectIdentifier: (object: WeakObject, storage: DelegateProxyStorage)] = [:]
    nonisolated(unsafe) private static var detachedSweepAt = 64

    /// The storage of `object`'s proxies: a host's own; for any other object
    /// one kept beside it, which the first storage made for another such
    /// object after this one is gone releases — its proxies with it, their
    /// observables completing — so its `deallocated` comes then, not at once.
    /// Past 64 objects the freed are looked for each time the table doubles,
    /// so making storage stays constant time on average.
    public static func of(_ object: AnyObject) -> DelegateProxyStorage {
        if let host = object as? DelegateProxyHost {
            return host.delegateProxyStorage
        }
        let key = ObjectIdentifier(object)
        if let entry = detached[key], entry.object.value === object {
            return entry.storage
        }
        if detached.count < 64 || detached.count >= detachedSweepAt {
            detached = detached.filter { $0.value.object.value != nil }
            detachedSweepAt = max(64, detached.count * 2)
        }
        let storage = DelegateProxyStorage()
        detached[key] = (WeakObject(object), storage)
        return storage
    }

    /// Sends one element, then completes, when the host is deallocated.
    public var deallocated: Observable<Void> {
        deallocatedSubject.asObservable()
    }

    func proxy(for type: AnyClass) -> AnyObject? {
        proxies[ObjectIdentifier(type)]
    }

    func setProxy(_ proxy: AnyObject, for type: AnyClass) {
        proxies[ObjectIdentifier(type)] = proxy
    }

    deinit {
        proxies = [:]
        deallocatedSubject.onNext(())
        deallocatedSubject.onCompleted()
    }
}

/// A weak reference to any object.
private struct WeakObject {
    weak var value: AnyObject?

    init(_ value: AnyObject) {
        self.value = value
    }
}

extension Reactive where Base: DelegateProxyHost {
    /// Sends one element, then completes, when the object is deallocated.
    public var deallocated: Observable<Void> {
        base.delegateProxyStorage.deallocated
    }
}
