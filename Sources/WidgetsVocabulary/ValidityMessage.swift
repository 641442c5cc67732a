import Localization

/// A sentence the daemon words a field's validity with when its spec gives
/// none, worded in a language by `text(in:)`. Shared by the daemon and the
/// front ends, so a front end in another language than the form's words a
/// reason code the way the daemon would have in its own.
public enum ValidityMessage: Equatable, Sendable {
    case fillIn, selectOption, turnOn, chooseFolder, chooseFiles, chooseFile
    case tooFewCharacters(minimum: Int, used: Int)
    case tooManyCharacters(maximum: Int, used: Int)
    case tooFewItems(minimum: Int, held: Int)
    case tooManyItems(maximum: Int, held: Int)
    case format
    /// A file whose name matches none of the patterns (`*.png *.jpg`).
    case fileType(patterns: String)
    /// Numbers as on the bus ("0.5"); each language writes them its way.
    case numberAtLeast(String)
    case numberAtMost(String)
    case offStep(below: String, above: String)
    /// Days as on the bus (YYYY-MM-DD); each language writes them its way.
    case dayFrom(String)
    case dayUntil(String)
    /// The other field's name.
    case mustMatch(String)
    case mustDiffer(String)
    /// A forbidden value, nil for a secret field's (never quoted: messages are broadcast).
    case notAllowed(String?)
    case checking, notAccepted, notChecked

    /// The message for a missing value of a field of `kind`.
    public static func missing(_ kind: FieldKind, chooser: FileFieldChooser) -> ValidityMessage {
        switch kind {
        case .choice: return .selectOption
        case .switch: return .turnOn
        case .file: return chooser.mode == .folder ? .chooseFolder : chooser.isMultiple ? .chooseFiles : .chooseFile
        default: return .fillIn
        }
    }

    public func text(in language: Language) -> String {
        switch self {
        case .fillIn: return tr("Please fill in this field.", in: language)
        case .selectOption: return tr("Please select one of the options.", in: language)
        case .turnOn: return tr("Please turn this on.", in: language)
        case .chooseFolder: return tr("Please choose a folder.", in: language)
        case .chooseFiles: return tr("Please choose one or more files.", in: language)
        case .chooseFile: return tr("Please choose a file.", in: language)
        case .tooFewCharacters(let minimum, let used):
            return tr(one: "Please use at least {0} character (you are using {1}).", other: "Please use at least {0} characters (you are using {1}).",
                      count: minimum, minimum, used, in: language)
        case .tooManyCharacters(let maximum, let used):
            return tr(one: "Please use at most {0} character (you are using {1}).", other: "Please use at most {0} characters (you are using {1}).",
                      count: maximum, maximum, used, in: language)
        case .tooFewItems(let minimum, let held):
            return tr(one: "Please add at least {0} item (there are {1}).", other: "Please add at least {0} items (there are {1}).",
                      count: minimum, minimum, held, in: language)
        case .tooManyItems(let maximum, let held):
            return tr(one: "Please keep at most {0} item (there are {1}).", other: "Please keep at most {0} items (there are {1}).",
                      count: maximum, maximum, held, in: language)
        case .format: return tr("Please match the requested format.", in: language)
        case .fileType(let patterns): return tr("Please choose a file matching {0}.", patterns, in: language)
        case .numberAtLeast(let number): return tr("Value must be {0} or more.", language.number(number), in: language)
        case .numberAtMost(let number): return tr("Value must be {0} or less.", language.number(number), in: language)
        case .offStep(let below, let above):
            return tr("Please enter a valid value: the nearest are {0} and {1}.", language.number(below), language.number(above), in: language)
        case .dayFrom(let day): return tr("Date must be {0} or later.", language.day(iso: day), in: language)
        case .dayUntil(let day): return tr("Date must be {0} or earlier.", language.day(iso: day), in: language)
        case .mustMatch(let other): return tr("Must match {0}.", other, in: language)
        case .mustDiffer(let other): return tr("Must differ from {0}.", other, in: language)
        case .notAllowed(let value?): return tr("\"{0}\" is not allowed.", value, in: language)
        case .notAllowed(nil): return tr("This value is not allowed.", in: language)
        case .checking: return tr("Checking…", in: language)
        case .notAccepted: return tr("This value was not accepted.", in: language)
        case .notChecked: return tr("This value could not be checked; try again later.", in: language)
        }
    }

    /// A number off its steps: the nearest steps below and above it, counted from `base`.
    public static func offStep(_ number: Double, step: Double, base: Double) -> ValidityMessage {
        let steps = (number - base) / step
        return .offStep(below: JSONValue.format(base + steps.rounded(.down) * step), above: JSONValue.format(base + steps.rounded(.up) * step))
    }

    /// An invalid field of an array's item, as the array's own message.
    public static func item(_ index: Int, label: String, _ message: String, in language: Language) -> String {
        tr("Item {0}, {1}: {2}", index + 1, label, message, in: language)
    }
}
