import DBus
import WidgetsAPI
import RxWidgetsEssentials

extension WidgetService {
    /// How long a daemon that replaced another waits for the state
    /// directory: the other flushes, restores or serves its last calls
    /// first, and a daemon replaced in turn while it restored exits only
    /// once it has.
    public static let replacingLockWait: Int64 = 30_000_000_000

    /// Keeps the widgets in `directory` from now on, after putting back on
    /// the bus every widget stored there: at its path, with its owner and
    /// `Revision`; a transient one only while its creator is still on the
    /// bus (its file goes otherwise), watched as before. A file that cannot be used is moved aside
    /// (logged); one the limits no longer allow is left for a later start
    /// (logged). Returns how many widgets were restored.
    /// `StateDirectoryInUse` when another daemon holds the directory past
    /// `lockWait` nanoseconds (2 s unless given).
    @discardableResult
    public func keepState(in directory: String, lockWait: Int64? = nil) throws -> Int {
        let store = try StateStore(directory: directory, lockWait: lockWait ?? StateStore.lockWait)
        var restored = 0
        // One batch: the manager's `Widgets` is announced once, not once per
        // widget with every path so far (1,000 widgets sorted, checked and
        // sent half a million paths, 44 % of a restart).
        server.batch {
            restored = restore(store, directory)
        }
        context.store = store
        return restored
    }

    /// Puts back every widget `store` holds, one file at a time; returns
    /// how many. A file's values may take at most `Limits.readingBytes`
    /// while it is read: a state file amplifies as its data does when bound
    /// (a byte array's every byte is a value), so a file past that could
    /// not be restored as a widget anyway, and is moved aside before it
    /// takes the daemon's memory.
    private func restore(_ store: StateStore, _ directory: String) -> Int {
        var restored = 0
        for name in store.fileNames() {
            let path = "\(directory)/\(name)"
            let file: StateFile
            do {
                file = try store.file(named: name, memoryBudget: limits.readingBytes)
            } catch {
                store.setAside(name, because: "\(error)")
                continue
            }
            do {
                let transience = try file.transientRecord.map(TransientRecord.init(stored:))
                // The peer watch began before this question: a creator that
                // leaves after its answer is announced, and destroys the widget.
                if let transience, transience.bus != context.busID {
                    // The same unique name on another bus is another program.
                    Hooks.log("<6>rxwidgetsd: \(path) is not restored: its creator \(transience.creator) was on another bus (\(transience.bus))")
                    store.forget(name)
                    continue
                }
                if let transience, server.connection.nameOwner(of: transience.creator) == nil {
                    Hooks.log("<6>rxwidgetsd: \(path) is not restored: its creator \(transience.creator) left the bus")
                    store.forget(name)
                    continue
                }
                // The count and quota first: they cost nothing to check.
                try checkNew(file.name, kind: file.kind, creator: Creator(restoring: file))
                let widget: any ServedWidget
                switch file.kind {
                case .picker: widget = try PickerWidget.restored(from: file, context: context)
                case .table: widget = try TableWidget.restored(from: file, context: context)
                case .form: widget = try FormWidget.restored(from: file, context: context)
                case .progress: widget = try ProgressWidget.restored(from: file, context: context)
                case .file: widget = try FileChooserWidget.restored(from: file, context: context)
                }
                if let transience {
                    widget.host.resumeTransience(transience)
                }
                if let record = file.promptRecord {
                    promptsCreated += 1
                    widget.host.prompt = try Prompt(restoring: try PromptRecord(stored: record), of: widget, created: promptsCreated)
                }
                try add(widget, persist: false)
                restored += 1
            } catch let error as DBusError where error.name == WidgetsErrorName.limitExceeded || error.name == WidgetsErrorName.exists {
                Hooks.log("<4>rxwidgetsd: \(path) is not restored now (\(error)); it is kept for a start whose limits allow it")
            } catch {
                store.setAside(name, because: "\(error)")
            }
        }
        return restored
    }

    /// Writes every change not yet written (at SIGTERM, and before a
    /// replacing daemon takes over).
    public func flushState() {
        context.store?.flush()
    }
}
