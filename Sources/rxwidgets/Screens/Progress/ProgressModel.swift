import FrontEndCore
import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// The progress screen's state: the daemon's progress as last read, what the
/// script's input said, and the keys — with `update` and a pure `view`.
struct ProgressModel {
    /// The progress as the daemon holds it.
    struct Snapshot: Equatable {
        var value = 0.0
        var maximum = 100.0
        var text = ""
        var state = "running"
        var cancellable = true
        var steps: [(title: String, status: String)] = []

        /// The progress as the client library holds it now.
        init(_ progress: RemoteProgress) {
            self.init(value: progress.value, maximum: progress.maximum, text: progress.text, state: progress.state,
                      cancellable: progress.isCancellable, steps: progress.steps)
        }

        init(value: Double = 0, maximum: Double = 100, text: String = "", state: String = "running", cancellable: Bool = true,
             steps: [(title: String, status: String)] = []) {
            self.value = value
            self.maximum = maximum
            self.text = text
            self.state = state
            self.cancellable = cancellable
            self.steps = steps
        }

        static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
            lhs.value == rhs.value && lhs.maximum == rhs.maximum && lhs.text == rhs.text && lhs.state == rhs.state && lhs.cancellable == rhs.cancellable
                && lhs.steps.map(\.title) == rhs.steps.map(\.title) && lhs.steps.map(\.status) == rhs.steps.map(\.status)
        }
    }

    enum Message {
        case daemonChanged(Snapshot)
        /// A line of the script's input.
        case input(String)
        /// The script's input ended.
        case inputEnded
        case key(Key)
        /// Another front end cancelled it.
        case cancelled
    }

    enum Command: Equatable {
        case setValue(Double)
        case setText(String)
        case pulse
        case setStepStatus(Int, String)
        case finish
        case cancel
        /// Ends the command: `cancelled` true for exit status 1.
        case end(cancelled: Bool)
    }

    var daemon: Snapshot
    let options: ProgressOptions
    /// The input ended: the work is done; waiting for a key unless `autoClose`.
    private(set) var inputEnded = false

    init(daemon: Snapshot, options: ProgressOptions) {
        self.daemon = daemon
        self.options = options
    }

    mutating func update(_ message: Message) -> [Command] {
        switch message {
        case .daemonChanged(let snapshot):
            daemon = snapshot
            return daemon.state == "cancelled" ? [.end(cancelled: true)] : []
        case .cancelled:
            return [.end(cancelled: true)]
        case .input(let line):
            return ProgressModel.commands(forInput: line, steps: daemon.steps.count)
        case .inputEnded:
            inputEnded = true
            return options.autoClose ? [.finish, .end(cancelled: false)] : [.finish]
        case .key(let key):
            let closes = key == .enter || key == .escape || key == .character("q")
            if inputEnded || daemon.state != "running" {
                return closes ? [.end(cancelled: daemon.state == "cancelled")] : []
            }
            return (key == .escape || key == .character("q")) && daemon.cancellable ? [.cancel] : []
        }
    }

    /// What one line of zenity's protocol asks (`ProgressLine`).
    static func commands(forInput line: String, steps: Int) -> [Command] {
        switch ProgressLine.parse(line, steps: steps) {
        case .percentage(let value)?: return [.setValue(value)]
        case .text(let text)?: return [.setText(text)]
        case .step(let index, let status)?: return [.setStepStatus(index, status)]
        case .pulse?: return [.pulse]
        case nil: return []
        }
    }

    // MARK: View

    private static let marks: [String: String] = ["pending": "·", "running": "›", "done": "✓", "failed": "✗", "skipped": "–"]

    func view(rows: Int, columns: Int) -> [Line] {
        var lines: [Line] = []
        if let title = options.title {
            lines.append(Line(title, .bold))
        }
        let width = max(columns - 8, 10)
        if daemon.value < 0 {
            lines.append(Line("[" + String(repeating: "░", count: width) + "]  …", .accent))
        } else {
            let fraction = daemon.maximum > 0 ? min(daemon.value / daemon.maximum, 1) : 0
            let filled = Int((fraction * Double(width)).rounded(.down))
            var bar = Line("[")
            bar.append(String(repeating: "█", count: filled), .accent)
            bar.append(String(repeating: "░", count: width - filled), .dim)
            // TRANSLATORS: a percentage done (French writes a no-break space before %).
            bar.append("] " + tr("{0}%", Int((fraction * 100).rounded(.down))))
            lines.append(bar)
        }
        if !daemon.text.isEmpty {
            lines.append(Line(daemon.text))
        }
        for step in daemon.steps {
            let style: Style = step.status == "failed" ? .error : step.status == "done" ? .success : step.status == "running" ? .accent : .dim
            lines.append(Line("\(ProgressModel.marks[step.status] ?? "·") \(step.title)", style))
        }
        // TRANSLATORS: a help line's fragment after how the work ended: the key "enter" (kept as it is), then what it does: close the progress.
        let close = tr("enter close")
        switch daemon.state {
        // TRANSLATORS: how the work a progress bar follows ended.
        case "done": lines.append(Line(inputEnded ? tr("Done") + " · " + close : tr("Done"), .success))
        case "failed": lines.append(Line(tr("Failed") + " · " + close, .error))
        case "cancelled": lines.append(Line(tr("Cancelled"), .error))
        default: lines.append(Line(daemon.cancellable ? tr("esc cancel") : "", .help))
        }
        return Array(lines.prefix(max(rows, 1)))
    }
}
