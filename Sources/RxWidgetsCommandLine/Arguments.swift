import Glibc
import Localization
import RxCoreEssentials
import RxWidgetsClient

/// What the command line asks for.
package enum Command: Equatable {
    /// `limit`: how many items may be chosen (nil: any number).
    /// `delimiters`: each item is `LABEL` D `VALUE` (labels shown, values
    /// printed), a label `TITLE` E `DESCRIPTION` (drawn under the title).
    case choose(header: String?, height: Int?, selected: String?, limit: Int?, index: Bool, timeout: PromptTimeout?, delimiters: ItemDelimiters, items: [String]?)
    case filter(header: String?, height: Int?, limit: Int?, delimiters: ItemDelimiters, items: [String]?)
    /// `selected`: per component, the title it starts on (nil: its first row).
    case pick(components: [[String]], selected: [String?], header: String?, height: Int?)
    /// `selected`: the items chosen at the start (`--selected`, repeatable).
    /// `columns`: the items are CSV/TSV records shown as columns.
    case table(header: String?, height: Int?, multiple: Bool, selected: [String], items: [String]?, columns: TableColumns?)
    case form(spec: String, json: Bool, header: String?, outputs: Bool)
    case input(InputOptions)
    case confirm(prompt: String, affirmative: String, negative: String, defaultYes: Bool)
    case progress(ProgressOptions)
    /// `file`: a file chooser, browsed here.
    case file(FileOptions)
    /// `spin`: a pulsing progress while `command` runs.
    case spin(title: String?, showsOutput: Bool, cancellable: Bool, command: [String])
    case attach(path: String, height: Int?, outputs: Bool)
    case list(json: Bool)
    case watch(path: String?, json: Bool)
    case validate(name: String, form: String?, timeout: Int, replace: Bool, command: [String])
    /// `provide`: serves the options provider NAME from a command.
    case provide(name: String, form: String?, timeout: Int, replace: Bool, command: [String])
    /// `set`, `append`, `select`, `form-set`: one change of a shown widget, from a script.
    case update(UpdateAction, target: String, values: [String])
    /// `answer`: finishes a waiting prompt (a widget's path, or its name) with these values.
    case answer(target: String, values: [String])
    /// `answer --file`: finishes every prompt a JSON object names, each with its answer.
    case answerFile(path: String)
    /// `result`: waits for a prompt's answer and prints it.
    case result(target: String, json: Bool)
    /// `agent`: answers waiting prompts at this terminal; with `watch`, each as it comes.
    case agent(watch: Bool)
    case completions(shell: String)
    /// The usage, of every command or of one.
    case help(String?)
    case version

    /// Whether `choose` asks in a table rather than a popup picker: for
    /// several choices, or for items with descriptions (which the tables of
    /// both front ends draw under their titles).
    package static func choosesInTable(limit: Int?, _ delimiters: ItemDelimiters) -> Bool {
        limit != 1 || delimiters.description != nil
    }

    /// `--height`: the rows of a list, drawn inline below the cursor.
    package var height: Int? {
        switch self {
        case .choose(_, let height, _, _, _, _, _, _), .filter(_, let height, _, _, _), .pick(_, _, _, let height),
             .table(_, let height, _, _, _, _), .attach(_, let height, _):
            return height
        default:
            return nil
        }
    }
}

/// What `input` asks for: one text field and how it is shown and checked.
package struct InputOptions: Equatable {
    package var header: String?
    package var prompt = ">"
    package var placeholder: String?
    package var value = ""
    package var password = false
    package var charLimit: Int?
    package var pattern: String?
    /// `write`: several lines; Enter is a new line, Ctrl-D is done.
    package var multiline = false
}

/// `progress`: a bar a script drives through standard input, as zenity's
/// `--progress` reads it: a number line is a percentage, `# TEXT` sets the
/// text, `step N STATUS` a step's status; the end of input finishes it.
package struct ProgressOptions: Equatable {
    package var title: String?
    package var text = ""
    package var percentage = 0.0
    /// Pulse until the first percentage (how far is unknown).
    package var pulsate = false
    /// Exit as soon as the input ends, not when the person presses a key.
    package var autoClose = false
    package var cancellable = true
    /// On a person's Cancel, send SIGHUP to the parent process (zenity's `--auto-kill`).
    package var autoKill = false
    package var steps: [String] = []

    /// A pulsing bar (`spin`'s, whose title is the progress's text, shown by every front end).
    package static var pulsing: ProgressOptions {
        var options = ProgressOptions.shown
        options.pulsate = true
        return options
    }

    /// A progress another process drives, only shown (`attach`).
    package static let shown = ProgressOptions()
}

/// The changes a script makes to a shown widget (yad's `--listen`).
package enum UpdateAction: String, Equatable, CaseIterable {
    /// `set PATH items ITEM…`: the items of a picker (one component) or a table.
    case setItems = "set"
    /// `append PATH ITEM…`: items after the last.
    case append
    /// `select PATH TITLE…`: a picker's titles (one per component) or a table's rows.
    case select
    /// `form-set PATH FIELD=VALUE…`.
    case formSet = "form-set"
}

/// What `file` asks for: the chooser's mode, filters and first folder.
package struct FileOptions: Equatable {
    package var directory = false
    /// `--save NAME`: a file to write, named so.
    package var saveName: String?
    package var multiple = false
    package var filters: [FilterOption] = []
    /// An absolute path: the folder listed first.
    package var folder = ""

    /// `--filter "NAME | PATTERN …"`.
    package struct FilterOption: Equatable {
        package var name: String
        package var patterns: [String]
    }

    /// `--filter "Images | *.png *.jpg"` (or just "*.png *.jpg", named by its patterns).
    static func filter(_ text: String) throws -> FilterOption {
        let parts = text.split(separator: "|", maxSplits: 1).map { String($0).trimmingSpaces }
        let patterns = (parts.last ?? "").split(separator: " ").map(String.init)
        guard !patterns.isEmpty else { throw UsageError(description: "--filter \(quoted(text)) has no pattern: give \"NAME | PATTERN …\"") }
        return FilterOption(name: parts.count == 2 && !parts[0].isEmpty ? parts[0] : patterns.joined(separator: " "), patterns: patterns)
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

/// `--timeout`: when no answer was given within `seconds` (the daemon's
/// deadline of the question's prompt), `defaultAnswer` is the answer — an
/// item, a text, components' titles — as gum's `--timeout` with a default,
/// or without one the widget's state then; the command exits 124.
package struct PromptTimeout: Equatable {
    package let seconds: Int
    package let defaultAnswer: String?

    package init(seconds: Int, defaultAnswer: String?) {
        self.seconds = seconds
        self.defaultAnswer = defaultAnswer
    }
}

/// A question as a prompt (API "Prompt"), as the command line asks it:
/// its title and message (else the command's own words) and its deadline.
package struct Question: Equatable {
    package var timeout: PromptTimeout?
    package var title: String?
    package var message: String?

    package init(timeout: PromptTimeout? = nil, title: String? = nil, message: String? = nil) {
        self.timeout = timeout
        self.title = title
        self.message = message
    }
}

/// A command line that does not say anything the command can do (exit 2).
package struct UsageError: Error, CustomStringConvertible {
    package let description: String

    package init(description: String) {
        self.description = description
    }
}

/// Which program reads the command line: the terminal front end takes
/// every command, the GTK one those that show a widget, with its window's
/// options besides.
package enum FrontEnd: Sendable {
    case terminal
    case gtk

    /// The commands it takes.
    package var commands: [String] {
        switch self {
        case .terminal: return Arguments.commands
        case .gtk: return ["choose", "pick", "table", "form", "input", "write", "confirm", "progress", "file", "attach", "agent", "completions", "help"]
        }
    }

    /// Each of its commands with what it does, in the order help lists them.
    package var summaries: [(command: String, summary: String)] {
        Arguments.summaries.compactMap { entry in
            guard commands.contains(entry.command) else { return nil }
            // The desktop's agent answers in notifications and windows, not at a terminal.
            return self == .gtk && entry.command == "agent" ? (entry.command, "offer each waiting prompt in a notification that opens its window") : entry
        }
    }

    /// The options it takes besides a command's own.
    package var windowOptions: [String] {
        switch self {
        case .terminal: return []
        case .gtk: return ["--title", "--width"]
        }
    }

    /// A command's options for this front end.
    package func options(of command: String) -> [String] {
        // Accessible mode, the mouse in a terminal, and questions kept or not waited for are the terminal front end's.
        let own = Arguments.options[command, default: []].filter { self == .terminal || !["--accessible", "--no-mouse", "--keep", "--no-wait"].contains($0) }
        // A question's --title is its window's title too.
        return command == "completions" || command == "help" ? own : own + windowOptions.filter { !own.contains($0) }
    }
}

/// The window a GTK command opens (`--title`, `--width`; `--height` is the command's).
package struct WindowOptions: Equatable, Sendable {
    package var title: String?
    package var width: Int?

    package init(title: String? = nil, width: Int? = nil) {
        self.title = title
        self.width = width
    }
}

/// The parsed command line: the command and the bus to reach the daemon on.
package struct Arguments {
    package let command: Command
    /// `--title`, `--width` (the GTK front end).
    package var window = WindowOptions()
    /// `--address ADDR`; nil for the bus that started us or the session bus.
    package let address: String?
    /// `--name NAME`: the name of the widget an asking command makes, so
    /// another program can find it (`attach`, `watch`); nil for one of its own.
    package let widgetName: String?
    /// `--accessible` (or `RXWIDGETS_ACCESSIBLE=1` for the commands that
    /// take it): plain prompts answered a line at a time.
    package let accessible: Bool
    /// `--no-wait`: the question is made a prompt, its path printed, and
    /// the command exits; `rxwidgets result` collects the answer.
    package let noWait: Bool
    /// `--keep NAME`: the question is a prompt of that name that outlives
    /// the front end; the same command run again resumes it.
    package let keep: String?
    /// Clicks and the wheel are keys of a full-screen list, unless `--no-mouse`.
    package let mouse: Bool
    /// What the question is as a prompt: `--title`, `--message`, and
    /// `--timeout SECONDS [--default ANSWER]` (its deadline, which the daemon keeps).
    package let question: Question

    /// Every command with what it does, in the order help lists them.
    package static let summaries: [(command: String, summary: String)] = [
        ("choose", "a popup picker; prints the chosen item"),
        ("filter", "a fuzzy-filtered list; prints the chosen lines"),
        ("pick", "a picker of several components"),
        ("table", "a table; prints the selected rows"),
        ("form", "a form; prints the values on Submit"),
        ("input", "one line of text; prints it"),
        ("write", "several lines of text; prints them"),
        ("confirm", "a yes/no question; exit status 0 for yes"),
        ("progress", "a bar driven by standard input (zenity's protocol); exit status 1 when cancelled"),
        ("spin", "a pulsing progress while a command runs; its exit status"),
        ("file", "browse and choose files or a folder; prints the paths"),
        ("attach", "operate an existing widget live"),
        ("list", "the widgets on the bus"),
        ("watch", "every signal of the widgets but PropertiesChanged"),
        ("validate", "serve a form's remote check from a command"),
        ("agent", "answer the waiting prompts at this terminal"),
        ("answer", "answer a waiting prompt from a script"),
        ("set", "set a shown picker's or table's items from a script"),
        ("append", "append items to a shown picker or table"),
        ("select", "select titles in a shown picker or table"),
        ("form-set", "set a shown form's fields from a script"),
        ("provide", "serve a choice field's options from a command"),
        ("result", "wait for a prompt's answer and print it"),
        ("completions", "a completion script"),
        ("help", "the usage of every command or of one"),
    ]
    package static let commands = summaries.map(\.command)
    /// Each command's options, for parsing, `--help` and the completions.
    package static let options: [String: [String]] = [
        "choose": ["--header", "--height", "--selected", "--limit", "--no-limit", "--index", "--timeout", "--default", "--label-delimiter", "--description-delimiter", "--title", "--message", "--name", "--accessible", "--no-wait", "--keep", "--no-mouse"],
        "filter": ["--header", "--height", "--limit", "--no-limit", "--label-delimiter", "--description-delimiter", "--title", "--message", "--timeout", "--name", "--accessible", "--no-wait", "--keep", "--no-mouse"],
        "pick": ["--component", "--selected", "--header", "--height", "--timeout", "--default", "--title", "--message", "--name", "--accessible", "--no-wait", "--keep", "--no-mouse"],
        "table": ["--header", "--height", "--multiple", "--selected", "--columns", "--separator", "--return-column", "--title", "--message", "--timeout", "--name", "--accessible", "--no-wait", "--keep", "--no-mouse"],
        "form": ["--json", "--header", "--outputs", "--timeout", "--title", "--message", "--name", "--accessible", "--no-wait", "--keep"],
        "input": ["--header", "--prompt", "--placeholder", "--value", "--password", "--char-limit", "--pattern", "--timeout", "--default", "--title", "--message", "--name", "--accessible", "--no-wait", "--keep"],
        "write": ["--header", "--prompt", "--placeholder", "--value", "--char-limit", "--timeout", "--default", "--title", "--message", "--name", "--accessible", "--no-wait", "--keep"],
        "confirm": ["--affirmative", "--negative", "--default", "--timeout", "--title", "--message", "--name", "--accessible", "--no-wait", "--keep"],
        "progress": ["--title", "--text", "--percentage", "--pulsate", "--auto-close", "--no-cancel", "--auto-kill", "--steps", "--name"],
        "spin": ["--title", "--show-output", "--no-cancel", "--name"],
        "file": ["--directory", "--save", "--multiple", "--filter", "--title", "--message", "--timeout", "--name", "--no-wait", "--keep"],
        "attach": ["--height", "--outputs", "--no-mouse"],
        "list": ["--json"],
        "watch": ["--json"],
        "validate": ["--form", "--timeout", "--replace"],
        "provide": ["--form", "--timeout", "--replace"],
        "set": [],
        "append": [],
        "select": [],
        "form-set": [],
        "agent": ["--watch"],
        "answer": ["--file"],
        "result": ["--json"],
        "completions": [],
    ]
    /// Options that take no value.
    package static let flags: Set<String> = ["--directory", "--show-output", "--watch", "--multiple", "--json", "--outputs", "--password", "--no-limit", "--index", "--accessible", "--pulsate", "--auto-close", "--no-cancel", "--auto-kill", "--no-wait", "--no-mouse", "--replace"]
    package static let templates = WidgetsAPI.formTemplates
    package static let shells = ["bash", "zsh", "fish"]

    package init(_ words: [String], frontEnd: FrontEnd = .terminal) throws {
        var address: String?
        var words = words[...]
        var commandName: String?
        var values: [String: [String]] = [:]
        var positional: [String] = []
        var onlyPositional = false
        while let word = words.popFirst() {
            if onlyPositional || !word.hasPrefix("-") || word == "-" {
                if commandName == nil {
                    guard frontEnd.commands.contains(word) else {
                        throw UsageError(description: "unknown command \(quoted(word)); the commands are \(frontEnd.commands.joined(separator: ", "))")
                    }
                    commandName = word
                } else {
                    positional.append(word)
                }
                continue
            }
            if word == "--" {
                onlyPositional = true
                continue
            }
            var name = word
            var inline: String?
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                name = String(word[..<equals])
                inline = String(word[word.index(after: equals)...])
            }
            switch name {
            case "--help", "-h":
                // After a command, that command's help (as git's and systemctl's).
                self.init(command: .help(commandName), address: nil)
                return
            case "--version":
                self.init(command: .version, address: nil)
                return
            case "--address":
                address = try inline ?? Arguments.value(of: name, from: &words)
                continue
            default:
                break
            }
            guard let commandName else {
                throw UsageError(description: "option \(quoted(word)) before a command; the commands are \(frontEnd.commands.joined(separator: ", "))")
            }
            guard frontEnd.options(of: commandName).contains(name) else {
                let known = frontEnd.options(of: commandName)
                throw UsageError(description: "\(commandName) has no option \(quoted(name))" + (known.isEmpty ? "" : "; its options are \(known.joined(separator: ", "))"))
            }
            if Arguments.flags.contains(name) {
                guard inline == nil else { throw UsageError(description: "\(name) takes no value") }
                values[name, default: []].append("")
            } else {
                values[name, default: []].append(try inline ?? Arguments.value(of: name, from: &words))
            }
        }
        guard let commandName else {
            throw UsageError(description: "no command given; the commands are \(frontEnd.commands.joined(separator: ", "))")
        }
        let command = try Arguments.command(commandName, values: values, positional: positional)
        func named(_ option: String) throws -> String? {
            guard let given = values[option] else { return nil }
            guard given.count == 1, let name = given.first else { throw UsageError(description: "\(option) is given \(given.count) times; give it once") }
            guard NameRules.isWidgetName(name) else {
                throw UsageError(description: "\(option) \(quoted(name)) is not \(NameRules.widgetNameRule)")
            }
            return name
        }
        let widgetName = try named("--name")
        let keep = try named("--keep")
        if keep != nil && widgetName != nil {
            throw UsageError(description: "--keep NAME names the kept prompt; it does not go with --name")
        }
        let asked = values["--accessible"] != nil || (getenv("RXWIDGETS_ACCESSIBLE").map { String(cString: $0) == "1" } ?? false)
        self.init(command: command, address: address, widgetName: widgetName,
                  accessible: asked && frontEnd.options(of: commandName).contains("--accessible"), noWait: values["--no-wait"] != nil, keep: keep,
                  mouse: values["--no-mouse"] == nil,
                  question: Question(timeout: try Arguments.timeout(of: command, values: values), title: try Arguments.single("--title", values),
                                     message: try Arguments.single("--message", values)))
        if let title = values["--title"]?.last {
            window.title = title
        }
        if let text = values["--width"]?.last {
            guard let width = Int(text), (100...10_000).contains(width) else {
                throw UsageError(description: "--width \(quoted(text)) is not a number of pixels from 100 to 10000")
            }
            window.width = width
        }
    }

    private init(command: Command, address: String?, widgetName: String? = nil, accessible: Bool = false, noWait: Bool = false, keep: String? = nil,
                 mouse: Bool = true, question: Question = Question()) {
        self.command = command
        self.question = question
        self.mouse = mouse
        self.address = address
        self.widgetName = widgetName
        self.accessible = accessible
        self.noWait = noWait
        self.keep = keep
    }

    /// An option given at most once.
    private static func single(_ option: String, _ values: [String: [String]]) throws -> String? {
        guard let given = values[option] else { return nil }
        guard given.count == 1 else { throw UsageError(description: "\(option) is given \(given.count) times; give it once") }
        return given[0]
    }

    /// `--timeout SECONDS`, with `--default ANSWER` where the command takes
    /// one as an answer (confirm's `--default` chooses its selected button,
    /// which a timeout then answers; a form's answer is its values then).
    private static func timeout(of command: Command, values: [String: [String]]) throws -> PromptTimeout? {
        switch command {
        case .choose(_, _, _, _, _, let timeout, _, _): return timeout
        case .pick, .confirm, .input, .form, .table, .filter, .file: break
        default: return nil
        }
        guard let given = values["--timeout"] else {
            if case .confirm = command { return nil }
            if let answer = values["--default"]?.first {
                throw UsageError(description: "--default \(quoted(answer)) is what --timeout answers; give --timeout SECONDS too")
            }
            return nil
        }
        guard given.count == 1, let seconds = Int(given[0]), (1...86_400).contains(seconds) else {
            throw UsageError(description: "--timeout \(quoted(given.joined(separator: " "))) is not one number of seconds from 1 to 86400")
        }
        if case .confirm = command {
            return PromptTimeout(seconds: seconds, defaultAnswer: nil)
        }
        guard let answers = values["--default"] else { return PromptTimeout(seconds: seconds, defaultAnswer: nil) }
        guard answers.count == 1 else { throw UsageError(description: "--default is given \(answers.count) times; give it once") }
        return PromptTimeout(seconds: seconds, defaultAnswer: answers[0])
    }

    private static func value(of name: String, from words: inout ArraySlice<String>) throws -> String {
        guard let value = words.popFirst() else {
            throw UsageError(description: "\(name) needs a value")
        }
        return value
    }

    private static func command(_ name: String, values: [String: [String]], positional: [String]) throws -> Command {
        func single(_ option: String) throws -> String? {
            guard let given = values[option] else { return nil }
            guard given.count == 1 else { throw UsageError(description: "\(option) is given \(given.count) times; give it once") }
            return given[0]
        }
        func height() throws -> Int? {
            guard let text = try single("--height") else { return nil }
            guard let number = Int(text), number >= 1, number <= 10_000 else {
                throw UsageError(description: "--height \(quoted(text)) is not a number of rows from 1 to 10000")
            }
            return number
        }
        /// `--limit N` (1 by default) or `--no-limit` (nil).
        func limit() throws -> Int? {
            if values["--no-limit"] != nil {
                guard values["--limit"] == nil else { throw UsageError(description: "--limit and --no-limit contradict each other; give one") }
                return nil
            }
            guard let text = try single("--limit") else { return 1 }
            guard let number = Int(text), number >= 1, number <= 2_000_000 else {
                throw UsageError(description: "--limit \(quoted(text)) is not a number of items from 1 to 2000000")
            }
            return number
        }
        /// `--label-delimiter D` and `--description-delimiter E`: each non-empty, not one inside the other.
        func delimiters() throws -> ItemDelimiters {
            let given = ItemDelimiters(label: try single("--label-delimiter"), description: try single("--description-delimiter"))
            for (option, delimiter) in [("--label-delimiter", given.label), ("--description-delimiter", given.description)] where delimiter == "" {
                throw UsageError(description: "\(option) needs a non-empty text between an item's parts")
            }
            if let label = given.label, let description = given.description, label.contains(description) || description.contains(label) {
                throw UsageError(description: "--label-delimiter \(quoted(label)) and --description-delimiter \(quoted(description)) overlap; give two texts neither of which holds the other")
            }
            return given
        }
        /// `--columns H,H…`, `--separator S` and `--return-column N`.
        func tableColumns() throws -> TableColumns? {
            guard let text = try single("--columns") else {
                for option in ["--separator", "--return-column"] where values[option] != nil {
                    throw UsageError(description: "\(option) reads the rows as columns; give --columns NAME,NAME… too")
                }
                return nil
            }
            let headers = try DelimitedRecords.parse(text, separator: ",").first ?? []
            guard !headers.isEmpty, !headers.contains("") else {
                throw UsageError(description: "--columns \(quoted(text)) needs names separated by commas, none empty")
            }
            var columns = TableColumns(headers: headers)
            if let separator = try single("--separator") {
                columns.separator = try TableColumns.separator(separator)
            }
            if let column = try single("--return-column") {
                guard let number = Int(column), (1...headers.count).contains(number) else {
                    throw UsageError(description: "--return-column \(quoted(column)) is not a column's number from 1 to \(headers.count)")
                }
                columns.returnColumn = number
            }
            return columns
        }
        func noPositional() throws {
            if let first = positional.first {
                throw UsageError(description: "\(name) takes no argument \(quoted(first))")
            }
        }
        let header = try single("--header")
        switch name {
        case "choose":
            var timeout: PromptTimeout?
            if let text = try single("--timeout") {
                guard let seconds = Int(text), (1...86_400).contains(seconds) else {
                    throw UsageError(description: "--timeout \(quoted(text)) is not a number of seconds from 1 to 86400")
                }
                let answer = try single("--default")
                if let answer, try limit() != 1 {
                    throw UsageError(description: "--default \(quoted(answer)) is one item; with --limit or --no-limit a timeout answers the items chosen then")
                }
                timeout = PromptTimeout(seconds: seconds, defaultAnswer: answer)
            } else if let item = try single("--default") {
                throw UsageError(description: "--default \(quoted(item)) is what --timeout chooses; give --timeout SECONDS too")
            }
            return .choose(header: header, height: try height(), selected: try single("--selected"), limit: try limit(), index: values["--index"] != nil, timeout: timeout,
                           delimiters: try delimiters(), items: positional.isEmpty ? nil : positional)
        case "filter":
            return .filter(header: header, height: try height(), limit: try limit(), delimiters: try delimiters(), items: positional.isEmpty ? nil : positional)
        case "pick":
            try noPositional()
            guard let components = values["--component"], !components.isEmpty else {
                throw UsageError(description: "pick needs at least one --component A,B,C")
            }
            let split = components.map(Arguments.titles)
            var selected: [String?] = split.map { _ in nil }
            if let given = try single("--selected") {
                let titles = Arguments.titles(given)
                guard titles.count <= split.count else {
                    throw UsageError(description: "--selected \(quoted(given)) names \(titles.count) titles for \(split.count) components")
                }
                for (index, title) in titles.enumerated() where !title.isEmpty {
                    guard split[index].contains(title) else {
                        throw UsageError(description: "--selected: \(quoted(title)) is not a title of component \(index) (\(split[index].joined(separator: ",")))")
                    }
                    selected[index] = title
                }
            }
            return .pick(components: split, selected: selected, header: header, height: try height())
        case "table":
            let multiple = values["--multiple"] != nil
            let selected = values["--selected"] ?? []
            guard multiple || selected.count <= 1 else {
                throw UsageError(description: "table takes one --selected without --multiple, not \(selected.count)")
            }
            return .table(header: header, height: try height(), multiple: multiple, selected: selected, items: positional.isEmpty ? nil : positional, columns: try tableColumns())
        case "form":
            guard positional.count == 1 else {
                throw UsageError(description: "form needs one spec: \(Arguments.templates.joined(separator: ", ")) or a FILE.json" + (positional.isEmpty ? "" : ", not \(positional.count)"))
            }
            return .form(spec: positional[0], json: values["--json"] != nil, header: header, outputs: values["--outputs"] != nil)
        case "input", "write":
            try noPositional()
            var input = InputOptions(header: header, placeholder: try single("--placeholder"), value: try single("--value") ?? "", password: values["--password"] != nil, pattern: try single("--pattern"))
            input.prompt = try single("--prompt") ?? input.prompt
            if let text = try single("--char-limit") {
                guard let limit = Int(text), (1...65_536).contains(limit) else {
                    throw UsageError(description: "--char-limit \(quoted(text)) is not a number of characters from 1 to 65536")
                }
                input.charLimit = limit
            }
            input.multiline = name == "write"
            return .input(input)
        case "confirm":
            guard positional.count <= 1 else { throw UsageError(description: "confirm takes one PROMPT") }
            let answer = try single("--default") ?? "yes"
            guard answer == "yes" || answer == "no" else {
                throw UsageError(description: "--default \(quoted(answer)) is neither yes nor no")
            }
            // In the person's language: a script's `rxwidgets answer … yes`
            // still finds the first (Prompts.row), and the outcome is the row chosen.
            let affirmative = try single("--affirmative") ?? tr("Yes")
            let negative = try single("--negative") ?? tr("No")
            guard affirmative != negative, !affirmative.isEmpty, !negative.isEmpty else {
                throw UsageError(description: "--affirmative and --negative must be two different, non-empty answers")
            }
            return .confirm(prompt: positional.first ?? tr("Are you sure?"), affirmative: affirmative, negative: negative, defaultYes: answer == "yes")
        case "progress":
            try noPositional()
            var progress = ProgressOptions(title: try single("--title"), text: try single("--text") ?? "", pulsate: values["--pulsate"] != nil,
                                           autoClose: values["--auto-close"] != nil, cancellable: values["--no-cancel"] == nil, autoKill: values["--auto-kill"] != nil)
            if let text = try single("--percentage") {
                guard let percentage = Double(text), percentage.isFinite, (0...100).contains(percentage) else {
                    throw UsageError(description: "--percentage \(quoted(text)) is not a number from 0 to 100")
                }
                progress.percentage = percentage
            }
            if let steps = try single("--steps") {
                progress.steps = steps.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
                guard progress.steps.allSatisfy({ !$0.isEmpty }) else {
                    throw UsageError(description: "--steps \(quoted(steps)) has an empty step: give titles separated by commas")
                }
            }
            return .progress(progress)
        case "file":
            guard positional.count <= 1 else { throw UsageError(description: "file takes at most one PATH, the folder to start in") }
            var file = FileOptions(directory: values["--directory"] != nil, saveName: try single("--save"), multiple: values["--multiple"] != nil)
            if file.directory && (file.saveName != nil || file.multiple) {
                throw UsageError(description: "--directory chooses one folder; it does not go with --save or --multiple")
            }
            if file.saveName != nil && file.multiple {
                throw UsageError(description: "--save writes one file; it does not go with --multiple")
            }
            if let name = file.saveName, name.isEmpty || name.contains("/") {
                throw UsageError(description: "--save \(quoted(name)) is not a file name (no '/')")
            }
            file.filters = try (values["--filter"] ?? []).map(FileOptions.filter)
            let start = positional.first ?? "."
            var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard realpath(start, &resolved) != nil else {
                throw UsageError(description: "\(quoted(start)): \(String(cString: strerror(errno)))")
            }
            file.folder = String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .file(file)
        case "spin":
            guard !positional.isEmpty else {
                throw UsageError(description: "spin needs a COMMAND to run: rxwidgets spin [--title TEXT] -- COMMAND [ARG…]")
            }
            return .spin(title: try single("--title"), showsOutput: values["--show-output"] != nil, cancellable: values["--no-cancel"] == nil, command: positional)
        case "help":
            guard positional.count <= 1, positional.allSatisfy(commands.contains) else {
                throw UsageError(description: "help takes one command, of \(commands.joined(separator: ", "))")
            }
            return .help(positional.first)
        case "attach":
            guard positional.count == 1 else {
                throw UsageError(description: "attach needs one OBJECT_PATH, e.g. /org/rxwidgets/Widgets1/picker/fruit")
            }
            return .attach(path: positional[0], height: try height(), outputs: values["--outputs"] != nil)
        case "list":
            try noPositional()
            return .list(json: values["--json"] != nil)
        case "watch":
            guard positional.count <= 1 else { throw UsageError(description: "watch takes at most one OBJECT_PATH") }
            return .watch(path: positional.first, json: values["--json"] != nil)
        case "set", "append", "select", "form-set":
            let action = UpdateAction(rawValue: name)!
            var values = Array(positional.dropFirst())
            if action == .setItems {
                guard values.first == "items" else {
                    throw UsageError(description: "set takes what to set, then the values: rxwidgets set PATH items ITEM…")
                }
                values.removeFirst()
            }
            guard let target = positional.first, !(action != .setItems && values.isEmpty) else {
                throw UsageError(description: "\(name) needs a widget (its OBJECT_PATH or NAME) and \(action == .formSet ? "FIELD=VALUE…" : "the titles")")
            }
            return .update(action, target: target, values: values)
        case "validate", "provide":
            guard positional.count >= 2 else {
                throw UsageError(description: "\(name) needs a \(name == "provide" ? "provider's" : "validator's") NAME and a COMMAND: rxwidgets \(name) NAME -- COMMAND [ARG…]")
            }
            var timeout = 30
            if let text = try single("--timeout") {
                guard let seconds = Int(text), (1...3_600).contains(seconds) else {
                    throw UsageError(description: "--timeout \(quoted(text)) is not a number of seconds from 1 to 3600")
                }
                timeout = seconds
            }
            if name == "provide" {
                return .provide(name: positional[0], form: try single("--form"), timeout: timeout, replace: values["--replace"] != nil, command: Array(positional.dropFirst()))
            }
            return .validate(name: positional[0], form: try single("--form"), timeout: timeout, replace: values["--replace"] != nil, command: Array(positional.dropFirst()))
        case "agent":
            try noPositional()
            return .agent(watch: values["--watch"] != nil)
        case "answer" where values["--file"] != nil:
            try noPositional()
            return .answerFile(path: try single("--file") ?? "")
        case "answer":
            guard positional.count >= 2 else {
                throw UsageError(description: "answer needs a prompt (its OBJECT_PATH or NAME, as 'rxwidgets list' shows them) and the answer: TITLE… for a picker or table, FIELD=VALUE… for a form")
            }
            return .answer(target: positional[0], values: Array(positional.dropFirst()))
        case "result":
            guard positional.count == 1 else {
                throw UsageError(description: "result needs one prompt: its OBJECT_PATH or NAME")
            }
            return .result(target: positional[0], json: values["--json"] != nil)
        default:
            guard positional.count == 1, Arguments.shells.contains(positional[0]) else {
                throw UsageError(description: "completions needs one shell: bash, zsh or fish")
            }
            return .completions(shell: positional[0])
        }
    }

    /// A `--component`'s titles: split at commas; `\,` is a comma in a
    /// title and `\\` a backslash.
    package static func titles(_ component: String) -> [String] {
        var titles = [""]
        var escaped = false
        for character in component {
            if escaped {
                titles[titles.count - 1].append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                titles.append("")
            } else {
                titles[titles.count - 1].append(character)
            }
        }
        if escaped {
            titles[titles.count - 1].append("\\")
        }
        return titles
    }

    package static let usage = """
    Usage: rxwidgets COMMAND [OPTION…] [ARGUMENT…]

    Ask a person on the terminal through the widgets rxwidgetsd serves: the
    model (items, selection, validation) lives in the daemon, so any other
    program on the bus sees and drives the same widget. The interface is drawn
    on /dev/tty; only the result goes to standard output.

    Commands:
      choose [--header TEXT] [--height N] [--selected ITEM] [--limit N | --no-limit] [--index]
             [--timeout SECONDS [--default ITEM]] [--label-delimiter D] [--description-delimiter E] [--no-mouse] [ITEM…]
                 a popup picker; prints the chosen item, or its index from 0
                 with --index; after --timeout seconds --default ITEM is
                 chosen, without it the item selected then; with --label-delimiter
                 D, an item LABEL D VALUE shows LABEL and prints VALUE (items from standard
                 input, one a line, when none are given); with --description-delimiter
                 E, a label TITLE E DESCRIPTION shows the description under the
                 title, dimmer, in a table of one choice; with --limit N
                 above 1 or --no-limit, a table where Space chooses up to N
                 items (Ctrl-A all) and Enter prints them, one a line
      filter [--header TEXT] [--height N] [--limit N | --no-limit] [--label-delimiter D] [--description-delimiter E]
             [--timeout SECONDS] [--no-mouse] [ITEM…]
                 the items (or standard input's lines) as a table narrowed
                 and ranked as you type (fuzzy: the letters in order); Enter
                 prints the line under the cursor, or with --limit/--no-limit
                 the lines chosen with Tab; --label-delimiter and
                 --description-delimiter as choose's, the search reading
                 titles and descriptions
      pick --component A,B,C [--component S,M,L …] [--selected A,S] [--header TEXT] [--height N]
           [--timeout SECONDS [--default A,S]] [--no-mouse]
                 a picker of several components; prints each one's selected
                 title, tab-separated (\\, is a comma in a title, \\\\ a backslash);
                 --selected A,S starts each component on a title
      table [--header TEXT] [--height N] [--multiple] [--selected ITEM …] [--timeout SECONDS] [--no-mouse]
            [--columns NAME,NAME… [--separator S] [--return-column N]] [ITEM…]
                 a table; prints the selected row(s), one a line; --selected
                 chooses an item at the start (several with --multiple);
                 with --columns each item is a CSV record (RFC 4180: quoted
                 fields may hold the separator, quotes doubled, CRLF ends a
                 record too), fields separated by S (, by default; tab for
                 TSV), shown as aligned columns (at most 64) under the names;
                 a chosen row prints as the record, or its Nth field (from 1)
                 with --return-column N
      form (about-you | sign-up | github-signup | FILE.json) [--json] [--header TEXT] [--outputs] [--timeout SECONDS]
                 a form; on Submit prints the values as name=value lines
                 (one JSON object with --json); --outputs also shows the
                 form's derived outputs, which are for programs
      input [--header TEXT] [--prompt TEXT] [--placeholder TEXT] [--value TEXT]
             [--password] [--char-limit N] [--pattern REGEX] [--timeout SECONDS [--default TEXT]]
                 one line of text, checked by the daemon (a form of one
                 field); Enter prints it
      write [--header TEXT] [--prompt TEXT] [--placeholder TEXT] [--value TEXT]
             [--char-limit N] [--timeout SECONDS [--default TEXT]]
                 several lines of text (a form of one multiline field);
                 Enter is a new line, Ctrl-D prints the text
      confirm [PROMPT] [--affirmative TEXT] [--negative TEXT] [--default yes|no] [--timeout SECONDS]
                 a yes/no question (a picker of the two answers); exit
                 status 0 for the affirmative, 1 for the negative or Esc;
                 y and n answer at once; a timeout answers the --default
      progress [--title TEXT] [--text TEXT] [--percentage N] [--pulsate] [--auto-close]
               [--no-cancel] [--auto-kill] [--steps "STEP,STEP…"]
                 a bar driven by standard input as zenity's --progress reads
                 it: a number line is the percentage, "# TEXT" the text,
                 "step N STATUS" a step's status; the end of input finishes
                 it. Esc or any front end's Cancel exits 1 (--auto-kill
                 also sends the parent SIGHUP)
      file [--directory | --save NAME | --multiple] [--filter "NAME | PATTERN …" …] [--timeout SECONDS] [PATH]
                 browses folders from PATH (or here) and prints the path
                 chosen (with --multiple, Space marks several, one a
                 line); --directory chooses a folder, --save a file to
                 write named NAME (asking before an existing one); . shows
                 hidden files, / filters as you type (fuzzy). The daemon
                 holds the chooser and never reads a file; while a filter
                 is typed it is given the folder's names to search
      spin [--title TEXT] [--show-output] [--no-cancel] -- COMMAND [ARG…]
                 a pulsing progress titled TEXT while COMMAND runs in a
                 process group of its own; exits with its status. Esc, q
                 or Cancel in any front end ends the whole group (exit
                 status 1), as Ctrl-C does (130); --show-output passes its
                 output through
      attach OBJECT_PATH [--height N] [--outputs] [--no-mouse]
                 shows an existing widget live and lets you operate it
      list [--json]
                 the widgets on the bus: path, kind, revision
      watch [OBJECT_PATH] [--json]
                 every signal of one widget (or of all) but PropertiesChanged,
                 one line each
      validate NAME [--form PATH] [--timeout SECONDS] [--replace] -- COMMAND [ARG…]
                 serves the remote check NAME (a spec's rules.remote) for
                 every form that uses it, or for one: COMMAND gets each value
                 on standard input (RXWIDGETS_FIELD, RXWIDGETS_FORM and
                 RXWIDGETS_VALUE set); exit 0 is valid, else its output is
                 the message; no answer within --timeout (30) is none; a
                 form another client serves NAME for is left to it unless
                 --replace
      agent [--watch]
                 the prompts waiting for an answer (title, asker, deadline):
                 the one chosen is shown and the answer given finishes it;
                 Esc leaves it waiting; with --watch, each prompt is shown
                 as it comes, until Ctrl-C
      answer (OBJECT_PATH | NAME) VALUE…
      answer --file ANSWERS.json
                 answers a waiting prompt as a person would, then finishes
                 it: a picker's titles (one per component; confirm's
                 yes or no), a table's titles, a form's FIELD=VALUE; a value
                 the daemon refuses exits 3 with its reason. --file answers
                 every prompt a JSON object names: {"NAME": "title",
                 "NAME": ["title", …], "NAME": {"field": value, …}}
      result (OBJECT_PATH | NAME) [--json]
                 waits for a prompt's answer and prints it: a picker's
                 titles tab-separated, a table's titles one a line, a form's
                 name=value lines (or JSON); exit 1 when it was cancelled,
                 124 when its deadline passed
      provide NAME [--form PATH] [--timeout SECONDS] [--replace] -- COMMAND [ARG…]
                 serves the options provider NAME (a choice field's
                 optionsFrom.provider): COMMAND gets the fields it lists as
                 one JSON object on standard input and prints an option a line
      set (OBJECT_PATH | NAME) items ITEM…
      append (OBJECT_PATH | NAME) ITEM…
      select (OBJECT_PATH | NAME) TITLE…
      form-set (OBJECT_PATH | NAME) FIELD=VALUE…
                 change a shown widget from a script, one call each (every
                 front end showing it follows): a picker's (one component)
                 or a table's items, items appended, titles selected (one
                 per picker component), a form's fields
      completions (bash | zsh | fish)
                 a completion script for the shell
      help [COMMAND]
                 this text, or one command's

    Options:
      --address ADDR  the bus to use (default: the bus that started this
                      program, else the session bus)
      --name NAME     (choose, filter, pick, table, form, input, confirm) the
                      widget's name, so other programs can attach to it
      --height N      (choose, filter, pick, table, attach) at most N rows,
                      drawn inline below the cursor and cleared at the end,
                      not on the full screen
      --accessible    (every command that asks, but attach; or RXWIDGETS_ACCESSIBLE=1)
                      plain numbered prompts answered a line at a time, no
                      redrawing, for screen readers
      --title TEXT, --message TEXT  (every command that asks) the question's
                      title and message as a prompt: what an agent, 'rxwidgets
                      answer' and another front end show of it (the title is
                      else the header or what the command asks)
      --timeout SECONDS  (every command that asks, file too) the
                      question's deadline, kept by the daemon: every front
                      end on it counts the same seconds down; when it
                      passes, --default (else what the question holds then)
                      is printed and the exit status is 124
      --keep NAME     (choose, filter, pick, table, confirm, input, write, form, file) the question
                      is a prompt named NAME that outlives this front end:
                      run the same command again (from any terminal, after
                      a crash or a daemon restart) and it resumes where it
                      was, a form with its values (secrets excepted)
      --no-wait       (choose, filter, pick, table, confirm, input, write, form, file) make the
                      question a prompt that outlives this process, print
                      its path and exit; 'rxwidgets result PATH' waits for
                      the answer

    Without a terminal (a cron job, a service, ssh without -t) choose, pick,
    confirm, input, write and form ask anyway: the question becomes a prompt
    kept by the daemon, standard error says where it waits, and the command
    prints the answer when 'rxwidgets answer' (or any front end's Finish)
    gives it.
      --help, --version

    Keys: ↑/↓ or k/j, PgUp/PgDn, Home/End, / filter, Tab/Shift-Tab between
    components or fields, Enter, Esc or q to cancel, Ctrl-C. The mouse, on a
    full-screen list (not with --height; off with --no-mouse): a click
    chooses a row, a click on the chosen row is Enter (Space where several
    may be chosen), the wheel moves.

    Exit status: 0 chosen or submitted (confirm: the affirmative), 1 cancelled
    (confirm: the negative), 2 usage error or no terminal, 3 no daemon or a
    D-Bus error, 4 the widget shown was destroyed (attach), 124 a prompt's
    deadline passed, 130 Ctrl-C, 143 SIGTERM.
    """

    /// One command's usage: its lines of the usage above (its synopsis,
    /// however many lines it takes, and what it does), the options every
    /// command takes, and the exit statuses.
    package static func usage(of command: String) -> String {
        let lines = usage.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(command) ") || $0 == "  \(command)" }) else { return usage }
        var block = [lines[start]]
        // The next command's line is indented two spaces; its own go deeper
        // (or name it again: a second synopsis).
        for line in lines[(start + 1)...] {
            guard line.hasPrefix("   ") || line.hasPrefix("  \(command) ") else { break }
            block.append(line)
        }
        let tail = lines.drop { !$0.hasPrefix("Options:") }
        return "Usage: rxwidgets" + block.joined(separator: "\n").dropFirst(1) + "\n\n" + tail.joined(separator: "\n")
    }
}
