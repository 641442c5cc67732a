import FoundationEssentials

/// A data source that can give the model at an index path, which
/// `rx.model(at:)` and `rx.modelSelected` read.
public protocol SectionedViewDataSourceType {
    /// The model at `indexPath` (for a picker, `section` is the component).
    /// Throws `RxCocoaError.itemsNotYetBound` outside the bound items.
    func model(at indexPath: IndexPath) throws -> Any
}
