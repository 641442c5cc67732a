import FrontEndCore
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// `--timeout` in a window: the question's widget is a prompt whose
/// deadline the daemon keeps; the window counts it down, and when it passes
/// the answer it gave is printed as a person's would be, exit status 124.
final class Deadline {
    private let prompt: RemotePrompt
    private let disposeBag = DisposeBag()

    /// Watches the prompt at `path`; `printing` prints its answer as the command does.
    init(_ path: ObjectPath, client: WidgetsClient, dialog: Dialog, printing output: @escaping (DBusValue) -> Outcome) throws {
        prompt = try client.prompt(at: path)
        if prompt.deadline > 0 {
            dialog.countDown(to: prompt.deadline, then: QuestionPrompt.said(prompt.defaultAnswer))
        }
        prompt.rx.finished.subscribe(onNext: { [weak dialog] state, answer in
            if state == .timedOut {
                dialog?.finish(output(answer).timedOut)
            }
        }, onError: { _ in }).disposed(by: disposeBag)
    }
}
