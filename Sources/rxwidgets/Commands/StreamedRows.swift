import FrontEndCore
import CLinux
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// Standard input's lines streamed into section 0 of a table as they come,
/// as fzf shows its input: the screen is up at once, and each batch of
/// whole lines read goes to the daemon as a file (`LoadItems`, appended)
/// while the next is read — one load in flight, so batches grow with the
/// input's pace. A line the daemon refuses is named by its line number in
/// standard input; input with no line at all is refused at its end.
final class StreamedRows {
    private let table: RemoteTable
    private let failed: (Error) -> Void
    private var source: LoopSource?
    private var pending: [UInt8] = []
    private var linesLoaded = 0
    private var loading: Disposable?
    private var ended = false

    /// Past this many bytes waiting for the load in flight, standard input
    /// is not read until it is done: the front end holds a bounded part of
    /// the input, however fast it comes.
    static let heldBytes = 8 << 20

    /// What one read of standard input takes at most.
    static let readBytes = 256 << 10

    init(into table: RemoteTable, failed: @escaping (Error) -> Void) {
        self.table = table
        self.failed = failed
        listen()
        // Input already there goes to the daemon now, while the screen is
        // being set up, rather than on the loop's first turn after it.
        var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        if poll(&input, 1, 0) > 0 {
            read()
        }
    }

    private func listen() {
        source = MainLoop.shared.addSource(fd: 0, events: Int16(POLLIN)) { [weak self] _ in self?.read() }
    }

    deinit {
        source?.dispose()
        loading?.dispose()
    }

    private func read() {
        // An uninitialized buffer: a zeroed 1 MiB one cost 256 page faults a
        // read, a quarter of a short filter's start.
        var count = 0
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: StreamedRows.readBytes) { chunk in
            count = Glibc.read(0, chunk.baseAddress, chunk.count)
            if count > 0 {
                pending.append(contentsOf: chunk[..<count])
            }
        }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        if count > 0 {
            if pending.count >= StreamedRows.heldBytes, loading != nil {
                source?.dispose()
                source = nil
            }
        } else {
            source?.dispose()
            source = nil
            ended = true
        }
        load()
    }

    /// Sends the whole lines read (at the end, everything) unless a load is in flight.
    private func load() {
        guard loading == nil else { return }
        let cut = ended ? pending.count : (pending.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0)
        guard cut > 0 else {
            if ended, linesLoaded == 0 {
                failed(UsageError(description: "filter needs at least one item; standard input had no lines"))
            }
            return
        }
        let batch = Array(pending[..<cut])
        pending.removeSubrange(..<cut)
        let file = clinux_memfd("rxwidgets-stdin")
        guard file >= 0, batch.withUnsafeBytes({ write(file, $0.baseAddress, $0.count) }) == batch.count else {
            if file >= 0 { close(file) }
            failed(UsageError(description: "cannot pass standard input on: \(String(cString: strerror(errno)))"))
            return
        }
        let lines = batch.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } + (batch.last == UInt8(ascii: "\n") ? 0 : 1)
        let firstLine = linesLoaded + 1
        loading = table.rx.loadLines(fromDescriptor: file, append: true)
            .subscribe(onError: { [weak self] error in
                close(file)
                let message = (error as? WidgetsClientError)?.message ?? "\(error)"
                let batchLines = String(decoding: batch, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                let said = CommandWidgets.overlongLineMessage(message, lines: batchLines, firstLine: firstLine)
                self?.failed(UsageError(description: said ?? CommandWidgets.standardInputLineMessage(message, firstLine: firstLine)))
            }, onCompleted: { [weak self] in
                close(file)
                guard let self else { return }
                loading = nil
                linesLoaded += lines
                if source == nil, !ended {
                    listen()
                }
                load()
            })
    }
}
