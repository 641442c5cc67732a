import Glibc

/// Standard output and error, written straight to their descriptors: every
/// line is out when the call returns (`watch | while read` sees it at once),
/// and nothing waits in a buffer when the process exits.
package enum Output {
    /// Writes `text` to standard output: results only. On a terminal,
    /// controls and bidirectional controls are escaped (`\u202e`); to a pipe
    /// the result goes as it is, for the script reading it.
    package static func write(_ text: String) {
        write(isatty(1) != 0 ? InertText.escaped(text) : text, to: 1)
    }

    /// Writes `text` to standard error: messages.
    package static func error(_ text: String) {
        write(text, to: 2)
    }

    /// Writes all of `text` to `descriptor`, retrying short and interrupted writes.
    package static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
