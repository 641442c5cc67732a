/// Builds an array of disposables from a block of expressions, for
/// `DisposeBag.insert { … }` and `DisposeBag { … }`, as in RxSwift.
@resultBuilder
public enum DisposableBuilder {
    /// The disposables of the block, in order.
    public static func buildBlock(_ disposables: Disposable...) -> [Disposable] {
        disposables
    }
}

extension DisposeBag {
    /// Adds every disposable of `disposables`.
    public func insert(_ disposables: [Disposable]) {
        for disposable in disposables {
            insert(disposable)
        }
    }

    /// Adds every disposable the block makes.
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    /// A bag holding every disposable the block makes.
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init(disposing: builder())
    }
}
