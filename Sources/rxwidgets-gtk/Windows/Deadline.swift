import FrontEndCore
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine
import Localization

/// `--timeout` in a window: the question's widget is a prompt whose
/// deadline the daemon keeps; the window counts it down. Finished elsewhere
/// — the deadline, an agent's answer — the window closes and the answer it
/// got is printed as a person's would be (exit status 124 for a
/// deadline's); cancelled elsewhere, the command is.
final class Deadline {
    private let prompt: RemotePrompt
    private let disposeBag = DisposeBag()

    /// Watches the prompt at `path`; `printing` prints its answer as the
    /// command does; a `secret` default is not shown.
    init(_ path: ObjectPath, client: WidgetsClient, dialog: Dialog, secret: Bool, printing output: @escaping (DBusValue) -> Outcome) throws {
        let prompt = try client.prompt(at: path)
        self.prompt = prompt
        if prompt.deadline > 0 {
            dialog.countDown(to: { prompt.deadline }, then: secret ? nil : QuestionPrompt.said(prompt.defaultAnswer))
        }
        prompt.rx.finished.subscribe(onNext: { [weak dialog] state, _ in
            // The answer is read back (a broadcast empties secrets) on an idle turn, where a call may be waited for.
            GLibIdle.run {
                guard let dialog, dialog.outcome == nil else { return }
                switch state {
                case .answered: dialog.finish((try? prompt.readAnswer()).map(output) ?? .failed(tr("{0} was answered elsewhere", path.rawValue)))
                case .timedOut: dialog.finish((try? prompt.readAnswer()).map { output($0).timedOut } ?? .failed(tr("{0} timed out", path.rawValue)))
                case .cancelled, .waiting: dialog.finish(.cancelled)
                }
            }
        }, onError: { _ in }).disposed(by: disposeBag)
    }
}
