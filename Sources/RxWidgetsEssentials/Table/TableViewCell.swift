/// The headless `UITableViewCell`: labels a front end draws for one row.
open class TableViewCell: View {
    /// The label layout of a cell.
    public enum CellStyle: Sendable {
        /// A text label only.
        case `default`
        /// A text label with a detail label to its right.
        case value1
        /// A text label with a detail label to the left.
        case value2
        /// A text label with a detail label below it.
        case subtitle
    }

    /// The editing action a data source commits for a row.
    public enum EditingStyle: Int, Sendable {
        /// No editing action.
        case none
        /// The row is deleted.
        case delete
        /// A row is inserted.
        case insert
    }

    /// The control at the cell's trailing edge.
    public enum AccessoryType: String, Sendable {
        /// None.
        case none
        /// A disclosure chevron.
        case disclosureIndicator
        /// An info button that reports taps.
        case detailButton
        /// A checkmark.
        case checkmark
    }

    /// The identifier the cell was registered and dequeued with.
    public let reuseIdentifier: String?
    /// The style the cell was made with.
    public let style: CellStyle
    /// The main label.
    public let textLabel: Label?
    /// The detail label; nil in the default style.
    public let detailTextLabel: Label?
    /// The accessory.
    open var accessoryType = AccessoryType.none

    /// A cell of `style` with `reuseIdentifier`.
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        textLabel = Label()
        detailTextLabel = style == .default ? nil : Label()
        super.init()
    }

    /// A cell of the default style without an identifier, as UIKit's `init()`.
    public override convenience init() {
        self.init(style: .default, reuseIdentifier: nil)
    }

    /// The cell's identifier, texts and accessory, with the view's properties.
    open override var viewDescription: [String: AttributeValue] {
        var description = super.viewDescription
        if let reuseIdentifier {
            description["reuseIdentifier"] = .string(reuseIdentifier)
        }
        if let text = textLabel?.text {
            description["text"] = .string(text)
        }
        if let detail = detailTextLabel?.text {
            description["detailText"] = .string(detail)
        }
        if accessoryType != .none {
            description["accessoryType"] = .string(accessoryType.rawValue)
        }
        return description
    }
}
