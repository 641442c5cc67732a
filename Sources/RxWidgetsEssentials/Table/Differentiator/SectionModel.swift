/// A value with an identity that survives changes of its content: rows are
/// matched across versions of the data by it.
public protocol IdentifiableType {
    /// The identity's type.
    associatedtype Identity: Hashable
    /// The identity.
    var identity: Identity { get }
}

extension String: IdentifiableType {
    /// The string itself.
    public var identity: String { self }
}

extension Int: IdentifiableType {
    /// The number itself.
    public var identity: Int { self }
}

/// A section of a sectioned data source: its items, and a way to rebuild it with other items.
public protocol SectionModelType {
    /// The item type.
    associatedtype Item
    /// The section's items.
    var items: [Item] { get }
    /// The same section with other items.
    init(original: Self, items: [Item])
}

/// A section with a model (such as its header) and items.
public struct SectionModel<Section, ItemType>: SectionModelType {
    /// The section's model.
    public var model: Section
    /// The section's items.
    public var items: [ItemType]

    /// A section of `model` with `items`.
    public init(model: Section, items: [ItemType]) {
        self.model = model
        self.items = items
    }

    /// The same section with other items.
    public init(original: SectionModel<Section, ItemType>, items: [ItemType]) {
        self.init(model: original.model, items: items)
    }
}

extension AnimatableSectionModel: Sendable where Section: Sendable, ItemType: Sendable {}

/// A section whose items can be diffed: identified and comparable.
public protocol AnimatableSectionModelType: SectionModelType, IdentifiableType where Item: IdentifiableType & Equatable {}

/// A section identified by its model, with identifiable items.
public struct AnimatableSectionModel<Section: IdentifiableType, ItemType: IdentifiableType & Equatable>: AnimatableSectionModelType {
    /// The section's model.
    public var model: Section
    /// The section's items.
    public var items: [ItemType]

    /// A section of `model` with `items`.
    public init(model: Section, items: [ItemType]) {
        self.model = model
        self.items = items
    }

    /// The same section with other items.
    public init(original: AnimatableSectionModel<Section, ItemType>, items: [ItemType]) {
        self.init(model: original.model, items: items)
    }

    /// The model's identity.
    public var identity: Section.Identity {
        model.identity
    }
}

extension AnimatableSectionModel: Equatable where Section: Equatable {}

extension AnimatableSectionModel: CustomStringConvertible {
    /// The model and the items.
    public var description: String {
        "HashableSectionModel(model: \"\(model)\", items: \(items))"
    }
}

extension SectionModel: Equatable where Section: Equatable, ItemType: Equatable {}

extension SectionModel: CustomStringConvertible {
    /// The model and the items.
    public var description: String {
        "\(model) > \(items)"
    }
}
