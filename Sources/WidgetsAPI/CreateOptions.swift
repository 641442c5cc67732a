import DBus

/// An option a call's `a{sv}` takes (`CreateX`'s, `SetAdapter`'s,
/// `AttachDataSource`'s…): its key and its type, declared once. The daemon
/// checks a call's options against them (an unknown key, or a value of
/// another type, is `InvalidArgs` naming it) and reads them by them; the
/// client writes its options from them.
public protocol CreateOption: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// The type its value must have.
    var type: DBusType { get }
}

extension CreateOption {
    /// Every key and its type, as the daemon checks an `a{sv}` of options.
    public static var types: [String: DBusType] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.type) })
    }

    /// The option holding `value`, as `Options` takes its pairs.
    public func with(_ value: DBusValue) -> (key: String, value: DBusValue) {
        (rawValue, value)
    }
}

/// `CreateFileChooser`'s options.
public enum FileChooserOption: String, CreateOption {
    case mode, multiple, filters, folder, name, confirmOverwrite = "confirm_overwrite", transient, replace, prompt

    public var type: DBusType {
        switch self {
        case .mode, .folder, .name: return .string
        case .filters: return .array(.structure([.string, .array(.string)]))
        case .prompt: return PromptOption.dictionaryType
        case .multiple, .confirmOverwrite, .transient, .replace: return .boolean
        }
    }
}

/// `Picker.SetAdapter`'s options (also what a picker's state file keeps of its adapter).
public enum AdapterOption: String, CreateOption {
    case format, attributes, view, widths, rowHeights = "row_heights"

    public var type: DBusType {
        switch self {
        case .format: return .string
        case .attributes, .view: return .array(.dictEntry(key: .string, value: .variant))
        case .widths, .rowHeights: return .array(.double)
        }
    }
}

/// `AttachDataSource`'s options (pickers and tables).
public enum DataSourceOption: String, CreateOption {
    case page, cachePages = "cache_pages", timeout

    public var type: DBusType { .int32 }
}

/// `AttachDelegate`'s options (pickers and tables).
public enum DelegateOption: String, CreateOption {
    case timeout

    public var type: DBusType { .int32 }
}

extension PromptOption {
    /// The `prompt` option's type: `a{sv}`.
    public static let dictionaryType = DBusType.array(.dictEntry(key: .string, value: .variant))
}

extension Dictionary where Key == String, Value == DBusValue {
    /// The value of `option` among checked options.
    public subscript<Option: CreateOption>(_ option: Option) -> DBusValue? {
        self[option.rawValue]
    }
}

/// `CreatePicker`'s options.
public enum PickerOption: String, CreateOption {
    /// `private`: read by its creator's uid and 0 alone (a transient picker
    /// a front end lists its own data in: an agent's prompts, a folder's names).
    case items, dependent, popup, transient, replace, prompt, `private`, columns

    public var type: DBusType {
        switch self {
        case .prompt: return PromptOption.dictionaryType
        case .items: return .array(.array(.string))
        case .columns: return .array(.string)
        case .dependent: return .array(.array(.dictEntry(key: .string, value: .array(.string))))
        case .popup, .transient, .replace, .private: return .boolean
        }
    }
}

/// `CreateTable`'s options.
public enum TableOption: String, CreateOption {
    case items, sections, transient, replace, prompt, columns

    public var type: DBusType {
        switch self {
        case .prompt: return PromptOption.dictionaryType
        case .items, .columns: return .array(.string)
        case .sections: return .array(.structure([.string, .array(.string)]))
        case .transient, .replace: return .boolean
        }
    }
}

/// `CreateForm`'s options.
public enum FormOption: String, CreateOption {
    case transient, replace, prompt, locale

    public var type: DBusType {
        switch self {
        case .prompt: return PromptOption.dictionaryType
        case .locale: return .string
        case .transient, .replace: return .boolean
        }
    }
}

/// `CreateProgress`'s options.
public enum ProgressOption: String, CreateOption {
    case value, maximum, text, cancellable, steps, transient, replace, prompt

    public var type: DBusType {
        switch self {
        case .prompt: return PromptOption.dictionaryType
        case .value, .maximum: return .double
        case .text: return .string
        case .steps: return .array(.string)
        case .cancellable, .transient, .replace: return .boolean
        }
    }
}

/// `SetFilter`'s options (pickers and tables; a table takes no `component`).
public enum SearchOption: String, CreateOption {
    case fuzzy, `case`, component, `in`

    public var type: DBusType {
        switch self {
        case .fuzzy: return .boolean
        case .case: return .string
        case .component: return .int32
        case .in: return .array(.string)
        }
    }
}
