import FoundationEssentials

/// The one section of models an `rx.items` binding shows — a table's rows,
/// a collection view's items — as both array data sources keep them.
struct ReactiveArrayModels<Element> {
    /// The bound models; nil until the first element.
    private(set) var models: [Element]?

    /// Takes the models of a `.next` event; false for the sequence's end,
    /// which leaves the models as they were.
    mutating func take<Models: Sequence>(_ event: Event<Models>) -> Bool where Models.Element == Element {
        guard case .next(let sequence) = event else { return false }
        models = Array(sequence)
        return true
    }

    /// How many models `section` shows: all of them in section 0.
    func count(inSection section: Int) -> Int {
        section == 0 ? models?.count ?? 0 : 0
    }

    /// The model at a row (an item) of section 0; nil elsewhere.
    func model(at indexPath: IndexPath) -> Element? {
        guard indexPath.section == 0, let models, models.indices.contains(indexPath.row) else { return nil }
        return models[indexPath.row]
    }

    /// The model at `indexPath`; `RxCocoaError.itemsNotYetBound` naming `owner` where there is none.
    func boundModel(at indexPath: IndexPath, owner: AnyObject) throws -> Any {
        guard let model = model(at: indexPath) else {
            throw RxCocoaError.itemsNotYetBound(object: "\(type(of: owner))")
        }
        return model
    }
}
