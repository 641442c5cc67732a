import DBus

/// One field as a form's `Layout` describes it to a front end: what it
/// needs to draw and edit the field. On the bus an entry is `(ssa{sv})` —
/// name, kind and the attributes that apply to the kind; the attributes'
/// keys are declared once, in `Key`, which the daemon writes and the front
/// ends read through this type.
public struct FieldLayout: Equatable, Sendable {
    /// The attributes' keys on the bus.
    public enum Key: String, CaseIterable, Sendable {
        case label, help, required, border, updateOn, secret, multiline, placeholder
        case minLength, maxLength, pattern, options, buttons, min, max, step
        case mode, multiple, accept
        case page, item, ownMessages, optionLabels
    }

    public var name: String
    public var kind: FieldKind
    /// What the field is called on screen (its name when the spec gives no label).
    public var label: String
    /// A line under the field.
    public var help: String?
    /// A missing value makes it invalid (as its conditions decide now).
    public var required = false
    /// The output whose colour the field's border takes.
    public var border: String?
    /// Judged when the person leaves the field (`updateOn: blur`), not as typed.
    public var updatesOnBlur = false
    /// A text field whose value is not shown.
    public var secret = false
    /// A text field of several lines.
    public var multiline = false
    public var placeholder: String?
    public var minLength: Int?
    public var maxLength: Int?
    /// A text field's pattern, as the spec gives it.
    public var pattern: String?
    /// A choice field's options now.
    public var options: [String] = []
    /// The buttons that set a choice field.
    public var buttons: [String] = []
    /// A number's (`d`) or a day's (`s`, `YYYY-MM-DD`) bounds, resolved against today.
    public var minimum: DBusValue?
    public var maximum: DBusValue?
    /// A slider's or stepper's step.
    public var step: Double?
    /// What a file field chooses (its value is `as` with `isMultiple`, else `s`).
    public var chooser = FileFieldChooser()
    /// A file field's glob patterns; empty accepts any file.
    public var accept: [String] = []
    /// The index in `Pages` of the page the field is on; nil in a form without pages.
    public var page: Int?
    /// An array field's item: its fields as `Layout` describes fields (their
    /// names are the item's; an item field's value is named by its path,
    /// `addresses[2].city`). `minimum` and `maximum` are its counts (`u`).
    public var item: [FieldLayout] = []
    /// The validity reasons the spec words itself (`rules.messages`): a
    /// front end in another language than the form's shows those messages
    /// as the form gives them, and words only the others itself.
    public var ownMessages: [ValidityReason] = []
    /// What a choice shows for its options and buttons, by value.
    public var optionLabels: [String: String] = [:]

    /// What a choice shows for `value`: its label, else the value itself.
    public func optionLabel(_ value: String) -> String {
        optionLabels[value] ?? value
    }

    public init(name: String, kind: FieldKind, label: String) {
        self.name = name
        self.kind = kind
        self.label = label
    }

    /// The layout of an entry of `Layout`; nil for a kind this library does
    /// not know (a newer daemon's), which a front end cannot draw.
    public init?(entry: DBusStruct<String, String, VariantDictionary>) {
        let (name, kindName, attributes) = entry.fields
        guard let kind = FieldKind(rawValue: kindName) else { return nil }
        let value = Dictionary(attributes.entries.map { (Key(rawValue: $0.key), $0.value) }.compactMap { key, value in key.map { ($0, value) } }) { _, last in last }
        self.init(name: name, kind: kind, label: value[.label]?.stringValue ?? name)
        help = value[.help]?.stringValue
        required = value[.required] == .boolean(true)
        border = value[.border]?.stringValue
        updatesOnBlur = value[.updateOn]?.stringValue == "blur"
        secret = value[.secret] == .boolean(true)
        multiline = value[.multiline] == .boolean(true)
        placeholder = value[.placeholder]?.stringValue
        minLength = value[.minLength].flatMap { try? UInt32(dbusValue: $0) }.map(Int.init)
        maxLength = value[.maxLength].flatMap { try? UInt32(dbusValue: $0) }.map(Int.init)
        pattern = value[.pattern]?.stringValue
        options = (value[.options]?.arrayElements ?? []).compactMap(\.stringValue)
        buttons = (value[.buttons]?.arrayElements ?? []).compactMap(\.stringValue)
        minimum = value[.min]
        maximum = value[.max]
        step = value[.step].flatMap { try? Double(dbusValue: $0) }
        chooser = FileFieldChooser(mode: value[.mode]?.stringValue.flatMap(FileChooserMode.init(rawValue:)) ?? .open, isMultiple: value[.multiple] == .boolean(true))
        accept = (value[.accept]?.arrayElements ?? []).compactMap(\.stringValue)
        page = value[.page].flatMap { try? Int32(dbusValue: $0) }.map(Int.init)
        item = (value[.item]?.arrayElements ?? []).compactMap { element in
            (try? DBusStruct<String, String, VariantDictionary>(dbusValue: element)).flatMap(FieldLayout.init(entry:))
        }
        ownMessages = (value[.ownMessages]?.arrayElements ?? []).compactMap { $0.stringValue.flatMap(ValidityReason.init(rawValue:)) }
        optionLabels = Dictionary((value[.optionLabels]?.dictionaryEntries ?? []).compactMap { entry in
            entry.key.stringValue.flatMap { key in (entry.value.variantValue ?? entry.value).stringValue.map { (key, $0) } }
        }, uniquingKeysWith: { _, last in last })
    }

    /// The D-Bus type of an entry: `(ssa{sv})`.
    public static let entryType = DBusType.structure([.string, .string, VariantDictionary.dbusType])

    /// The entry of `Layout`: the attributes that apply to the kind, in `Key`'s order.
    public var entry: DBusValue {
        var attributes: [(key: Key, value: DBusValue)] = [(.label, .string(label))]
        if let help { attributes.append((.help, .string(help))) }
        attributes.append((.required, .boolean(required)))
        if let border { attributes.append((.border, .string(border))) }
        if updatesOnBlur { attributes.append((.updateOn, .string("blur"))) }
        switch kind {
        case .text:
            attributes.append((.secret, .boolean(secret)))
            if multiline { attributes.append((.multiline, .boolean(true))) }
            if let placeholder { attributes.append((.placeholder, .string(placeholder))) }
            if let minLength { attributes.append((.minLength, .uint32(UInt32(clamping: minLength)))) }
            if let maxLength { attributes.append((.maxLength, .uint32(UInt32(clamping: maxLength)))) }
            if let pattern { attributes.append((.pattern, .string(pattern))) }
        case .choice:
            attributes.append((.options, .array(element: .string, options.map(DBusValue.string))))
            attributes.append((.buttons, .array(element: .string, buttons.map(DBusValue.string))))
            if !optionLabels.isEmpty {
                attributes.append((.optionLabels, .dictionary(key: .string, value: .string, optionLabels.sorted { $0.key < $1.key }.map { (.string($0.key), .string($0.value)) })))
            }
        case .slider, .stepper, .date:
            if let minimum { attributes.append((.min, minimum)) }
            if let maximum { attributes.append((.max, maximum)) }
            if let step { attributes.append((.step, .double(step))) }
        case .file:
            attributes.append((.mode, .string(chooser.mode.rawValue)))
            attributes.append((.multiple, .boolean(chooser.isMultiple)))
            attributes.append((.accept, .array(element: .string, accept.map(DBusValue.string))))
        case .array:
            if let minimum { attributes.append((.min, minimum)) }
            if let maximum { attributes.append((.max, maximum)) }
            attributes.append((.item, .array(element: FieldLayout.entryType, item.map(\.entry))))
        case .switch:
            break
        }
        if let page { attributes.append((.page, .int32(Int32(clamping: page)))) }
        if !ownMessages.isEmpty { attributes.append((.ownMessages, .array(element: .string, ownMessages.map { .string($0.rawValue) }))) }
        return .structure([.string(name), .string(kind.rawValue), VariantDictionary(attributes.map { (key: $0.key.rawValue, value: $0.value) }).dbusValue])
    }
}
