extension ObservableType {
    /// A sequence that lives with a resource: `resourceFactory` makes the
    /// resource when subscribed, `observableFactory` the sequence of it, and
    /// the resource is disposed with the subscription (when the sequence ends
    /// or is disposed). An error thrown by either factory ends it at once.
    public static func using<Resource: Disposable>(_ resourceFactory: @escaping () throws -> Resource,
                                                   observableFactory: @escaping (Resource) throws -> Observable<Element>) -> Observable<Element> {
        Observable.create { observer in
            let resource: Resource
            let source: Observable<Element>
            do {
                resource = try resourceFactory()
            } catch {
                observer.onError(error)
                return Disposables.create()
            }
            do {
                source = try observableFactory(resource)
            } catch {
                observer.onError(error)
                return resource
            }
            return Disposables.create(source.subscribe(observer), resource)
        }
    }
}
