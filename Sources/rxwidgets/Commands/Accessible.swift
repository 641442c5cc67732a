import Glibc
import RxCoreEssentials
import RxWidgetsClient

/// Accessible mode (`--accessible`, or `RXWIDGETS_ACCESSIBLE=1`), as huh's:
/// no redrawing, no cursor movement, no raw keys — numbered choices and
/// plain prompts written once and answered a line at a time on the
/// terminal, so a screen reader follows every word. The widgets are the
/// daemon's as in the drawn interface (others can `attach`); each answer is
/// the same call a key would make, and a refused one is said and asked again.
enum Accessible {
    /// The commands it speaks.
    static let commands: Set<String> = ["choose", "confirm", "input", "write"]

    static func run(_ command: Command, client: WidgetsClient, terminal: Terminal, name: String?) throws -> Outcome {
        let tty = Prompter(terminal.descriptor)
        switch command {
        case .choose(let header, _, let selected, let limit, let index, _, let delimiter, let items) where limit == 1:
            let (labels, values) = try Interactive.labelled(items ?? Interactive.standardInputLines(), delimiter)
            guard !labels.isEmpty else { throw UsageError(description: "choose needs at least one item") }
            let picker = try Interactive.create(named: name) { try client.createPicker($0, items: [labels], popup: true, transient: true) }
            let start = try selected.map { item -> Int in
                guard let row = labels.firstIndex(of: item) else { throw UsageError(description: "--selected \(quoted(item)) is not one of the items") }
                return row
            } ?? 0
            tty.say((header.map { $0 + "\n" } ?? "") + labels.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
            while true {
                guard let answer = tty.ask("Choose a number from 1 to \(labels.count) [\(start + 1)]: ") else { return .cancelled }
                let row = answer.isEmpty ? start : (Int(answer).map { $0 - 1 } ?? -1)
                guard labels.indices.contains(row) else {
                    tty.say("\(quoted(answer, quote: "\"")) is not a number from 1 to \(labels.count).")
                    continue
                }
                try picker.selectRow(row, inComponent: 0)
                try picker.show()
                var chosen: (index: Int, title: String)?
                let watch = picker.rx.selectedItem.subscribe(onNext: { chosen = ($0.index, $0.title) })
                defer { watch.dispose() }
                // SelectedItem is sent before Done's reply.
                try picker.done()
                guard let chosen else { return .failed("the picker answered Done without SelectedItem") }
                tty.say("Chosen: \(labels[chosen.index]).")
                return .done((index ? "\(chosen.index)" : delimiter == nil ? chosen.title : values[chosen.index]) + "\n")
            }
        case .confirm(let prompt, let affirmative, let negative, let defaultYes):
            let picker = try Interactive.create(named: name) { try client.createPicker($0, items: [[affirmative, negative]], popup: true, transient: true) }
            let choices = defaultYes ? "[\(affirmative)/\(negative.lowercased())]" : "[\(affirmative.lowercased())/\(negative)]"
            while true {
                guard let answer = tty.ask("\(prompt) \(choices): ")?.lowercased() else { return .cancelled }
                let yes: Bool
                switch answer {
                case "": yes = defaultYes
                case "y", "yes", affirmative.lowercased(): yes = true
                case "n", "no", negative.lowercased(): yes = false
                default:
                    tty.say("Answer \(affirmative) or \(negative) (y or n).")
                    continue
                }
                try picker.selectRow(yes ? 0 : 1, inComponent: 0)
                try picker.show()
                try picker.done()
                return yes ? .done("") : .cancelled
            }
        case .input(let options):
            let form = try Interactive.create(named: name) { try client.createForm($0, spec: Interactive.inputSpec(options), transient: true) }
            if let header = options.header {
                tty.say(header)
            }
            if let limit = options.charLimit {
                tty.say("At most \(limit) characters.")
            }
            while true {
                let text: String?
                if options.multiline {
                    tty.say("\(options.prompt) (end with a line holding only a period, or Ctrl-D):")
                    text = tty.lines()
                } else {
                    text = tty.ask("\(options.prompt) ", echo: !options.password)
                }
                guard let text else { return .cancelled }
                try form.setValue(.string(text), for: "value")
                do {
                    let values = try form.submit()
                    return .done((values["value"].map(ValueText.plain) ?? text) + "\n")
                } catch let error as WidgetsClientError where error.name == WidgetsErrorName.validationFailed {
                    tty.say(form.validity["value"]?.message ?? error.message)
                }
            }
        default:
            throw UsageError(description: "accessible mode speaks \(commands.sorted().joined(separator: ", ")); use the drawn interface for the others")
        }
    }
}

/// Plain lines on the terminal: said once, answered a line at a time.
private struct Prompter {
    let descriptor: Int32

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    func say(_ text: String) {
        write(text + "\n")
    }

    private func write(_ text: String) {
        // What others put in the widgets is said as text, never as controls.
        let bytes = Array(InertText.escaped(text).utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return }
            offset += count
        }
    }

    /// A line typed after `prompt` (without its newline); nil at end of input.
    func ask(_ prompt: String, echo: Bool = true) -> String? {
        write(prompt)
        var settings = termios()
        let hidden = !echo && tcgetattr(descriptor, &settings) == 0
        if hidden {
            var quiet = settings
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(descriptor, TCSANOW, &quiet)
        }
        defer {
            if hidden {
                tcsetattr(descriptor, TCSANOW, &settings)
                write("\n")
            }
        }
        return readLine()
    }

    /// Lines until one holding only `.`, or end of input; nil when there was none.
    func lines() -> String? {
        var lines: [String] = []
        while let line = readLine() {
            if line == "." { return lines.joined(separator: "\n") }
            lines.append(line)
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    private func readLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}
