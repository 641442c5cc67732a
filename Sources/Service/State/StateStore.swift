import DBus
import Glibc
import RxWidgets

/// Where the non-transient widgets live between runs (API rule 10): one file
/// per widget in a directory, each write a new file fsynced and renamed over
/// the old one (then the directory fsynced), so a file is always a whole
/// state, old or new — never torn.
///
/// Changes are coalesced: a changed widget is written at most once per
/// `interval`, so a crash loses at most the changes of that last interval;
/// `flush()` (at SIGTERM, and when a `--replace` takes the name) writes
/// everything still pending. A write that fails (a full disk, a read-only
/// directory) leaves the daemon serving: it is logged once, retried every
/// `retryInterval`, and its success is logged too.
final class StateStore {
    /// The longest a change waits to be written.
    static let interval: Int64 = 100_000_000
    /// How long a failed write waits to be tried again.
    static let retryInterval: Int64 = 1_000_000_000

    let directory: String
    private var pending: [ObjectPath: Widget] = [:]
    private var timer: LoopTimer?
    private var isFailing = false

    /// A store in `directory`, made (0700) when missing.
    init(directory: String) throws {
        self.directory = directory
        try StateStore.makeDirectory(directory)
    }

    deinit {
        timer?.dispose()
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

    private func fileName(_ kind: WidgetKind, _ name: String) -> String {
        "\(directory)/\(kind.rawValue).\(name).state"
    }

    // MARK: Writing

    /// Notes that `widget` changed (or appeared); it is written within `interval`.
    func changed(_ widget: Widget) {
        guard widget.transientOwner == nil else { return }
        pending[widget.path] = widget
        if timer == nil {
            timer = MainLoop.shared.addTimer(after: StateStore.interval) { [weak self] in
                self?.timer = nil
                self?.flush()
            }
        }
    }

    /// Forgets a destroyed widget: its file goes now.
    func removed(_ widget: Widget) {
        pending[widget.path] = nil
        if unlink(fileName(widget.kind, widget.name)) != 0 && errno != ENOENT {
            Hooks.log("<4>rxwidgetsd: cannot remove the state of \(widget.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes every pending widget now; those that fail stay pending.
    func flush() {
        let writing = pending.values.sorted { $0.path < $1.path }
        pending = [:]
        var failure: String?
        for widget in writing {
            do {
                try write(widget)
            } catch {
                failure = failure ?? "\(widget.path): \(error)"
                pending[widget.path] = widget
            }
        }
        if let failure {
            if !isFailing {
                Hooks.log("<3>rxwidgetsd: cannot write widget state to \(directory) (\(failure)); serving on, retrying every \(StateStore.retryInterval / 1_000_000_000) s, logging again once a write succeeds")
                isFailing = true
            }
            timer?.dispose()
            timer = MainLoop.shared.addTimer(after: StateStore.retryInterval) { [weak self] in
                self?.timer = nil
                self?.flush()
            }
        } else if isFailing, !writing.isEmpty {
            Hooks.log("<5>rxwidgetsd: writing widget state to \(directory) works again")
            isFailing = false
        }
    }

    /// Whether changes wait to be written.
    var hasPending: Bool { !pending.isEmpty }

    private func write(_ widget: Widget) throws {
        let bytes = try StateFile(kind: widget.kind, name: widget.name, ownerUID: widget.ownerUID, revision: widget.revision, state: widget.stateValues()).encoded()
        let target = fileName(widget.kind, widget.name)
        let temporary = "\(directory)/.\(widget.kind.rawValue).\(widget.name).new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StateStore.systemError("open \(temporary)") }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let error = StateStore.systemError("write \(temporary)")
                close(descriptor)
                unlink(temporary)
                throw error
            }
            offset += written
        }
        guard fsync(descriptor) == 0 else {
            let error = StateStore.systemError("fsync \(temporary)")
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, target) == 0 else {
            let error = StateStore.systemError("rename to \(target)")
            unlink(temporary)
            throw error
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static func systemError(_ what: String) -> DBusError {
        DBusError.failed("\(what): \(String(cString: strerror(errno)))")
    }

    // MARK: Reading

    /// Every widget state in the directory, by path. A file that cannot be
    /// read — torn by another program, corrupt, of a newer format — is moved
    /// aside (`NAME.state.unreadable`) with a log line and skipped.
    func load() -> [StateFile] {
        guard let stream = opendir(directory) else { return [] }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".state"), !name.hasPrefix(".") {
                names.append(name)
            }
        }
        closedir(stream)
        var files: [StateFile] = []
        for name in names.sorted() {
            let path = "\(directory)/\(name)"
            do {
                let file = try StateFile(decoding: try StateStore.read(path))
                guard name == "\(file.kind.rawValue).\(file.name).state" else {
                    throw StateFile.ReadError(description: "it holds \(file.kind.rawValue) '\(file.name)', not what its name says")
                }
                files.append(file)
            } catch {
                setAside(path, because: "\(error)")
            }
        }
        return files
    }

    /// Moves a file that cannot be used out of the way, keeping it for a person to look at.
    func setAside(_ path: String, because reason: String) {
        let aside = path + ".unreadable"
        if rename(path, aside) == 0 {
            Hooks.log("<4>rxwidgetsd: \(path) cannot be restored (\(reason)); moved aside to \(aside)")
        } else {
            Hooks.log("<4>rxwidgetsd: \(path) cannot be restored (\(reason)), nor moved aside: \(String(cString: strerror(errno)))")
        }
    }

    private static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw systemError("open \(path)") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw systemError("read \(path)") }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }
}
