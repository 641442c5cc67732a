import Glibc
import RxCoreEssentials

/// Standard input read a line at a time on the main loop, without blocking
/// it (`progress` reads zenity's protocol so): `line` gets each whole line,
/// then `ended` once, at the end of input (with a last line that had no
/// newline first). Reading stops when the reader is let go of.
package final class InputLines {
    private var source: LoopSource?
    private var pending: [UInt8] = []
    private let line: (String) -> Void
    private let ended: () -> Void

    package init(line: @escaping (String) -> Void, ended: @escaping () -> Void) {
        self.line = line
        self.ended = ended
        source = MainLoop.shared.addSource(fd: 0, events: Int16(POLLIN)) { [weak self] _ in self?.read() }
    }

    deinit {
        source?.dispose()
    }

    /// Whether the input is still open.
    package var isOpen: Bool {
        source != nil
    }

    private func read() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = Glibc.read(0, &buffer, buffer.count)
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        guard count > 0 else {
            source?.dispose()
            source = nil
            if !pending.isEmpty {
                line(String(decoding: pending, as: UTF8.self))
                pending = []
            }
            ended()
            return
        }
        pending += buffer[..<count]
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let text = String(decoding: pending[..<newline], as: UTF8.self)
            pending.removeSubrange(...newline)
            line(text)
        }
    }
}
