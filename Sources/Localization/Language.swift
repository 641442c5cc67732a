import CLinux
#if canImport(Glibc)
import Glibc
#endif

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

    /// The language the catalogs speak to this process, as gettext chooses
    /// it: the first of `LANGUAGE`'s entries with a catalog, else the
    /// message locale's; `en` (the messages as written) in the C locale,
    /// where gettext reads no `LANGUAGE`, or when no entry has a catalog.
    /// Read once, after `setlocale`: the environment does not change.
    public static let processMessagesLanguage: String = {
        let messages = String(cString: clinux_process_locale("LC_MESSAGES"))
        guard !isC(messages) else { return "en" }
        if let list = getenv("LANGUAGE").map({ String(cString: $0) }), !list.isEmpty {
            return list.split(separator: ":").lazy.map(String.init).first(where: Catalogs.exists(for:)).map(code(of:)) ?? "en"
        }
        return Catalogs.exists(for: messages) ? code(of: messages) : "en"
    }()

    /// An installed locale of `processMessagesLanguage`, or nil for English:
    /// what a front end passes as a form's `locale`, so the daemon words
    /// the form in the language the person reads.
    public static let processMessagesLocale: String? = {
        let language = processMessagesLanguage
        guard language != "en" else { return nil }
        let messages = String(cString: clinux_process_locale("LC_MESSAGES"))
        if code(of: messages) == language {
            return messages
        }
        // LANGUAGE chose another language than the locale's: one of its
        // installed locales, in the locale's territory first.
        let territory = messages.drop { $0 != "_" }.prefix { $0 != "." && $0 != "@" }
        let candidates = (territory.isEmpty ? [] : ["\(language)\(territory).UTF-8"]) + ["\(language)_\(language.uppercased()).UTF-8"]
        return candidates.first { (try? Language(installed: $0)) != nil }
    }()

    /// A locale's language code: `de` of `de_DE.UTF-8`.
    public static func code(of locale: String) -> String {
        let code = locale.prefix { $0 != "_" && $0 != "." && $0 != "@" }
        return code.isEmpty || isC(String(code)) ? "en" : String(code)
    }

    private static func isC(_ name: String) -> Bool {
        name == "C" || name == "POSIX" || name.hasPrefix("C.")
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
