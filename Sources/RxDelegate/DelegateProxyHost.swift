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

extension Reactive where Base: DelegateProxyHost {
    /// Sends one element, then completes, when the object is deallocated.
    public var deallocated: Observable<Void> {
        base.delegateProxyStorage.deallocated
    }
}
