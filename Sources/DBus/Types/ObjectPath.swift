/// A D-Bus object path, valid by construction.
public struct ObjectPath: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The path.
    public let rawValue: String

    /// The path, or nil when it breaks the object-path rules.
    public init?(_ rawValue: String) {
        guard DBusNames.isValidObjectPath(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }

    /// `/`.
    public static let root = ObjectPath(unchecked: "/")

    /// The path.
    public var description: String {
        rawValue
    }

    /// Ordered as strings.
    public static func < (lhs: ObjectPath, rhs: ObjectPath) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The path of a child element, which must be `[A-Za-z0-9_]+`.
    public func appending(_ element: String) -> ObjectPath? {
        ObjectPath(rawValue == "/" ? "/" + element : rawValue + "/" + element)
    }

    /// Whether `other` is below this path (not equal to it).
    public func isAncestor(of other: ObjectPath) -> Bool {
        rawValue == "/" ? other.rawValue != "/" : other.rawValue.hasPrefix(rawValue + "/")
    }
}

/// A D-Bus signature, valid by construction.
public struct Signature: Hashable, Sendable, CustomStringConvertible {
    /// The signature.
    public let rawValue: String
    /// Its complete types.
    public let types: [DBusType]

    /// The signature, or an error naming what breaks the rules.
    public init(_ rawValue: String) throws {
        self.types = try DBusType.parse(signature: rawValue)
        self.rawValue = rawValue
    }

    /// The signature of these types.
    public init(types: [DBusType]) {
        self.types = types
        self.rawValue = signature(of: types)
    }

    /// The signature.
    public var description: String {
        rawValue
    }
}
