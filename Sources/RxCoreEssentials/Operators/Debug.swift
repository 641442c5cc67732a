import FoundationEssentials

extension ObservableType {
    /// Prints every event, the subscription and its disposal to standard
    /// output, each line `time: identifier -> what`, as RxSwift's `debug`.
    /// The identifier defaults to where `debug` was written; with
    /// `trimOutput` an event's text is cut to 40 characters. It changes
    /// nothing of the sequence: events, completion and disposal pass through.
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line, function: String = #function) -> Observable<Element> {
        let name = identifier ?? "\(file.split(separator: "/").last.map(String.init) ?? file):\(line) (\(function))"
        func log(_ what: String) {
            print("\(Date().formatted(.iso8601)): \(name) -> \(what)")
        }
        return Observable.create { observer in
            log("subscribed")
            let subscription = self.subscribe { event in
                let text = "\(event)"
                log("Event " + (trimOutput && text.count > 40 ? String(text.prefix(37)) + "..." : text))
                observer.on(event)
            }
            return Disposables.create {
                log("isDisposed")
                subscription.dispose()
            }
        }
    }
}
