import Localization

/// A declarative form: fields with rules, buttons that set choices, outputs
/// derived from the fields, and the fields that must be valid to submit.
/// Its JSON form is documented in docs/forms.md.
public struct FormSpec: Equatable, Sendable {
    /// The fields, in order.
    public var fields: [FieldSpec]
    /// Buttons that set a choice field.
    public var buttons: [ButtonSpec]
    /// Values derived from the fields.
    public var outputs: [OutputSpec]
    /// The fields that must be valid to enable submit; nil means all.
    public var submitRequires: [String]?
    /// The pages, each with its fields; empty: one page of every field.
    public private(set) var pages: [PageSpec]
    /// The language the spec's `locale` names, which its messages are given
    /// in whatever language its creator asked for; nil when it names none.
    public var language: Language?

    /// A spec of these parts. With `pages`, each field takes its page's
    /// condition as part of its visibility (`FieldSpec.pageCondition`).
    public init(fields: [FieldSpec], buttons: [ButtonSpec] = [], outputs: [OutputSpec] = [], submitRequires: [String]? = nil, pages: [PageSpec] = []) {
        self.fields = FormSpec.placing(fields, on: pages)
        self.buttons = buttons
        self.outputs = outputs
        self.submitRequires = submitRequires
        self.pages = pages
    }

    /// The fields in the pages' order (so a form's field order is the
    /// order a person meets them), each given the condition of its page.
    /// A field on no page (a spec the decoder refuses) keeps its place after them.
    static func placing(_ fields: [FieldSpec], on pages: [PageSpec]) -> [FieldSpec] {
        guard !pages.isEmpty else { return fields }
        var order: [String: Int] = [:]
        var conditions: [String: FieldCondition] = [:]
        for page in pages {
            for name in page.fields where order[name] == nil {
                order[name] = order.count
                conditions[name] = page.visibleWhen
            }
        }
        return fields.enumerated().sorted { (order[$0.element.name] ?? order.count + $0.offset, $0.offset) < (order[$1.element.name] ?? order.count + $1.offset, $1.offset) }.map { entry in
            var placed = entry.element
            placed.pageCondition = conditions[placed.name]
            return placed
        }
    }

    /// How many pages a person goes through: 1 for a form without `pages`.
    public var pageCount: Int {
        max(pages.count, 1)
    }

    /// The index of the page `field` is on (0 in a form without pages).
    public func page(of field: String) -> Int {
        pages.firstIndex { $0.fields.contains(field) } ?? 0
    }

    /// The field named `name`.
    public func field(named name: String) -> FieldSpec? {
        fields.first { $0.name == name }
    }
}

/// A field of a form.
public struct FieldSpec: Equatable, Sendable {
    /// The field's name, unique in the form.
    public var name: String
    /// What kind of value it holds.
    public var kind: FieldKind
    /// Its value when the form is created or reset.
    public var initial: InitialValue
    /// The options of a choice field.
    public var options: [String]
    /// The rules its value must satisfy.
    public var rules: FieldRules
    /// How a front end presents it.
    public var presentation: FieldPresentation
    /// Shown only while this holds; nil: always.
    public var visibleWhen: FieldCondition?
    /// Editable only while this holds; nil: always.
    public var enabledWhen: FieldCondition?
    /// Required while this holds; nil: as `rules.required` says.
    public var requiredWhen: FieldCondition?
    /// Where a choice's options come from when other fields decide them.
    public var optionsFrom: OptionsSource?
    /// When its value is validated.
    public var updateOn: UpdateOn
    /// What a file field chooses: files to open, a name to save, a folder.
    public var chooser: FileFieldChooser
    /// An array field's item and counts; nil for other kinds.
    public var array: ArrayFieldSpec?
    /// The `visibleWhen` of the page the field is on: the field is shown
    /// only while it holds too. Set by `FormSpec` from its pages.
    public internal(set) var pageCondition: FieldCondition?

    /// A field; the initial value defaults to the kind's (today, `notSelected`, false, 0, the empty string, no paths).
    public init(name: String, kind: FieldKind, initial: InitialValue? = nil, options: [String] = [], rules: FieldRules = FieldRules(), presentation: FieldPresentation = FieldPresentation(),
                visibleWhen: FieldCondition? = nil, enabledWhen: FieldCondition? = nil, requiredWhen: FieldCondition? = nil, optionsFrom: OptionsSource? = nil, updateOn: UpdateOn = .change,
                chooser: FileFieldChooser = FileFieldChooser(), array: ArrayFieldSpec? = nil) {
        self.name = name
        self.kind = kind
        self.chooser = chooser
        self.array = array
        self.initial = initial ?? InitialValue.default(for: kind, multiple: chooser.isMultiple, array: array)
        self.options = options
        self.rules = rules
        self.presentation = presentation
        self.visibleWhen = visibleWhen
        self.enabledWhen = enabledWhen
        self.requiredWhen = requiredWhen
        self.optionsFrom = optionsFrom
        self.updateOn = updateOn
    }

    /// The field's value when the form is created or reset, given today:
    /// an array's items hold every item field, the ones not given at their
    /// own initial values.
    public func initialValue(today: CalendarDay) -> FieldValue {
        guard let array, case .items(let items) = initial else { return initial.resolve(today: today) }
        let fresh = array.newItem(today: today)
        return .items(items.map { given in fresh.merging(given.mapValues { $0.resolve(today: today) }) { _, given in given } })
    }

    /// Every option the field can ever offer: its own and, for options
    /// derived from a map, every list of the map.
    public var possibleOptions: [String] {
        optionsFrom?.possibleOptions(besides: options) ?? options
    }

    /// The other fields this one's state, options, bounds or validity read
    /// (`equalTo` and `notEqualTo` aside: they read a value, never a
    /// derived state, so they may point both ways). A spec whose fields
    /// reach themselves through these is refused.
    public var dependencies: [String] {
        let conditions = [visibleWhen, enabledWhen, requiredWhen, pageCondition].compactMap { $0 }.flatMap(\.fields)
        let bounds = [rules.min, rules.max].compactMap { $0?.field }
        return (conditions + (optionsFrom?.fields ?? []) + bounds).uniqued()
    }
}

/// What a front end needs to draw a field that the rules do not say.
public struct FieldPresentation: Equatable, Sendable {
    /// The label; nil shows the field's name.
    public var label: String?
    /// A longer explanation.
    public var help: String?
    /// A text field's hint while it is empty.
    public var placeholder: String?
    /// Whether a text field's value is hidden as it is typed (a password).
    public var secret = false
    /// Whether a text field takes several lines (Enter is a new line in it).
    public var multiline = false
    /// What a choice shows for its options (and the buttons that set them),
    /// by value: the values stay what is set and printed.
    public var optionLabels: [String: String] = [:]

    /// No presentation beyond the name.
    public init(label: String? = nil, help: String? = nil, placeholder: String? = nil, secret: Bool = false, multiline: Bool = false) {
        self.label = label
        self.help = help
        self.placeholder = placeholder
        self.secret = secret
        self.multiline = multiline
    }
}

/// A field's initial value; a date may be relative to today.
public enum InitialValue: Equatable, Sendable {
    /// A fixed value.
    case value(FieldValue)
    /// Today plus a number of days.
    case today(offsetDays: Int)
    /// An array field's first items: per item the values given, the
    /// item's other fields at their own initial values.
    case items([[String: InitialValue]])

    /// The default of a kind: today, `notSelected`, false, 0, the empty
    /// string, or no paths (`multiple` file fields).
    public static func `default`(for kind: FieldKind, multiple: Bool = false, array: ArrayFieldSpec? = nil) -> InitialValue {
        switch kind {
        case .array: return .items(Array(repeating: [:], count: array?.minItems ?? 0))
        case .file: return .value(multiple ? .paths([]) : .text(""))
        case .date: return .today(offsetDays: 0)
        case .choice: return .value(.text(FieldValue.notSelected))
        case .switch: return .value(.bool(false))
        case .slider, .stepper: return .value(.number(0))
        case .text: return .value(.text(""))
        }
    }

    /// The value, given today.
    public func resolve(today: CalendarDay) -> FieldValue {
        switch self {
        case .value(let value): return value
        case .today(let offset): return .date(today.adding(days: offset))
        case .items(let items): return .items(items.map { $0.mapValues { $0.resolve(today: today) } })
        }
    }
}

/// A day bound of a date rule: fixed, or relative to today.
public enum DayBound: Equatable, Sendable, CustomStringConvertible {
    /// A fixed day.
    case day(CalendarDay)
    /// Today plus a number of days (`today`, `today-1`, `today+30`).
    case today(offsetDays: Int)

    /// The day, given today.
    public func resolve(today: CalendarDay) -> CalendarDay {
        switch self {
        case .day(let day): return day
        case .today(let offset): return today.adding(days: offset)
        }
    }

    /// As written in a spec.
    public var description: String {
        switch self {
        case .day(let day): return day.description
        case .today(0): return "today"
        case .today(let offset): return offset > 0 ? "today+\(offset)" : "today\(offset)"
        }
    }

    /// Parses `today`, `today+N`, `today-N` or `YYYY-MM-DD`.
    public init?(_ text: String) {
        if let day = CalendarDay(text) {
            self = .day(day)
            return
        }
        guard text.hasPrefix("today") else { return nil }
        let rest = text.dropFirst(5)
        if rest.isEmpty {
            self = .today(offsetDays: 0)
            return
        }
        guard let sign = rest.first, sign == "+" || sign == "-", rest.count > 1, rest.count <= 7,
              rest.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }), let days = Int(rest.dropFirst()) else { return nil }
        self = .today(offsetDays: sign == "-" ? -days : days)
    }
}

/// A bound of a range rule: a number for numbers, a day for dates.
public enum Bound: Equatable, Sendable, CustomStringConvertible {
    /// A number.
    case number(Double)
    /// A day.
    case day(DayBound)
    /// Another field's value plus `offset` (days for dates).
    case field(String, offset: Double)

    /// The field a cross-field bound reads.
    public var field: String? {
        if case .field(let name, _) = self { return name }
        return nil
    }

    /// As written in a spec.
    public var description: String {
        switch self {
        case .number(let value): return JSONValue.format(value)
        case .day(let day): return day.description
        case .field(let name, 0): return name
        case .field(let name, let offset): return "\(name)\(offset < 0 ? "" : "+")\(JSONValue.format(offset))"
        }
    }
}

/// The rules of a field. Each broken rule has a reason, as HTML's ValidityState.
public struct FieldRules: Equatable, Sendable {
    /// The value must be present: non-empty text, a selected choice, a switch that is on.
    public var required = false
    /// The lowest number or earliest day (inclusive).
    public var min: Bound?
    /// The highest number or latest day (inclusive).
    public var max: Bound?
    /// Numbers must be `min` (or 0) plus a whole number of steps.
    public var step: Double?
    /// The shortest text, in characters.
    public var minLength: Int?
    /// The longest text, in characters.
    public var maxLength: Int?
    /// A pattern the whole text must match.
    public var pattern: Pattern?
    /// Another field this one must equal.
    public var equalTo: String?
    /// Another field this one must differ from.
    public var notEqualTo: String?
    /// Values that are refused, with the reason `custom`.
    public var forbidden: [String] = []
    /// A file field's glob patterns (`*.png`): a path whose name matches
    /// none is a `typeMismatch`; empty accepts any.
    public var accept: [String] = []
    /// A check a remote validator makes once the other rules pass.
    public var remote: RemoteRule?
    /// Messages that replace the default ones, by reason.
    public var messages: [ValidityReason: String] = [:]

    /// No rules.
    public init() {}

    /// Equal when every rule is; patterns compare by source.
    public static func == (lhs: FieldRules, rhs: FieldRules) -> Bool {
        lhs.required == rhs.required && lhs.min == rhs.min && lhs.max == rhs.max && lhs.step == rhs.step
            && lhs.minLength == rhs.minLength && lhs.maxLength == rhs.maxLength
            && lhs.pattern?.source == rhs.pattern?.source && lhs.equalTo == rhs.equalTo && lhs.notEqualTo == rhs.notEqualTo
            && lhs.forbidden == rhs.forbidden && lhs.accept == rhs.accept && lhs.remote == rhs.remote && lhs.messages == rhs.messages
    }
}

/// A check a remote validator makes (`rules.remote`): asked `debounce` ms
/// after the value's last change, given `timeout` ms to answer.
public struct RemoteRule: Equatable, Sendable {
    /// The validator's name, as a client attaches it.
    public var name: String
    /// Milliseconds of quiet before the validator is asked.
    public var debounce: Int
    /// Milliseconds the validator has to answer.
    public var timeout: Int

    /// A check by the validator `name`.
    public init(name: String, debounce: Int = 300, timeout: Int = 5_000) {
        self.name = name
        self.debounce = debounce
        self.timeout = timeout
    }
}

/// A button that sets a choice field to one of its options when tapped.
public struct ButtonSpec: Equatable, Sendable {
    /// The button's name, as `Tap` takes it.
    public var name: String
    /// The choice field it sets.
    public var field: String
    /// The option it sets.
    public var value: String

    /// A button setting `field` to `value`.
    public init(name: String, field: String, value: String) {
        self.name = name
        self.field = field
        self.value = value
    }
}

/// A value derived from fields.
public struct OutputSpec: Equatable, Sendable {
    /// How an output is derived.
    public enum Rule: Equatable, Sendable {
        /// A colour from a field's validity, with another while the field is empty (if given).
        case validityColor(field: String, valid: String, invalid: String, empty: String?)
        /// An image name from whether a choice field holds `option`.
        case choiceImage(field: String, option: String, selected: String, unselected: String)
        /// A number field's value times `factor` plus `offset`.
        case scaled(field: String, factor: Double, offset: Double)
        /// Whether all of these fields are valid.
        case allValid(fields: [String])
    }

    /// The output's name.
    public var name: String
    /// How it is derived.
    public var rule: Rule

    /// An output named `name`.
    public init(name: String, rule: Rule) {
        self.name = name
        self.rule = rule
    }

    /// The fields it reads.
    public var fields: [String] {
        switch rule {
        case .validityColor(let field, _, _, _), .choiceImage(let field, _, _, _), .scaled(let field, _, _): return [field]
        case .allValid(let fields): return fields
        }
    }
}
