import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// What a picker's and a table's performer share: calls whose answers
/// become the model's messages, the screen's end, and per component (or
/// section) one fetcher of its texts and one of its search's matches.
package final class ListCalls<Model: ScreenModel> {
    private let program: Program<Model>
    private let widget: RemoteWidget
    private var texts: [Int: RemoteTexts] = [:]
    private var matches: [Int: RemoteWindow<SearchMatch>] = [:]
    /// Holds the subscriptions of the calls made and of the performer's own.
    package let disposeBag = DisposeBag()

    package init(program: Program<Model>, widget: RemoteWidget) {
        self.program = program
        self.widget = widget
    }

    /// Forgets every window fetched (a daemon that came back may give a
    /// revision seen before to other rows).
    package func forgetWindows() {
        texts.values.forEach { $0.forget() }
        matches.values.forEach { $0.forget() }
    }

    /// Sends `call`'s answer to the model as `answered(refusal)`: nil when
    /// it succeeded or was lost with a daemon that went away (the state the
    /// returned one announces follows); a refusal of a `refusable` call is
    /// the error's text, any other failure ends the screen.
    package func answer(_ call: Observable<Void>, refusable: Bool = false, as answered: @escaping (String?) -> Model.Message) {
        call.subscribe(onError: { [weak self] error in
            if self?.widget.failedInAbsence(error) == true {
                self?.program.receive(answered(nil))
            } else if refusable {
                self?.program.receive(answered("\(error)"))
            } else {
                self?.program.fail(error)
            }
        }, onCompleted: { [weak self] in
            self?.program.receive(answered(nil))
        }).disposed(by: disposeBag)
    }

    /// The fetcher of component `index`'s texts, made once: `fetch(first,
    /// count)` reads them, `arrived` is the message of a window read.
    package func texts(_ index: Int, fetch: @escaping (Int, Int) -> Observable<[String]>, arrived: @escaping (RowWindow<String>) -> Model.Message) -> RemoteTexts {
        window(index, in: &texts, fetch: fetch, arrived: arrived)
    }

    /// The fetcher of component `index`'s search matches, made once.
    package func matches(_ index: Int, fetch: @escaping (Int, Int) -> Observable<[SearchMatch]>,
                         arrived: @escaping (RowWindow<SearchMatch>) -> Model.Message) -> RemoteWindow<SearchMatch> {
        window(index, in: &matches, fetch: fetch, arrived: arrived)
    }

    private func window<Element>(_ index: Int, in made: inout [Int: RemoteWindow<Element>], fetch: @escaping (Int, Int) -> Observable<[Element]>,
                                 arrived: @escaping (RowWindow<Element>) -> Model.Message) -> RemoteWindow<Element> {
        if let existing = made[index] {
            return existing
        }
        let fetcher = RemoteWindow<Element>(fetch: fetch, arrived: { [weak self] window in self?.program.receive(arrived(window)) },
                                            failed: { [weak self] error in
                                                // A read lost with a daemon that went away is read again once one serves the widget.
                                                guard let self, !widget.failedInAbsence(error) else { return }
                                                program.fail(error)
                                            })
        made[index] = fetcher
        return fetcher
    }
}
