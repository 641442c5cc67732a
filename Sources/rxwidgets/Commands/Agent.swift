import FrontEndCore
import CLinux
import Glibc
import DBus
import Localization
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine
import WidgetsAPI

/// `rxwidgets agent [--watch]`: answers, at this terminal, the prompts
/// waiting in the daemon (as `systemd-tty-ask-password-agent` answers
/// password requests). A prompt is shown with the screen of its widget's
/// kind; a person's answer finishes it (`Finish`), Esc leaves it waiting
/// for another agent. When another agent answers first, the screen closes
/// and says who did.
enum Agent {
    static func run(client: WidgetsClient, terminal: Terminal, watch: Bool) throws -> Outcome {
        guard watch else {
            let waiting = try offered(client)
            guard !waiting.isEmpty else {
                Output.error("rxwidgets: " + tr("no prompt is waiting") + "\n")
                return .done("")
            }
            guard let chosen = try choose(among: waiting, client: client, terminal: terminal) else { return .cancelled }
            return try answer(chosen, client: client, terminal: terminal)
        }
        var passed: Set<ObjectPath> = []
        while true {
            // The oldest prompt not yet passed over with Esc, as each comes.
            guard let next = try offered(client).first(where: { !passed.contains($0) }) else {
                let session = Session(terminal: terminal)
                let idle = IdleScreen(session: session) { (try? offered(client).contains { !passed.contains($0) }) ?? false }
                let ended = session.run(idle)
                if !ended.isPromptArrived {
                    return ended
                }
                continue
            }
            let outcome = try answer(next, client: client, terminal: terminal)
            switch outcome {
            case .done: break
            // Left waiting (Esc), refused here (another uid's), gone, or of a kind an agent does not show: not offered again.
            case .cancelled, .failed, .destroyed: passed.insert(next)
            default: return outcome
            }
        }
    }

    /// The waiting prompts this user may answer: its own, root's (one may be
    /// addressed to it with `for_uid`; a refused answer is said, and that
    /// prompt not offered again), and every one for root. Another user's
    /// prompt, and one for a third uid (the daemon does not let this uid read
    /// it), are not offered.
    private static func offered(_ client: WidgetsClient) throws -> [ObjectPath] {
        let me = getuid()
        return try client.waitingPrompts().filter { path in
            guard let asker = try? client.prompt(at: path).asker else { return false }
            return me == 0 || asker.uid == me || asker.uid == 0
        }
    }

    /// Offers the waiting prompts by title and asker; the one chosen, or nil on Esc.
    private static func choose(among waiting: [ObjectPath], client: WidgetsClient, terminal: Terminal) throws -> ObjectPath? {
        let lines = try waiting.map { path -> String in
            let prompt = try client.prompt(at: path)
            let asker = prompt.asker
            let title = prompt.title.isEmpty ? path.rawValue : prompt.title
            let command = asker.command.isEmpty ? "" : ", \(asker.command.prefix(40))"
            // TRANSLATORS: in the list of waiting prompts: who asks, by user id ("uid 1000").
            return "\(title) — " + tr("uid {0}", asker.uid) + command + deadline(of: prompt)
        }
        // The titles of prompts only this uid may read: the list is this uid's alone too.
        let list = try CommandWidgets.choicePicker(client, named: nil, titles: lines, selected: nil, isPrivate: true)
        let session = Session(terminal: terminal)
        guard case .done(let output) = session.run(ProgramScreen(picker: list, session: session, purpose: .chooseIndex, header: tr("Waiting prompts"), height: nil)),
              let index = Int(output.filter(\.isNumber)), waiting.indices.contains(index) else { return nil }
        return waiting[index]
    }

    private static func deadline(of prompt: RemotePrompt) -> String {
        guard prompt.deadline > 0 else { return "" }
        let left = Countdown.millisecondsLeft(to: prompt.deadline) / 1_000
        // TRANSLATORS: how long a waiting prompt still waits; "s" stands for seconds.
        return left > 0 ? ", " + tr("{0} s left", left) : ""
    }

    /// Shows the prompt at `path` with its widget's screen and finishes it
    /// with the person's answer: `.done` when it was answered here,
    /// `.cancelled` when left waiting, `.failed` when another agent was first.
    private static func answer(_ path: ObjectPath, client: WidgetsClient, terminal: Terminal) throws -> Outcome {
        let prompt = try client.prompt(at: path)
        let header = PromptWords.header(prompt)
        let name = path.lastComponent
        let session = Session(terminal: terminal)
        let answeredElsewhere = prompt.rx.finished.subscribe(onNext: { [weak prompt] _ in
            session.finish(.failed(prompt.map(PromptWords.ending) ?? tr("it was answered elsewhere")))
        })
        defer { answeredElsewhere.dispose() }
        let outcome: Outcome
        /// The asker's deadline, the daemon's: counted down here as where it
        /// was asked (a secret default, a form's, is not shown).
        func countDown(secret: Bool = false) {
            guard prompt.deadline > 0 else { return }
            session.countDown(to: { prompt.deadline }, then: secret ? nil : QuestionPrompt.said(prompt.defaultAnswer))
        }
        switch WidgetKind.widget(at: path.rawValue)?.kind {
        case .picker?:
            let picker = try client.picker(name)
            countDown()
            outcome = session.run(ProgramScreen(picker: picker, session: session, purpose: picker.numberOfComponents == 1 ? .choose : .pick, header: header, height: nil))
        case .table?:
            let table = try client.table(name)
            countDown()
            outcome = session.run(ProgramScreen(table: table, session: session, purpose: .choose, header: header, height: nil))
        case .form?:
            // One field (input's, write's) is answered as those commands answer it: Enter (Ctrl-D) is done.
            let form = try client.form(name)
            let purpose: FormModel.Purpose = form.layout.count == 1 ? .submitValue(form.layout[0].name) : .submit
            countDown(secret: form.layout.contains { $0.secret })
            outcome = session.run(ProgramScreen(form: form, session: session, purpose: purpose, header: header))
        case .file?:
            // This process lists the folders, as the person who runs the agent.
            let chooser = try client.fileChooser(name)
            let options = chooser.mode
            let mode: FileModel.Mode = options == "folder" ? .folder : options == "save" ? .save(name: chooser.suggestedName) : .open(multiple: chooser.isMultiple)
            let browser = FileScreen(chooser: chooser, session: session, mode: mode)
            defer { browser.end() }
            countDown()
            outcome = session.run(ProgramScreen(browser: browser, session: session))
        default:
            // TRANSLATORS: {0} is a prompt's path, whose widget an agent does not show.
            let refusal = tr("{0}: an agent answers pickers, tables, forms and file choosers", path.rawValue)
            Output.error("rxwidgets: " + refusal + "\n")
            return .failed(refusal)
        }
        guard case .done = outcome else {
            if case .failed(let message) = outcome {
                Output.error("rxwidgets: \(path.rawValue): \(message)\n")
            }
            return outcome
        }
        do {
            try prompt.finish()
        } catch let error as WidgetsClientError where error.name == WidgetsErrorName.alreadyFinished {
            Output.error("rxwidgets: \(path.rawValue): \(error.message)\n")
            return .failed(error.message)
        }
        return .done("")
    }

    /// What `agent --watch` shows between prompts: the terminal stays in
    /// raw mode, so Ctrl-C and q end the agent as on any screen.
    fileprivate final class IdleScreen: InteractiveScreen {
        private unowned let session: Session
        private var poll: LoopTimer?

        init(session: Session, promptWaits: @escaping () -> Bool) {
            self.session = session
            poll = MainLoop.shared.addTimer(after: 0, repeating: 250_000_000) { [unowned session] in
                if promptWaits() {
                    session.finish(.done(IdleScreen.arrived))
                }
            }
        }

        deinit {
            poll?.dispose()
        }

        // English on purpose: a marker the agent's loop reads, never shown.
        static let arrived = "prompt arrived"

        func lines(rows: Int, columns: Int) -> [Line] {
            // TRANSLATORS: the help line of the agent waiting for prompts: the keys q and ctrl-c (kept as they are) end it.
            [Line(tr("Waiting for prompts to answer…"), .bold), Line(), Line(tr("q or ctrl-c quits"), .help)]
        }

        func handle(_ key: Key) {
            if key == .character("q") || key == .escape {
                poll?.dispose()
                session.finish(.done(""))
            }
        }
    }
}

private extension Outcome {
    /// The idle screen ended because a prompt came, not because the person quit.
    var isPromptArrived: Bool {
        if case .done(let output) = self { return output == Agent.IdleScreen.arrived }
        return false
    }
}
