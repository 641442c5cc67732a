import DBus
import WidgetsAPI
import Dispatch
import Glibc
import RxWidgetsEssentials

/// Where the widgets live between runs (API rule 10) — a transient one with
/// its creator's unique name (`TransientRecord`), put back only while that
/// creator is on the bus: one file
/// per widget in a directory, each write a new file fsynced and renamed over
/// the old one (then the directory fsynced), so a file is always a whole
/// state, old or new — never torn.
///
/// Changes are coalesced: a changed widget is written at most once per
/// `interval`, so a crash loses at most the changes of that last interval
/// and the write under way. The loop only takes each widget's state
/// (`stateValues`, values that share their storage); encoding, writing,
/// fsync and rename run on a writer thread of their own, one widget at a
/// time, so no client waits for the disk. A widget that changes while its
/// write is under way is written again after it. `flush()` (at SIGTERM, and
/// when a `--replace` takes the name) waits for the writer and writes
/// everything still pending. A write that fails (a full disk, a read-only
/// directory) leaves the daemon serving: it is logged once, retried after
/// `retryInterval`, then after twice as long each time up to
/// `longestRetryInterval`, and its success is logged too.
///
/// A state directory whose lock another daemon holds (`WidgetService.keepState`).
public struct StateDirectoryInUse: Error, CustomStringConvertible {
    public let description: String
}

/// One daemon keeps one directory: the store holds an exclusive `flock` on
/// it while it lives. A second daemon given the same directory (on another
/// bus) waits up to `lockWait` for it — a daemon that `--replace`s another
/// gets it once that one has flushed and exited, and waits up to
/// `WidgetService.replacingLockWait` — and is refused after that
/// (`StateDirectoryInUse`), so it never
/// overwrites or deletes the first one's files.
///
/// Every file is opened relative to the directory's descriptor, never
/// through a symbolic link (`O_NOFOLLOW`), a new file only as new
/// (`O_EXCL`); only regular files of at most `maximumFileBytes` are read. A
/// directory this process does not own, or that others may write, is refused.
final class StateStore {
    /// The longest a change waits to be written.
    static let interval: Int64 = 100_000_000
    /// How long a failed write waits to be tried again at first…
    static let retryInterval: Int64 = 1_000_000_000
    /// …and at most, doubling in between while writes keep failing.
    static let longestRetryInterval: Int64 = 60_000_000_000
    /// How long a new store waits for another daemon to let the directory go.
    static let lockWait: Int64 = 2_000_000_000

    /// The largest state file read back: more than a widget of two million
    /// rows holds (`LoadItems` takes at most 512 MiB), so a file of any size
    /// — a sparse one planted, say — cannot make the start read without end.
    static let maximumFileBytes = 1 << 30

    let directory: String
    private let directoryDescriptor: Int32
    private var pending: [ObjectPath: any ServedWidget] = [:]
    /// Widgets whose write the writer has and has not finished.
    private var writing: [ObjectPath: any ServedWidget] = [:]
    private var timer: LoopTimer?
    /// Rounds of writes that failed in a row; 0 while writing works.
    private var failures = 0
    private var isWaitingToRetry = false
    /// Where files are written, in the order they were handed over.
    /// One writer for every store of the process, below the loop's priority.
    private static let writerQueue = BackgroundQueue(label: "state-writer", nice: 5)
    private var writer: BackgroundQueue { StateStore.writerQueue }

    /// A store in `directory`, made (0700) when missing; refused when it is
    /// a symbolic link, not a directory, not this process's own, or
    /// writable by others.
    init(directory: String, lockWait: Int64 = StateStore.lockWait) throws {
        self.directory = directory
        try StateStore.makeDirectory(directory)
        directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directoryDescriptor >= 0 else {
            throw DBusError.failed("cannot open the state directory \(directory): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard fstat(directoryDescriptor, &status) == 0 else {
            let error = StateStore.systemError("examine \(directory)")
            close(directoryDescriptor)
            throw error
        }
        if status.st_uid != geteuid() || status.st_mode & 0o022 != 0 {
            close(directoryDescriptor)
            let reason = status.st_uid != geteuid()
                ? "it belongs to uid \(status.st_uid), not to this daemon's uid \(geteuid())"
                : "others may write to it (mode \(String(status.st_mode & 0o777, radix: 8)))"
            throw DBusError.failed("refusing the state directory \(directory): \(reason); another user could plant or read widget files there")
        }
        var waited: Int64 = 0
        while flock(directoryDescriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waited < lockWait else {
                close(directoryDescriptor)
                throw StateDirectoryInUse(description: "the state directory \(directory) is in use by another rxwidgetsd (it holds the directory's lock); give each daemon its own --state-dir")
            }
            usleep(10_000)
            waited += 10_000_000
        }
    }

    /// How long the writes wait after `failures` failed in a row.
    static func retryDelay(afterFailures failures: Int) -> Int64 {
        var delay = retryInterval
        for _ in 1..<max(failures, 1) where delay < longestRetryInterval {
            delay *= 2
        }
        return min(delay, longestRetryInterval)
    }

    deinit {
        timer?.dispose()
        // The writer may still hold the descriptor.
        writer.sync()
        close(directoryDescriptor)
    }

    private static func makeDirectory(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw DBusError.failed("cannot make the state directory \(prefix): \(String(cString: strerror(errno)))")
            }
        }
        guard access(path, W_OK) == 0 else {
            throw DBusError.failed("cannot write to the state directory \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// A widget's file, relative to the directory.
    private func fileName(_ kind: WidgetKind, _ name: String) -> String {
        StateFile.fileName(kind, name)
    }

    // MARK: Writing

    /// Notes that `widget` changed (or appeared); it is written within `interval`.
    func changed(_ widget: any ServedWidget) {
        pending[widget.path] = widget
        if timer == nil {
            timer = MainLoop.shared.addTimer(after: StateStore.interval) { [weak self] in
                self?.timer = nil
                self?.startWrites()
            }
        }
    }

    /// Removes the file `name` now (a transient widget whose creator left
    /// while no daemon ran); logged when it cannot be.
    func forget(_ name: String) {
        if unlinkat(directoryDescriptor, name, 0) != 0 && errno != ENOENT {
            Hooks.log("<4>rxwidgetsd: cannot remove \(directory)/\(name): \(String(cString: strerror(errno)))")
        }
    }

    /// Forgets a destroyed widget: its file goes, after any write of it under way.
    func removed(_ widget: any ServedWidget) {
        pending[widget.path] = nil
        let (directory, name, path) = (directoryDescriptor, fileName(widget.kind, widget.name), widget.path)
        writer.async {
            if unlinkat(directory, name, 0) != 0 && errno != ENOENT {
                let reason = String(cString: strerror(errno))
                MainLoop.shared.post { Hooks.log("<4>rxwidgetsd: cannot remove the state of \(path): \(reason)") }
            }
        }
    }

    /// Hands every pending widget not being written to the writer.
    private func startWrites() {
        let ready = pending.values.filter { writing[$0.path] == nil }.sorted { $0.path < $1.path }
        for widget in ready {
            pending[widget.path] = nil
            writing[widget.path] = widget
            let (kind, name, ownerUID, revision, snapshot) = (widget.kind, widget.name, widget.ownerUID, widget.revision, widget.fileSnapshot())
            let (directory, descriptor) = (self.directory, directoryDescriptor)
            let store = LoopOwned(self)
            writer.async {
                let file = StateFile(kind: kind, name: name, ownerUID: ownerUID, revision: revision, pieces: snapshot())
                let failure: String?
                do {
                    try StateStore.write(file, in: descriptor)
                    failure = nil
                } catch {
                    failure = "\(directory)/\(file.fileName): \(error)"
                }
                // Only the path goes back: the file's values (a million rows)
                // are let go of here, not on the loop.
                let path = file.path
                MainLoop.shared.post { store.value?.finished(path, failure: failure) }
            }
        }
    }

    /// A write ended: a failed one is pending again (unless the widget is
    /// gone), a widget that changed meanwhile is written next.
    private func finished(_ path: ObjectPath, failure: String?) {
        guard let widget = writing.removeValue(forKey: path) else { return }
        if let failure {
            if widget.isServed, pending[path] == nil {
                pending[path] = widget
            }
            if failures == 0 {
                Hooks.log("<3>rxwidgetsd: cannot write widget state to \(directory) (\(failure)); serving on, retrying after \(StateStore.retryInterval / 1_000_000_000) s and then less and less often (at most every \(StateStore.longestRetryInterval / 1_000_000_000) s), logging again once a write succeeds")
            }
            // One step of the backoff per round of writes, however many failed in it.
            guard !isWaitingToRetry else { return }
            failures += 1
            isWaitingToRetry = true
            timer?.dispose()
            timer = MainLoop.shared.addTimer(after: StateStore.retryDelay(afterFailures: failures)) { [weak self] in
                self?.timer = nil
                self?.isWaitingToRetry = false
                self?.startWrites()
            }
            return
        }
        if failures > 0 {
            Hooks.log("<5>rxwidgetsd: writing widget state to \(directory) works again")
            failures = 0
        }
        if pending[path] != nil, timer == nil {
            timer = MainLoop.shared.addTimer(after: StateStore.interval) { [weak self] in
                self?.timer = nil
                self?.startWrites()
            }
        }
    }

    /// Writes everything now and returns once it is on disk (at SIGTERM, and
    /// before a replacing daemon takes over): waits for the writer, then
    /// writes what is pending and what the writer could not write.
    func flush() {
        writer.sync()
        timer?.dispose()
        timer = nil
        var remaining = pending
        for (path, widget) in writing where widget.isServed && remaining[path] == nil {
            remaining[path] = widget
        }
        pending = [:]
        writing = [:]
        for widget in remaining.values.sorted(by: { $0.path < $1.path }) {
            do {
                try StateStore.write(StateFile(kind: widget.kind, name: widget.name, ownerUID: widget.ownerUID, revision: widget.revision, pieces: widget.fileSnapshot()()), in: directoryDescriptor)
            } catch {
                pending[widget.path] = widget
                Hooks.log("<3>rxwidgetsd: cannot write widget state to \(directory) (\(widget.path): \(error))")
            }
        }
    }

    /// Encodes and writes one widget's file: a new file, fsynced, renamed
    /// over the old one, the directory fsynced. Touches nothing but the
    /// directory, so it runs on the writer thread.
    private static func write(_ file: StateFile, in directoryDescriptor: Int32) throws {
        let target = file.fileName
        let temporary = ".\(file.kind.rawValue).\(file.name).new"
        // Only a file made here: whatever is at the name (a write cut short,
        // or a link someone planted) is removed, never written through.
        var descriptor = openat(directoryDescriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor < 0 && errno == EEXIST {
            unlinkat(directoryDescriptor, temporary, 0)
            descriptor = openat(directoryDescriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else { throw StateStore.systemError("open \(temporary)") }
        do {
            // Each message goes to the file as it is encoded.
            try file.encode { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw StateStore.systemError("write \(temporary)")
                    }
                    offset += written
                }
            }
            guard fsync(descriptor) == 0 else { throw StateStore.systemError("fsync \(temporary)") }
        } catch {
            close(descriptor)
            unlinkat(directoryDescriptor, temporary, 0)
            throw error
        }
        close(descriptor)
        guard renameat(directoryDescriptor, temporary, directoryDescriptor, target) == 0 else {
            let error = StateStore.systemError("rename to \(target)")
            unlinkat(directoryDescriptor, temporary, 0)
            throw error
        }
        fsync(directoryDescriptor)
    }

    static func systemError(_ what: String) -> DBusError {
        DBusError.failed("\(what): \(String(cString: strerror(errno)))")
    }

    // MARK: Reading

    /// The widget files in the directory, in order. A file is read only
    /// when its turn comes (`file(named:memoryBudget:)`), so restoring holds
    /// one file's bytes and values at a time, not every file's.
    func fileNames() -> [String] {
        let listing = dup(directoryDescriptor)
        guard listing >= 0, let stream = fdopendir(listing) else { return [] }
        // The listing starts at the beginning whatever read it before.
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".state"), !name.hasPrefix(".") {
                names.append(name)
            }
        }
        closedir(stream)
        return names.sorted()
    }

    /// One widget file, read whole, its values taking at most `memoryBudget`
    /// bytes (`StateFile.init(decoding:memoryBudget:)`). A file that cannot
    /// be read — torn by another program, corrupt, of a newer format, past
    /// the budget — throws; the caller moves it aside (`setAside`).
    func file(named name: String, memoryBudget: Int) throws -> StateFile {
        let file = try StateFile(decoding: try read(name), memoryBudget: memoryBudget)
        guard name == "\(file.kind.rawValue).\(file.name).state" else {
            throw StateFile.ReadError(description: "it holds \(file.kind.rawValue) '\(file.name)', not what its name says")
        }
        return file
    }

    /// Moves a file that cannot be used out of the way, keeping it for a person to look at.
    func setAside(_ name: String, because reason: String) {
        let path = "\(directory)/\(name)"
        let aside = path + ".unreadable"
        if renameat(directoryDescriptor, name, directoryDescriptor, name + ".unreadable") == 0 {
            Hooks.log("<4>rxwidgetsd: \(path) cannot be restored (\(reason)); moved aside to \(aside)")
        } else {
            Hooks.log("<4>rxwidgetsd: \(path) cannot be restored (\(reason)), nor moved aside: \(String(cString: strerror(errno)))")
        }
    }

    /// A widget file's bytes: a regular file (not a FIFO, a device or a
    /// link), at most `maximumFileBytes`, read once to its end.
    private func read(_ name: String) throws -> [UInt8] {
        // Non-blocking, so that opening a FIFO planted under the name cannot hang start-up.
        let descriptor = openat(directoryDescriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw StateStore.systemError("open \(name)") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw StateStore.systemError("examine \(name)") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw StateFile.ReadError(description: "it is not a regular file")
        }
        guard Int(status.st_size) <= StateStore.maximumFileBytes else {
            throw StateFile.ReadError(description: "it has \(status.st_size) bytes; a state file has at most \(StateStore.maximumFileBytes)")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw StateStore.systemError("read \(name)") }
            if count == 0 { break }
            filled += count
        }
        guard filled <= Int(status.st_size) else {
            throw StateFile.ReadError(description: "it grew while it was read")
        }
        return Array(bytes[..<filled])
    }
}
