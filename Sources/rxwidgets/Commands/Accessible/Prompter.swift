import FrontEndCore
import RxWidgetsCommandLine
import Glibc
import Localization
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

    /// `text` as a question the answer is typed after: "Name: ".
    static func question(_ text: String) -> String {
        // TRANSLATORS: a question, then where its answer is typed (French puts a no-break space before the colon).
        tr("{0}: ", text)
    }

    /// `text` as the heading of what follows it on the next lines: "Gender:".
    static func heading(_ text: String) -> String {
        // TRANSLATORS: a heading of the lines after it (French puts a no-break space before the colon).
        tr("{0}:", text)
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
            // TRANSLATORS: {0} is how many items are listed, {1} the number Enter keeps.
            guard let answer = ask(tr("Choose a number from 1 to {0} [{1}]: ", items.count, current + 1)) else { return nil }
            let index = answer.isEmpty ? current : (Int(answer.filter { $0 != " " }).map { $0 - 1 } ?? -1)
            if items.indices.contains(index) { return index }
            say(Prompter.notANumber(String(answer), upTo: items.count))
        }
    }

    /// A form's choice among `options`: Enter keeps `current`, and with none
    /// chosen yet it asks again rather than choose for the person; `-`
    /// chooses none where the field may be left so. Nil at end of input.
    func chooseOption(_ options: [String], current: Int?, mayBeNone: Bool) -> OptionChoice? {
        guard let current else {
            say(options.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
            while true {
                // TRANSLATORS: {0} is how many options are listed; nothing is chosen yet, so Enter keeps nothing.
                guard let answer = ask(mayBeNone ? tr("Choose a number from 1 to {0}, or - for none: ", options.count) : tr("Choose a number from 1 to {0}: ", options.count)) else { return nil }
                if mayBeNone, answer.isEmpty || answer == "-" { return OptionChoice.none }
                if let index = Int(answer.filter { $0 != " " }).map({ $0 - 1 }), options.indices.contains(index) { return .option(index) }
                say(Prompter.notANumber(answer, upTo: options.count))
            }
        }
        return chooseOne(options, current: current).map { OptionChoice.option($0) }
    }

    /// What `chooseOption` read.
    enum OptionChoice: Equatable {
        case option(Int)
        case none
    }

    /// Indexes of up to `limit` (nil: any number) of `items`, as numbers
    /// separated by spaces or commas, Enter keeping `current` and `-` none; nil at end of input.
    func chooseSeveral(_ items: [String], current: [Int], limit: Int?) -> [Int]? {
        say(items.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
        // TRANSLATORS: what Enter keeps when no item is chosen now.
        let kept = current.isEmpty ? tr("none") : current.map { "\($0 + 1)" }.joined(separator: " ")
        // TRANSLATORS: {0} is how many items are listed, {1} the most that may be chosen, {2} the numbers Enter keeps; "-" is typed for none.
        let question = limit.map { tr("Choose numbers from 1 to {0} (at most {1}), separated by spaces; - for none [{2}]: ", items.count, $0, kept) }
            // TRANSLATORS: {0} is how many items are listed, {1} the numbers Enter keeps; "-" is typed for none.
            ?? tr("Choose numbers from 1 to {0}, separated by spaces; - for none [{1}]: ", items.count, kept)
        while true {
            guard let answer = ask(question) else { return nil }
            if answer.isEmpty { return current }
            if answer.filter({ $0 != " " }) == "-" { return [] }
            let words = answer.split { $0 == " " || $0 == "," }
            let indexes = words.map { Int($0).map { $0 - 1 } ?? -1 }
            if let bad = indexes.indices.first(where: { !items.indices.contains(indexes[$0]) }) {
                say(Prompter.notANumber(String(words[bad]), upTo: items.count))
                continue
            }
            var unique: [Int] = []
            for index in indexes where !unique.contains(index) {
                unique.append(index)
            }
            if let limit, unique.count > limit {
                // TRANSLATORS: {0} is how many items were chosen, {1} the most that may be.
                say(tr(one: "That is {0} item; choose at most {1}.", other: "That is {0} items; choose at most {1}.", count: unique.count, unique.count, limit))
                continue
            }
            return unique
        }
    }

    /// That `answer` is not one of the numbers 1 … `count`.
    private static func notANumber(_ answer: String, upTo count: Int) -> String {
        // TRANSLATORS: {0} is what was typed, in quotes, {1} the largest number that may be.
        tr("\"{0}\" is not a number from 1 to {1}.", quoted(answer, quote: nil), count)
    }

}
