/// The names the API lets its users choose: a widget's (the last element of
/// its object path) and a form field's. Both are 1 to 64 ASCII letters,
/// digits and `_`; a field's does not start with a digit.
public enum NameRules {
    /// The most bytes a widget or field name may have.
    public static let maximumLength = 64

    /// The widget-name rule, as messages state it.
    public static let widgetNameRule = "1 to 64 of [A-Za-z0-9_]"

    /// Whether `name` may name a widget.
    public static func isWidgetName(_ name: some StringProtocol) -> Bool {
        let bytes = name.utf8
        return (1...maximumLength).contains(bytes.count) && bytes.allSatisfy(isNameByte)
    }

    /// Whether `name` may name a form field.
    public static func isFieldName(_ name: some StringProtocol) -> Bool {
        isWidgetName(name) && !(name.utf8.first.map(isDigit) ?? true)
    }

    /// `[A-Za-z0-9_]`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }
}
