/// The headless `UICollectionViewCell`: what a front end draws for one item.
open class CollectionViewCell: View {
    /// The identifier the cell was registered and dequeued with.
    public internal(set) var reuseIdentifier: String?
    /// What the cell shows; a front end draws its description.
    public let contentView = View()
    /// Whether the cell's item is selected.
    open var isSelected = false

    /// An empty cell; required, as a registered class makes its cells with it.
    public required override init() {
        super.init()
    }

    /// The cell's identifier, selection and content, with the view's properties.
    open override var viewDescription: [String: AttributeValue] {
        var description = super.viewDescription
        if let reuseIdentifier {
            description["reuseIdentifier"] = .string(reuseIdentifier)
        }
        if isSelected {
            description["isSelected"] = .bool(true)
        }
        return description.merging(contentView.viewDescription.filter { $0.key != "kind" }) { own, _ in own }
    }
}
