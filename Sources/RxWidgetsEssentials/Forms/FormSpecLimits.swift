/// What one form spec may cost the process that serves it. Every bound is
/// checked while the spec is decoded, before any control is built, so a
/// refused spec costs no more than reading it.
public struct FormSpecLimits: Sendable, Equatable {
    /// Unicode scalars in any string of the spec (keys, names, options,
    /// messages, initial texts) and in any value a text field is given.
    public var stringLength = 65_536
    /// Fields of one form (each is a control with its own pipelines).
    public var fields = 256
    /// Buttons of one form, and outputs of one form.
    public var buttonsAndOutputs = 256
    /// Compiled pattern instructions of all the form's patterns together:
    /// about 40 bytes each, so the default holds a form's patterns to ~4 MiB.
    public var patternInstructions = 100_000
    /// Σ over text fields of pattern instructions × the longest value the
    /// pattern can be given (the field's `maxLength`, else `stringLength`):
    /// the most matching steps one call can cause (a `SetValues` of every
    /// field, a `Reset`).
    public var matchingSteps = 1 << 23
    /// Nodes of all the form's conditions together (each `field` test, each
    /// value of an `in`, each `all`, `any`, `not`): every change evaluates
    /// at most these.
    /// Nesting is bounded by the JSON's depth (64).
    public var conditionNodes = 4_096
    /// Keys and options of all the form's `optionsFrom` maps together.
    public var optionEntries = 65_536
    /// Items one array field may hold (its capacity; `max` is at most this).
    /// An item pattern's matching cost counts this many values.
    public var arrayItems = 1_000
    /// Fields of one array's item.
    public var itemFields = 64
    /// Σ over the form's array fields of items × item fields: the most
    /// item values a form holds, each judged when its item changes.
    public var itemValues = 65_536

    /// The default limits.
    public init() {}
}

/// A spec that would cost more than a `FormSpecLimits` budget allows.
public struct FormSpecLimitError: Swift.Error, Equatable, CustomStringConvertible, Sendable {
    /// The JSON path of the part that crossed the budget.
    public let path: String
    /// Which budget, and by how much.
    public let message: String

    /// A budget crossed at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String {
        "\(path): \(message)"
    }
}

extension String {
    /// Whether the text has at most `limit` Unicode scalars, the measure of
    /// every string limit (a grapheme can hold any number of scalars, and
    /// patterns run on scalars). Counting UTF-8 bytes first keeps the common
    /// case O(1).
    public func fits(characters limit: Int) -> Bool {
        utf8.count <= limit || unicodeScalarCount <= limit
    }

    /// The count of its Unicode scalars, from its UTF-8 bytes (every byte
    /// that does not continue a scalar starts one): `unicodeScalars.count`
    /// decodes each scalar, ~25 times the work.
    public var unicodeScalarCount: Int {
        var text = self
        return text.withUTF8 { bytes in
            bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        }
    }
}
