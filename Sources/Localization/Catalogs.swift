import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// The message catalogs (`po/*.po` compiled by msgfmt): where they are read
/// from, bound once per process before the first message is looked up.
public enum Catalogs {
    /// The gettext domain every rxwidgets program reads its messages from.
    public static let domain = "rxwidgets"

    /// `RXWIDGETS_LOCALEDIR` when set; else `share/locale` beside the
    /// installed program's `bin`; else the catalogs `make` compiled into
    /// the build folder (`.build/locale`); else the system's.
    public static let directory: String = {
        if let given = getenv("RXWIDGETS_LOCALEDIR"), given.pointee != 0 {
            return String(cString: given)
        }
        let program = programFolder()
        for candidate in [program + "/../share/locale", program + "/../../locale"] where isFolder(candidate) {
            return candidate
        }
        return "/usr/share/locale"
    }()

    static let bound: Bool = clinux_bind_text_domain(domain, directory) == 0

    /// Whether a catalog exists for `locale` (`fr`, `de_AT.UTF-8`): under
    /// its name or its language's, as gettext looks for one.
    static func exists(for locale: String) -> Bool {
        let names = [locale, String(locale.prefix { $0 != "." && $0 != "@" }), Language.code(of: locale)]
        return names.contains { access("\(directory)/\($0)/LC_MESSAGES/\(domain).mo", R_OK) == 0 }
    }

    private static func programFolder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "." }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
