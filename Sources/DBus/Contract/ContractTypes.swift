/// A value of `Shape`'s D-Bus type kept as it came: a contract names the
/// type (`Raw<[[String]]>` is `aas`), and a handler that checks the value
/// itself, or bulk data not worth converting to Swift values and back,
/// reads the `DBusValue` as it is.
public struct Raw<Shape: DBusConvertible>: DBusConvertible, Sendable {
    /// The value, of `Shape.dbusType`.
    public let value: DBusValue

    /// The D-Bus form of a Swift value.
    public init(_ shape: Shape) {
        value = shape.dbusValue
    }

    /// A value the caller knows to be of `Shape.dbusType`.
    public init(unchecked value: DBusValue) {
        self.value = value
    }

    public static var dbusType: DBusType { Shape.dbusType }
    public var dbusValue: DBusValue { value }

    /// From a value of `Shape`'s type, without converting it.
    public init(dbusValue: DBusValue) throws {
        guard dbusValue.hasType(Shape.dbusType) else {
            throw DBusError.invalidArgs("expected '\(Shape.dbusType.signature)', got '\(dbusValue.type.signature)'")
        }
        value = dbusValue
    }

    /// The value as `Shape`.
    public func decoded() throws -> Shape {
        try Shape(dbusValue: value)
    }
}

/// A D-Bus structure `(…)` of typed fields.
public struct DBusStruct<each Field: DBusConvertible>: DBusConvertible {
    /// The fields, in order.
    public let fields: (repeat each Field)

    public init(_ field: repeat each Field) {
        fields = (repeat each field)
    }

    public static var dbusType: DBusType {
        var types: [DBusType] = []
        for type in repeat (each Field).self {
            types.append(type.dbusType)
        }
        return .structure(types)
    }

    public var dbusValue: DBusValue {
        var values: [DBusValue] = []
        for field in repeat each fields {
            values.append(field.dbusValue)
        }
        return .structure(values)
    }

    public init(dbusValue: DBusValue) throws {
        guard case .structure(let values) = dbusValue else {
            throw DBusError.invalidArgs("expected '\(Self.dbusType.signature)', got '\(dbusValue.type.signature)'")
        }
        fields = try decodePack(values, as: repeat (each Field).self)
    }
}
