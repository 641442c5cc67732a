import DBus
import RxCoreEssentials
import WidgetsAPI

/// A progress served by rxwidgetsd (`org.rxwidgets.Widgets1.Progress`),
/// called through `ProgressContract`: the process doing the work drives it,
/// any front end shows it, and a person's Cancel comes back as `rx.cancelled`.
/// Its properties arrive coalesced (at most one change every 16 ms).
public final class RemoteProgress: RemoteWidget {
    typealias API = ProgressContract

    init(client: WidgetsClient, path: ObjectPath) throws {
        try super.init(client: client, path: path, interface: API.name)
    }

    /// How far the work is, 0 to `maximum`; -1 while unknown. Kept current.
    public var value: Double { value(API.value) ?? 0 }
    /// What `value` counts up to.
    public var maximum: Double { value(API.maximum) ?? 100 }
    /// The line shown with the bar.
    public var text: String { value(API.text) ?? "" }
    /// `running`, `done`, `failed` or `cancelled`.
    public var state: String { value(API.state) ?? "running" }
    /// Whether a person may cancel.
    public var isCancellable: Bool { value(API.cancellable) ?? false }
    /// Each step's title and status.
    public var steps: [(title: String, status: String)] {
        (value(API.steps) ?? []).map(\.fields)
    }

    /// Sets how far the work is; negative: unknown.
    public func setValue(_ value: Double) throws {
        try call(API.setValue, value)
    }

    public func setText(_ text: String) throws {
        try call(API.setText, text)
    }

    /// Ends the work: `done` or `failed`.
    public func finish(_ state: String) throws {
        try call(API.finish, state)
    }

    /// A person's Cancel.
    public func cancel() throws {
        try call(API.cancel, ())
    }
}

extension Reactive where Base: RemoteProgress {
    /// `Cancelled`: a person cancelled the work.
    public var cancelled: Observable<Void> {
        base.signal(ProgressContract.cancelled)
    }

    /// `Finished`: the work ended, `done` or `failed`.
    public var finished: Observable<String> {
        base.signal(ProgressContract.finished)
    }

    /// `Value`: the current value on subscription, then every change.
    public var value: Observable<Double> {
        base.property(ProgressContract.value)
    }
}

extension WidgetsClient {
    /// Creates a progress counting up to `maximum`.
    public func createProgress(_ name: String, maximum: Double = 100, text: String = "", cancellable: Bool = true, steps: [String] = [],
                               transient: Bool = false, replace: Bool = false) throws -> RemoteProgress {
        let options = [ProgressOption.maximum.with(.double(maximum)), ProgressOption.text.with(.string(text)), ProgressOption.cancellable.with(.boolean(cancellable)),
                       ProgressOption.steps.with(steps.dbusValue), ProgressOption.transient.with(.boolean(transient)), ProgressOption.replace.with(.boolean(replace))]
        return try RemoteProgress(client: self, path: try callManager(ManagerContract.createProgress, (name, Options(options))))
    }

    /// The existing progress `name`.
    public func progress(_ name: String) throws -> RemoteProgress {
        try RemoteProgress(client: self, path: try existing(.progress, name))
    }
}
