/// Text with attributes: the headless `NSAttributedString`.
public struct AttributedText: Equatable, Sendable, CustomStringConvertible {
    /// Well-known attribute names; any other name is allowed too.
    public struct Key: Hashable, Sendable, RawRepresentable, ExpressibleByStringLiteral {
        /// The attribute's name.
        public let rawValue: String

        /// A key with this name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// A key with this name.
        public init(stringLiteral value: String) {
            self.rawValue = value
        }

        /// The text colour.
        public static let foregroundColor: Key = "foregroundColor"
        /// The background colour.
        public static let backgroundColor: Key = "backgroundColor"
        /// The font name.
        public static let font: Key = "font"
        /// The font size in points.
        public static let fontSize: Key = "fontSize"
    }

    /// The text.
    public var string: String
    /// Its attributes.
    public var attributes: [Key: AttributeValue]

    /// Text with attributes.
    public init(string: String, attributes: [Key: AttributeValue] = [:]) {
        self.string = string
        self.attributes = attributes
    }

    /// The text.
    public var description: String {
        string
    }
}
