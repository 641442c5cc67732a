import FrontEndCore
import DBus
import Localization
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine
import WidgetsAPI

/// `--keep NAME`: the question is a prompt named NAME that outlives the
/// front end showing it. Run again (from any terminal, after the front end
/// was killed or the daemon replaced), the command shows the same prompt
/// where it was — a half-filled form with its values, secrets excepted
/// (API rule 13) — until it is answered, cancelled or its deadline passes.
enum Kept {
    /// The widget kind a command's prompt is; nil for a command that cannot be one.
    static func kind(of command: Command) -> WidgetKind? {
        switch command {
        case .choose(_, _, _, let limit, _, _, let delimiters, _): return Command.choosesInTable(limit: limit, delimiters) ? .table : .picker
        case .table, .filter: return .table
        case .pick, .confirm: return .picker
        case .input, .form: return .form
        case .file: return .file
        default: return nil
        }
    }

    /// The path of the prompt `keep` names for `command` when it still
    /// waits: the command resumes it instead of asking anew.
    static func waiting(_ command: Command, keep: String?, client: WidgetsClient) -> ObjectPath? {
        guard let keep, let path = kind(of: command)?.path(name: keep),
              (try? client.prompt(at: path).state) == .waiting else { return nil }
        return path
    }

    /// Runs `show` (a screen on the prompt at `path`: kept, or with a
    /// deadline) and ends the prompt as the person did: an answer finishes
    /// it, Esc or Ctrl-C cancels it, and either way it is destroyed; a
    /// signal or a lost terminal leaves it waiting, to resume. Finished
    /// elsewhere first — another front end's answer, a deadline — the
    /// screen closes and the answer it got is printed as `printing` prints
    /// one (read back: a broadcast empties secrets), with exit status 124
    /// for a deadline's; cancelled elsewhere, the command is. The deadline
    /// is counted down under the screen; a `secret` default is not shown.
    static func showing(_ path: ObjectPath, client: WidgetsClient, session: Session, secret: Bool = false, printing output: @escaping (DBusValue) -> Outcome,
                        _ show: () -> Outcome) throws -> Outcome {
        let prompt = try client.prompt(at: path)
        var endedElsewhere = false
        let elsewhere = prompt.rx.finished.subscribe(onNext: { _, _ in
            endedElsewhere = true
            session.finish(.cancelled)
        })
        if prompt.deadline > 0 {
            session.countDown(to: { prompt.deadline }, then: secret ? nil : QuestionPrompt.said(prompt.defaultAnswer))
        }
        var outcome = show()
        elsewhere.dispose()
        if case .done = outcome, !endedElsewhere {
            do {
                try prompt.finish()
            } catch let error as WidgetsClientError where error.name == WidgetsErrorName.alreadyFinished {
                // The deadline passed (or an agent answered) between the last key and this Finish.
                endedElsewhere = true
            }
        }
        if endedElsewhere {
            outcome = try ended(prompt, printing: output)
        }
        switch outcome {
        case .done, .timedOut:
            break
        case .cancelled, .interrupted:
            try? prompt.cancel()
        case .failed where prompt.state != .waiting:
            // Finished elsewhere: nothing is left to resume.
            break
        default:
            return outcome
        }
        _ = try? client.callManager(ManagerContract.destroy, path)
        return outcome
    }

    /// How a prompt finished elsewhere ends the command: its answer printed
    /// (124 for a deadline's), or cancelled; who answered is said.
    private static func ended(_ prompt: RemotePrompt, printing output: (DBusValue) -> Outcome) throws -> Outcome {
        switch prompt.state {
        case .answered:
            let by = prompt.answeredBy
            // TRANSLATORS: {0} is a prompt's path, {1} the user id that answered it, {2} the answering process's name.
            Output.error("rxwidgets: " + tr("{0} was answered by uid {1} ({2})", prompt.path.rawValue, by.uid, by.process.isEmpty ? tr("unknown process") : by.process) + "\n")
            return output(try prompt.readAnswer())
        case .timedOut:
            return output(try prompt.readAnswer()).timedOut
        case .cancelled, .waiting:
            return .cancelled
        }
    }
}
