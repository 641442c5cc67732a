import FrontEndCore
import RxWidgetsCommandLine
import Glibc
import RxCoreEssentials

/// Plain lines on the terminal: said once, answered a line at a time.
struct Prompter {
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

/// Numbered choices, said as a list and answered by number.
extension Prompter {
    /// Says `header` when there is one.
    func say(_ header: String?) {
        if let header {
            say(header)
        }
    }

    /// The index of one of `items`, Enter keeping `current`; nil at end of input.
    func chooseOne(_ items: [String], current: Int) -> Int? {
        say(items.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
        while true {
            guard let answer = ask("Choose a number from 1 to \(items.count) [\(current + 1)]: ") else { return nil }
            let index = answer.isEmpty ? current : (Int(answer.filter { $0 != " " }).map { $0 - 1 } ?? -1)
            if items.indices.contains(index) { return index }
            say("\(quoted(answer, quote: "\"")) is not a number from 1 to \(items.count).")
        }
    }

    /// Indexes of up to `limit` (nil: any number) of `items`, as numbers
    /// separated by spaces or commas, Enter keeping `current` and `-` none; nil at end of input.
    func chooseSeveral(_ items: [String], current: [Int], limit: Int?) -> [Int]? {
        say(items.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
        let most = limit.map { " (at most \($0))" } ?? ""
        let kept = current.isEmpty ? "none" : current.map { "\($0 + 1)" }.joined(separator: " ")
        while true {
            guard let answer = ask("Choose numbers from 1 to \(items.count)\(most), separated by spaces; - for none [\(kept)]: ") else { return nil }
            if answer.isEmpty { return current }
            if answer.filter({ $0 != " " }) == "-" { return [] }
            let words = answer.split { $0 == " " || $0 == "," }
            let indexes = words.map { Int($0).map { $0 - 1 } ?? -1 }
            if let bad = indexes.indices.first(where: { !items.indices.contains(indexes[$0]) }) {
                say("\(quoted(words[bad], quote: "\"")) is not a number from 1 to \(items.count).")
                continue
            }
            var unique: [Int] = []
            for index in indexes where !unique.contains(index) {
                unique.append(index)
            }
            if let limit, unique.count > limit {
                say("That is \(unique.count) items; choose at most \(limit).")
                continue
            }
            return unique
        }
    }
}
