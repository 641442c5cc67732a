import DBus
import RxCoreEssentials
import WidgetsAPI

extension WidgetsClient {
    /// The waiting prompts (`Manager.Prompts`, in order of creation), kept
    /// current for an agent, which follows them instead of polling: read
    /// on subscription, then each value a `PropertiesChanged` of the
    /// Manager announces, in the order the daemon sent them — a change
    /// announced before a read's answer is older than that answer and is
    /// skipped. While no daemon serves the name (it left, or none could be
    /// started) the list is empty; when one takes the name it is read anew.
    /// Any other failure ends it; disposing it removes its match rule.
    public var waitingPromptChanges: Observable<[ObjectPath]> {
        Observable.create { [weak self] observer in
            guard let self else { return Disposables.create() }
            let root = WidgetsAPI.rootPath.rawValue
            let properties = "org.freedesktop.DBus.Properties"
            let rule = "type='signal',sender='\(WidgetsAPI.busName)',path='\(root)',interface='\(properties)',member='PropertiesChanged',arg0='\(ManagerContract.name)'"
            do {
                try connection.addMatch(rule)
            } catch {
                observer.on(.error(WidgetsClientError(error)))
                return Disposables.create()
            }
            /// The read whose answer is awaited: while it is, announced changes are older than it.
            var reading: Disposable?
            func read() {
                reading?.dispose()
                reading = request(root, properties, "Get", [.string(ManagerContract.name), .string(ManagerContract.prompts.name)]).subscribe(onNext: { reply in
                    reading = nil
                    guard let paths = ManagerContract.prompts.decode(reply.first?.variantValue) else {
                        return observer.on(.error(WidgetsClientError.unexpectedReply("Get \(ManagerContract.prompts.name)", reply)))
                    }
                    observer.on(.next(paths))
                }, onError: { error in
                    reading = nil
                    let noDaemon = ["org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner", WidgetsClientError.daemonGoneName]
                    if let error = error as? WidgetsClientError, noDaemon.contains(error.name) {
                        observer.on(.next([]))
                    } else {
                        observer.on(.error(error))
                    }
                })
            }
            let changes = connection.onSignal { [weak self] message in
                guard let self, reading == nil, message.path == root, message.sender == daemon || daemon == nil,
                      message.isSignal(interface: properties, member: "PropertiesChanged"),
                      let arguments = try? message.arguments(), arguments.count == 3, arguments[0].stringValue == ManagerContract.name else { return }
                let name = ManagerContract.prompts.name
                if let entry = arguments[1].dictionaryEntries?.first(where: { $0.key.stringValue == name }),
                   let paths = ManagerContract.prompts.decode(entry.value.variantValue ?? entry.value) {
                    observer.on(.next(paths))
                } else if arguments[2].arrayElements?.contains(.string(name)) == true {
                    // Too large to send with the change: asked for.
                    read()
                }
            }
            let owners = daemonOwner.skip(1).subscribe(onNext: { owner in
                if owner == nil {
                    reading?.dispose()
                    reading = nil
                    observer.on(.next([]))
                } else {
                    read()
                }
            })
            read()
            return Disposables.create { [weak self] in
                reading?.dispose()
                changes.dispose()
                owners.dispose()
                self?.connection.removeMatch(rule)
            }
        }
    }
}
