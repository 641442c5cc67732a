import DBus
import Glibc
import RxCoreEssentials
import WidgetsAPI

/// A widget's question (API "Prompt"): served at the widget's path beside
/// its own interface, it waits until a person finishes or cancels it from
/// any front end of an allowed uid — the first one wins — or its deadline
/// passes. Its changes are its widget's: counted in the widget's `Revision`,
/// announced state first (`PropertiesChanged` of this interface), then
/// `Finished`, then the reply.
final class Prompt {
    /// Who asked: uid, process id (0 when the bus did not say) and command line.
    struct Asker: Equatable {
        let uid: UInt32
        let pid: UInt32
        let command: String
    }

    /// The widget the prompt asks about; it holds the prompt (`WidgetHost.prompt`).
    unowned let widget: any ServedWidget
    let title: String
    let message: String
    /// The answer a deadline gives; nil for the widget's state then.
    let defaultAnswer: DBusValue?
    /// The one uid besides the owner and 0 that may answer (`for_uid`).
    let forUID: UInt32?
    let asker: Asker
    private(set) var state = PromptState.waiting
    /// Milliseconds since the Unix epoch; 0 for none.
    private(set) var deadline: UInt64
    /// The answer once finished, unredacted.
    private(set) var answer: DBusValue?
    private(set) var answeredBy: (uid: UInt32, process: String) = (0, "")
    private var deadlineTimer: LoopTimer?
    /// Orders the waiting prompts (`Manager.Prompts`) by creation.
    let created: UInt64

    init(of widget: any ServedWidget, options: [String: DBusValue], asker: Asker, now: UInt64, created: UInt64) throws {
        self.widget = widget
        let checks = widget.context.arguments
        title = options[PromptOption.title]?.stringValue ?? ""
        message = options[PromptOption.message]?.stringValue ?? ""
        try checks.checkString(title, "options 'prompt' 'title'")
        try checks.checkString(message, "options 'prompt' 'message'")
        defaultAnswer = options[PromptOption.default]?.variantValue
        if let defaultAnswer {
            guard defaultAnswer.type == widget.promptAnswerType else {
                throw DBusError.invalidArgs("options 'prompt' 'default': a \(widget.kind.rawValue)'s answer is '\(widget.promptAnswerType.signature)', got '\(defaultAnswer.type.signature)'")
            }
            try checks.checkStrings(in: defaultAnswer, "options 'prompt' 'default'")
        }
        switch (options[PromptOption.deadline], options[PromptOption.timeout]) {
        case (.uint64?, .uint32?):
            throw DBusError.invalidArgs("options 'prompt': give 'deadline' or 'timeout', not both")
        case (.uint64(let at)?, _):
            deadline = at
        case (_, .uint32(let milliseconds)?):
            deadline = now + UInt64(milliseconds)
        default:
            deadline = 0
        }
        if case .uint32(let uid)? = options[PromptOption.forUID] {
            guard asker.uid == 0 else {
                throw WidgetsError.accessDenied("options 'prompt' 'for_uid': only uid 0 may ask for another uid; the caller is uid \(asker.uid)")
            }
            forUID = uid
        } else {
            forUID = nil
        }
        self.asker = asker
        self.created = created
    }

    /// Milliseconds since the Unix epoch now (`CLOCK_REALTIME`).
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return UInt64(max(time.tv_sec, 0)) * 1_000 + UInt64(max(time.tv_nsec, 0)) / 1_000_000
    }

    var described: String { "the prompt of \(widget.host.described)" }

    /// The bytes the prompt holds, counted with its widget's.
    var footprint: Int {
        Footprint.of(title) + Footprint.of(message) + Footprint.of(asker.command) + Footprint.of(answeredBy.process)
            + (defaultAnswer.map(Footprint.of) ?? 0) + (answer.map(Footprint.of) ?? 0)
    }

    // MARK: Finishing

    /// Refuses a prompt that is no longer waiting, naming how it ended.
    func requireWaiting(_ method: String) throws {
        guard state != .waiting else { return }
        let by = answeredBy.process.isEmpty && answeredBy.uid == 0 ? "" : " by uid \(answeredBy.uid) (\(answeredBy.process.isEmpty ? "unknown process" : answeredBy.process))"
        throw WidgetsError.alreadyFinished("\(method): \(described) is \(state.rawValue)\(by)")
    }

    /// Ends the prompt `state` with `answer`, inside a changing call of the
    /// widget: the properties change, then `Finished` (redacted as a
    /// broadcast must be), then the call's reply.
    func finish(_ end: PromptState, answer: DBusValue, by caller: (uid: UInt32, process: String)) {
        state = end
        self.answer = answer
        answeredBy = caller
        deadlineTimer?.dispose()
        deadlineTimer = nil
        widget.reportPromptChange(API.state.name, API.answer.name, API.answeredBy.name)
        widget.emit(on: API.name, API.finished, end.rawValue, Variant(widget.redacted(answer, for: .everyone)))
    }

    /// Who finished it, for `AnsweredBy`: the caller's uid and its process's name.
    func caller(of call: MethodCall) -> (uid: UInt32, process: String) {
        let pid = widget.context.server?.processID(of: call.sender)
        return (call.senderUID ?? 0, pid.map(Prompt.processName(of:)) ?? "")
    }

    /// A process's name (`/proc/PID/comm`); empty when it cannot be read.
    static func processName(of pid: UInt32) -> String {
        String(decoding: procFile("/proc/\(pid)/comm").prefix { $0 != 10 }, as: UTF8.self)
    }

    /// A process's command line (`/proc/PID/cmdline`, its arguments joined
    /// by spaces), at most 1,024 bytes read; empty when it cannot be read.
    static func commandLine(of pid: UInt32) -> String {
        procFile("/proc/\(pid)/cmdline").split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    }

    /// The first KiB of a file of /proc; empty when it cannot be read.
    private static func procFile(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 1_024)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return Array(bytes.prefix(max(count, 0)))
    }

    // MARK: State

    /// What the prompt's widget file keeps of it; a form's secrets are left out of the answer.
    var record: PromptRecord {
        PromptRecord(title: title, message: message, defaultAnswer: defaultAnswer.map { widget.redacted($0, for: .everyone) }, forUID: forUID, asker: asker,
                     state: state, deadline: deadline, answer: answer.map { widget.redacted($0, for: .everyone) }, answeredBy: answeredBy)
    }

    /// The prompt a state file describes, checked as `CreateX` checks its options.
    init(restoring record: PromptRecord, of widget: any ServedWidget, created: UInt64) throws {
        self.widget = widget
        let checks = widget.context.arguments
        for (text, what) in [(record.title, "title"), (record.message, "message"), (record.asker.command, "asker's command"), (record.answeredBy.process, "answerer's process")] {
            try checks.checkString(text, "stored prompt \(what)")
        }
        for (value, what) in [(record.defaultAnswer, "default"), (record.answer, "answer")] {
            if let value {
                try checks.checkStrings(in: value, "stored prompt \(what)")
            }
        }
        guard record.asker.uid == widget.ownerUID, record.forUID == nil || record.asker.uid == 0 else {
            throw StateFile.ReadError(description: "a prompt's stored asker uid \(record.asker.uid) (for_uid \(record.forUID.map(String.init) ?? "none")) is not one this daemon writes for a widget of uid \(widget.ownerUID)")
        }
        title = record.title
        message = record.message
        defaultAnswer = record.defaultAnswer
        forUID = record.forUID
        asker = record.asker
        state = record.state
        deadline = record.deadline
        answer = record.answer
        answeredBy = record.answeredBy
        self.created = created
    }

    // MARK: Deadline

    /// Arms the timer for the deadline; a deadline already past finishes
    /// the prompt now. Called once the widget is served, and when the
    /// deadline moves.
    func armDeadline() {
        deadlineTimer?.dispose()
        deadlineTimer = nil
        guard state == .waiting, deadline > 0 else { return }
        let now = Prompt.now()
        guard deadline > now else {
            timeOut()
            return
        }
        // At most a day at a time: the wall clock may be set meanwhile.
        let wait = min(deadline - now, 86_400_000)
        deadlineTimer = MainLoop.shared.addTimer(after: Int64(wait) * 1_000_000) { [weak self] in
            self?.armDeadline()
        }
    }

    /// Finishes the prompt `timedOut` with its default, else with the
    /// widget's state — unless someone finished it while served rows were read.
    private func timeOut() {
        guard state == .waiting else { return }
        if let defaultAnswer {
            widget.changeOnItsOwn { self.finish(.timedOut, answer: defaultAnswer, by: (0, "")) }
            return
        }
        widget.timingOut { [weak self] answer in
            guard let self, state == .waiting else { return }
            finish(.timedOut, answer: answer, by: (0, ""))
        }
    }

    /// Moves the deadline (`SetDeadline`), inside a changing call.
    func setDeadline(_ new: UInt64) {
        guard new != deadline else { return }
        deadline = new
        widget.reportPromptChange(API.deadline.name)
        armDeadline()
    }

    /// Lets go of the timer: the widget is off the bus.
    func stop() {
        deadlineTimer?.dispose()
        deadlineTimer = nil
    }

    // MARK: Interface

    typealias API = PromptContract

    /// `org.rxwidgets.Widgets1.Prompt`: the contract's handlers, bound to every prompt.
    static let declaration = InterfaceDeclaration(Handlers())

    func boundInterface() -> Interface { Prompt.declaration.bind(to: self) }

    /// The handlers of `PromptContract`, one per member, as the contract names them.
    struct Handlers: InterfaceHandlers {
        typealias Target = Prompt
        typealias Contract = PromptContract

        let finish: MethodHandler = API.finish.serve(answering: { prompt, _, call, later in
            try prompt.requireWaiting(API.finish.name)
            return try prompt.widget.finishingPrompt(call, later) { answer in
                try prompt.requireWaiting(API.finish.name)
                prompt.finish(.answered, answer: answer, by: prompt.caller(of: call))
            }
        })
        let cancel: MethodHandler = API.cancel.serve { prompt, _, call in
            try prompt.widget.mutate(call) {
                try prompt.requireWaiting(API.cancel.name)
                prompt.finish(.cancelled, answer: .string(""), by: prompt.caller(of: call))
            }
        }
        let setDeadline: MethodHandler = API.setDeadline.serve { prompt, deadline, call in
            guard call.senderUID == prompt.widget.ownerUID || call.senderUID == 0 else {
                throw WidgetsError.accessDenied("SetDeadline: \(prompt.described) belongs to uid \(prompt.widget.ownerUID); uid \(call.senderUID.map(String.init) ?? "unknown") may not move its deadline")
            }
            try prompt.widget.mutate(call) {
                try prompt.requireWaiting(API.setDeadline.name)
                prompt.setDeadline(deadline)
            }
        }
        let title: PropertyHandler = API.title.serve { $0.title }
        let message: PropertyHandler = API.message.serve { $0.message }
        let state: PropertyHandler = API.state.serve { $0.state.rawValue }
        let deadline: PropertyHandler = API.deadline.serve { $0.deadline }
        let defaultAnswer: PropertyHandler = API.defaultAnswer.serve(reading: { prompt, reader in
            Variant(prompt.defaultAnswer.map { prompt.widget.redacted($0, for: reader) } ?? .string(""))
        })
        let answer: PropertyHandler = API.answer.serve(reading: { prompt, reader in
            Variant(prompt.answer.map { prompt.widget.redacted($0, for: reader) } ?? .string(""))
        })
        let answeredBy: PropertyHandler = API.answeredBy.serve { DBusStruct($0.answeredBy.uid, $0.answeredBy.process) }
        let asker: PropertyHandler = API.asker.serve { DBusStruct($0.asker.uid, $0.asker.pid, $0.asker.command) }
    }
}
