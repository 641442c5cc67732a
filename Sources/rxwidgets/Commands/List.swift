import FrontEndCore
import Glibc
import RxWidgetsClient
import RxWidgetsCommandLine

/// `rxwidgets list`: every widget the daemon serves, sorted by path.
enum List {
    static func run(client: WidgetsClient, json: Bool) throws -> String {
        let widgets = try client.widgets()
        if json {
            let objects = widgets.map { "{\"path\":\(ValueText.string($0.path.rawValue)),\"kind\":\(ValueText.string($0.kind)),\"revision\":\($0.revision)}" }
            return "[" + objects.joined(separator: ",") + "]\n"
        }
        let width = max(widgets.map(\.path.rawValue.count).max() ?? 0, 4)
        var lines = widgets.map { $0.path.rawValue.padding(width) + "  " + $0.kind.padding(6) + "  \($0.revision)" }
        if isatty(1) != 0 {
            lines.insert("PATH".padding(width) + "  KIND    REVISION", at: 0)
        }
        return lines.map { $0 + "\n" }.joined()
    }
}

private extension String {
    func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
