import CLinux

/// The language messages are given in: the process's own locale
/// (`LANG`, `LC_ALL`, `LC_MESSAGES`), or an installed locale named by a
/// form's `locale` so one daemon answers each form in its own language.
///
/// A named language holds its locale for its lifetime and frees it when
/// released.
public final class Language: @unchecked Sendable {
    // @unchecked: `handle` is made once by newlocale and never changed;
    // glibc reads a locale object from any thread.

    /// The locale's name as given ("" for the process's locale).
    public let name: String
    let handle: UnsafeMutableRawPointer?

    /// The process's locale, as `setlocale` made it.
    public static let process = Language()

    private init() {
        name = ""
        handle = nil
    }

    /// The installed locale `name` (`de_DE.UTF-8`, `fr_FR.UTF-8`, `C`…).
    ///
    /// Throws when the name is malformed or names no locale installed on
    /// this machine (`locale -a` lists those that are).
    public init(installed name: String) throws(LanguageError) {
        guard !name.isEmpty, name.utf8.count <= Self.longestName,
              name.unicodeScalars.allSatisfy(Self.isNameCharacter) else {
            throw .malformed(name)
        }
        guard let handle = clinux_new_locale(name) else {
            throw .notInstalled(name)
        }
        self.name = name
        self.handle = handle
    }

    deinit {
        if let handle {
            clinux_free_locale(handle)
        }
    }

    /// The longest locale name accepted, in bytes: glibc's longest names
    /// (`sr_RS.UTF-8@latin`) are under 20.
    public static let longestName = 64

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "@", "-": return true
        default: return false
        }
    }

    /// The locale's name; for the process's, the name `setlocale` gave its
    /// messages (`C` when none was set).
    public var localeName: String {
        handle == nil ? String(cString: clinux_process_locale("LC_MESSAGES")) : name
    }

    /// The name of the process's message locale, or nil when it is `C` or
    /// `POSIX` (English, the messages as written): what a front end passes
    /// as a form's `locale`.
    public static var processMessagesLocale: String? {
        let name = String(cString: clinux_process_locale("LC_MESSAGES"))
        return name == "C" || name == "POSIX" ? nil : name
    }
}

extension Language: Equatable {
    public static func == (lhs: Language, rhs: Language) -> Bool {
        lhs.name == rhs.name
    }
}

/// Why a locale name was refused.
public enum LanguageError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case notInstalled(String)

    public var description: String {
        switch self {
        case .malformed(let name):
            return "\(quotedName(name)) is not a locale name: expected up to \(Language.longestName) of the characters A-Z a-z 0-9 _ . @ -, as de_DE.UTF-8"
        case .notInstalled(let name):
            return "\(quotedName(name)) is not a locale installed on this machine (locale -a lists those that are)"
        }
    }

    private func quotedName(_ name: String) -> String {
        let shown = name.unicodeScalars.count > 200 ? String(String.UnicodeScalarView(name.unicodeScalars.prefix(200))) + "…" : name
        return "\"" + shown.unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined() + "\""
    }
}
