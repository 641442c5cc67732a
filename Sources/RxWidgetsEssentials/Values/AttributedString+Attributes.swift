import FoundationEssentials

extension AttributeScopes {
    /// The attributes a headless front end draws, named as the daemon sends
    /// them in an `a{sv}`: the four it knows typed, any other by name in
    /// `namedAttributes`.
    ///
    /// Titles are Foundation's `AttributedString` rather than
    /// `NSAttributedString`: it is a `Sendable` value, as every value the
    /// widgets hand to a signal is, and it lives in FoundationEssentials,
    /// where `NSAttributedString` would link all of Foundation into the daemon.
    public struct RxWidgetsAttributes: AttributeScope {
        /// The text colour, as a name or `#rrggbb`.
        public let foregroundColor: ForegroundColorAttribute
        /// The background colour, as a name or `#rrggbb`.
        public let backgroundColor: BackgroundColorAttribute
        /// The font name.
        public let font: FontAttribute
        /// The font size in points.
        public let fontSize: FontSizeAttribute
        /// Attributes of any other name, as a front end receives them.
        public let namedAttributes: NamedAttributes
        /// Foundation's own attributes.
        public let foundation: FoundationAttributes

        /// `foregroundColor`.
        public enum ForegroundColorAttribute: AttributedStringKey {
            public typealias Value = String
            public static let name = "foregroundColor"
        }

        /// `backgroundColor`.
        public enum BackgroundColorAttribute: AttributedStringKey {
            public typealias Value = String
            public static let name = "backgroundColor"
        }

        /// `font`.
        public enum FontAttribute: AttributedStringKey {
            public typealias Value = String
            public static let name = "font"
        }

        /// `fontSize`.
        public enum FontSizeAttribute: AttributedStringKey {
            public typealias Value = Double
            public static let name = "fontSize"
        }

        /// Every attribute without a typed key, by name.
        public enum NamedAttributes: AttributedStringKey {
            public typealias Value = [String: AttributeValue]
            public static let name = "rxwidgets.namedAttributes"
        }
    }

    /// The widgets' attributes.
    public var rxWidgets: RxWidgetsAttributes.Type { RxWidgetsAttributes.self }
}

extension AttributeDynamicLookup {
    /// `title.foregroundColor = "red"` and the like.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.RxWidgetsAttributes, T>) -> T {
        self[T.self]
    }
}

extension AttributedString {
    /// `string` with `attributes` over all of it, keyed by name as a D-Bus
    /// `a{sv}` carries them: a known name with a value of its type becomes
    /// the typed attribute, anything else goes into `namedAttributes`.
    public init(_ string: String, attributes: [String: AttributeValue]) {
        var container = AttributeContainer()
        var named: [String: AttributeValue] = [:]
        for (name, value) in attributes {
            switch (name, value) {
            case (AttributeScopes.RxWidgetsAttributes.ForegroundColorAttribute.name, .string(let color)):
                container.foregroundColor = color
            case (AttributeScopes.RxWidgetsAttributes.BackgroundColorAttribute.name, .string(let color)):
                container.backgroundColor = color
            case (AttributeScopes.RxWidgetsAttributes.FontAttribute.name, .string(let font)):
                container.font = font
            case (AttributeScopes.RxWidgetsAttributes.FontSizeAttribute.name, .double(let size)):
                container.fontSize = size
            default:
                named[name] = value
            }
        }
        if !named.isEmpty {
            container.namedAttributes = named
        }
        self.init(string, attributes: container)
    }

    /// The attributes every character carries with one value, by name: what
    /// a `(sa{sv})` title can say of the whole text. An attribute on part of
    /// the text only is left out, and so is everything of an empty string,
    /// which carries no attributes.
    public var uniformAttributes: [String: AttributeValue] {
        var common: [String: AttributeValue]?
        for run in runs {
            let attributes = Self.attributes(byNameOf: run.attributes)
            common = common.map { $0.filter { attributes[$0.key] == $0.value } } ?? attributes
        }
        return common ?? [:]
    }

    /// The attributes of `container` by name, as `init(_:attributes:)` takes them.
    public static func attributes(byNameOf container: AttributeContainer) -> [String: AttributeValue] {
        var attributes = container.namedAttributes ?? [:]
        if let color = container.foregroundColor {
            attributes[AttributeScopes.RxWidgetsAttributes.ForegroundColorAttribute.name] = .string(color)
        }
        if let color = container.backgroundColor {
            attributes[AttributeScopes.RxWidgetsAttributes.BackgroundColorAttribute.name] = .string(color)
        }
        if let font = container.font {
            attributes[AttributeScopes.RxWidgetsAttributes.FontAttribute.name] = .string(font)
        }
        if let size = container.fontSize {
            attributes[AttributeScopes.RxWidgetsAttributes.FontSizeAttribute.name] = .double(size)
        }
        return attributes
    }

    /// The text without its attributes.
    public var string: String {
        String(characters)
    }
}
