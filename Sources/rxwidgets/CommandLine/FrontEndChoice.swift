import FrontEndCore
import Glibc
import RxCoreEssentials
import RxWidgetsCommandLine

/// Which front end shows a command, as pinentry chooses: `RXWIDGETS_FRONTEND`
/// says (`gtk` or `tty`); unset, the GTK one when a display is there
/// (`WAYLAND_DISPLAY` or `DISPLAY`) and `rxwidgets-gtk` is installed beside
/// this program or on `PATH`, else the terminal. Accessible mode, a
/// question kept or not waited for (`--keep`, `--no-wait`: prompts this
/// front end makes and resumes) and the commands without a window
/// (`filter`, `list`, `watch`…) stay here.
enum FrontEndChoice {
    /// Replaces this process with `rxwidgets-gtk` and the same arguments
    /// when the GTK front end is the choice; returns otherwise.
    static func handOver(_ arguments: Arguments, words: [String]) throws {
        let wanted = getenv("RXWIDGETS_FRONTEND").map { String(cString: $0) } ?? ""
        switch wanted {
        case "", "gtk", "tty": break
        default: throw UsageError(description: "RXWIDGETS_FRONTEND=\(quoted(wanted)) is neither gtk nor tty")
        }
        guard wanted != "tty", !arguments.accessible, arguments.keep == nil, !arguments.noWait, shows(arguments.command) else { return }
        let hasDisplay = ["WAYLAND_DISPLAY", "DISPLAY"].contains { (name: String) in getenv(name).map { $0.pointee != 0 } ?? false }
        guard wanted == "gtk" || hasDisplay else { return }
        guard let program = installedGtkFrontEnd() else {
            if wanted == "gtk" {
                throw UsageError(description: "RXWIDGETS_FRONTEND=gtk, but rxwidgets-gtk is neither beside rxwidgets nor on PATH")
            }
            return
        }
        var argv: [UnsafeMutablePointer<CChar>?] = ([program] + words).map { strdup($0) }
        argv.append(nil)
        execv(program, argv)
        throw UsageError(description: "cannot run \(program): \(String(cString: strerror(errno)))")
    }

    private static func shows(_ command: Command) -> Bool {
        switch command {
        case .choose, .pick, .table, .form, .input, .confirm, .progress, .file, .attach: return true
        default: return false
        }
    }

    private static func installedGtkFrontEnd() -> String? {
        var directories: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            let own = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            directories.append(String(own[..<(own.lastIndex(of: "/") ?? own.endIndex)]))
        }
        directories += (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":").map(String.init)
        return directories.lazy.map { $0 + "/rxwidgets-gtk" }.first { access($0, X_OK) == 0 }
    }
}
