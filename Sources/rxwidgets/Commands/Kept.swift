import FrontEndCore
import DBus
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
        case .choose(_, _, _, let limit, _, _, _, _): return limit == 1 ? .picker : .table
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
    /// signal or a lost terminal leaves it waiting, to resume. When another
    /// front end answers it first, the screen closes and says who did; when
    /// its deadline passes, the answer that gave is printed as `printing`
    /// prints one, and the command exits 124. The deadline is counted down
    /// under the screen.
    static func showing(_ path: ObjectPath, client: WidgetsClient, session: Session, printing output: @escaping (DBusValue) -> Outcome,
                        _ show: () -> Outcome) throws -> Outcome {
        let prompt = try client.prompt(at: path)
        let elsewhere = prompt.rx.finished.subscribe(onNext: { [weak prompt] state, answer in
            guard state != .timedOut else {
                session.finish(output(answer).timedOut)
                return
            }
            let by = prompt.map { "answered by uid \($0.answeredBy.uid) (\($0.answeredBy.process))" } ?? ""
            session.finish(.failed(state == .answered ? "\(path.rawValue) was \(by)" : "\(path.rawValue) ended \(state.rawValue)"))
        })
        if prompt.deadline > 0 {
            session.countDown(to: prompt.deadline, then: QuestionPrompt.said(prompt.defaultAnswer))
        }
        let outcome = show()
        elsewhere.dispose()
        switch outcome {
        case .done:
            try prompt.finish()
        case .cancelled, .interrupted:
            try? prompt.cancel()
        case .failed where prompt.state != .waiting, .timedOut:
            // Finished elsewhere: nothing is left to resume.
            break
        default:
            return outcome
        }
        _ = try? client.callManager(ManagerContract.destroy, path)
        return outcome
    }
}
