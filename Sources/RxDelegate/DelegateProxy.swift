import RxCoreEssentials

/// The base class of delegate proxies: RxCocoa's `DelegateProxy`, in pure Swift.
///
/// A subclass implements every method of `Delegate`, each as one call to
/// `invoke(_:with:forwarding:)`, which publishes the call on `sentMessage`
/// (before forwarding), forwards it to the forward delegate, and publishes it
/// on `methodInvoked` (after). The forward delegate is held weakly unless
/// retained; every observable completes when the proxy goes away.
open class DelegateProxy<P: AnyObject, D> {
    /// The type of the object whose delegate this proxy is.
    public typealias ParentObject = P
    /// The delegate type the proxy implements and forwards to.
    public typealias Delegate = D

    /// The object whose delegate this proxy is.
    public private(set) weak var parentObject: P?

    private weak var weakForwardDelegate: AnyObject?
    private var retainedForwardDelegate: AnyObject?
    private var sentMessageSubjects: [SubjectKey: AnyObject] = [:]
    private var methodInvokedSubjects: [SubjectKey: AnyObject] = [:]
    private var completers: [() -> Void] = []

    /// A proxy for `parentObject`; `delegateProxy` is the concrete proxy type.
    public init<Proxy: DelegateProxyType>(parentObject: P, delegateProxy: Proxy.Type) where Proxy.ParentObject == P, Proxy.Delegate == D {
        self.parentObject = parentObject
        Resources.increment()
    }

    deinit {
        for complete in completers {
            complete()
        }
        Resources.decrement()
    }

    /// The delegate that calls are forwarded to.
    open func forwardToDelegate() -> D? {
        (retainedForwardDelegate ?? weakForwardDelegate) as? D
    }

    /// Sets the forward delegate, held strongly when `retainDelegate`.
    open func setForwardToDelegate(_ delegate: D?, retainDelegate: Bool) {
        let object = delegate.map { $0 as AnyObject }
        weakForwardDelegate = object
        retainedForwardDelegate = retainDelegate ? object : nil
    }

    /// The calls of `method`, published before they are forwarded.
    public func sentMessage<Arguments>(_ method: DelegateMethod<D, Arguments>) -> Observable<Arguments> {
        subject(for: method, in: &sentMessageSubjects).asObservable()
    }

    /// The calls of `method`, published after they were forwarded.
    public func methodInvoked<Arguments>(_ method: DelegateMethod<D, Arguments>) -> Observable<Arguments> {
        subject(for: method, in: &methodInvokedSubjects).asObservable()
    }

    /// Publishes a call of `method` on `sentMessage`, forwards it to the
    /// forward delegate, publishes it on `methodInvoked`, and returns what the
    /// forward delegate returned (nil when there is none).
    @discardableResult
    public func invoke<Arguments, Result>(_ method: DelegateMethod<D, Arguments>, with arguments: Arguments, forwarding: (D) -> Result) -> Result? {
        publish(arguments, for: method, in: sentMessageSubjects)
        let result = forwardToDelegate().map(forwarding)
        publish(arguments, for: method, in: methodInvokedSubjects)
        return result
    }

    private func publish<Arguments>(_ arguments: Arguments, for method: DelegateMethod<D, Arguments>, in subjects: [SubjectKey: AnyObject]) {
        guard !subjects.isEmpty else { return }
        (subjects[SubjectKey(method)] as? PublishSubject<Arguments>)?.onNext(arguments)
    }

    private func subject<Arguments>(for method: DelegateMethod<D, Arguments>, in subjects: inout [SubjectKey: AnyObject]) -> PublishSubject<Arguments> {
        let key = SubjectKey(method)
        if let existing = subjects[key] as? PublishSubject<Arguments> {
            return existing
        }
        let subject = PublishSubject<Arguments>()
        subjects[key] = subject
        completers.append { subject.onCompleted() }
        return subject
    }
}

/// A method's subject key: its name and argument type, so two keys that
/// share a name but not a type never share a subject.
private struct SubjectKey: Hashable {
    let name: String
    let arguments: ObjectIdentifier

    init<D, Arguments>(_ method: DelegateMethod<D, Arguments>) {
        name = method.name
        arguments = ObjectIdentifier(Arguments.self)
    }
}
