import Foundation

extension NSAttributedString {
    /// `title`'s text with its attributes keyed by their names
    /// (`foregroundColor`, `fontSize`, …), each value a string, an integer,
    /// a double or a Boolean, as the widgets keep them.
    public convenience init(_ title: AttributedString) {
        let text = NSMutableAttributedString(string: "")
        for run in title.runs {
            let attributes = AttributedString.attributes(byNameOf: run.attributes)
            text.append(NSAttributedString(
                string: String(title.characters[run.range]),
                attributes: Dictionary(uniqueKeysWithValues: attributes.map { (NSAttributedString.Key($0.key), $0.value.foundationValue) })
            ))
        }
        self.init(attributedString: text)
    }
}

extension AttributedString {
    /// `text` with the attributes the widgets can keep: those whose values
    /// are strings, numbers or Booleans, by their names. Others (fonts or
    /// colours as objects) are dropped: no front end could be sent them.
    public init(_ text: NSAttributedString) {
        var title = AttributedString()
        let characters = text.string as NSString
        text.enumerateAttributes(in: NSRange(location: 0, length: text.length)) { attributes, range, _ in
            var kept: [String: AttributeValue] = [:]
            for (key, value) in attributes {
                kept[key.rawValue] = AttributeValue(foundationValue: value)
            }
            title += AttributedString(characters.substring(with: range), attributes: kept)
        }
        self = title
    }
}

extension AttributeValue {
    /// The value as Foundation holds it in an attribute dictionary.
    var foundationValue: Any {
        switch self {
        case .string(let value): value
        case .int(let value): value
        case .double(let value): value
        case .bool(let value): value
        }
    }

    /// A string, integer, double or Boolean attribute value; nil for any other.
    init?(foundationValue value: Any) {
        switch value {
        case let value as String: self = .string(value)
        case let value as Bool where type(of: value) == Bool.self: self = .bool(value)
        case let value as Int: self = .int(value)
        case let value as Double: self = .double(value)
        default: return nil
        }
    }
}
