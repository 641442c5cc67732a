import Foundation
import Glibc
import RxCoreEssentials
import XCTest

/// The front end built by `swift build`.
let frontEndExecutable = repositoryRoot.appendingPathComponent(".build/debug/rxwidgets").path

/// `rxwidgets` running in a terminal of a private tmux server: keys go in
/// with `send-keys`, the screen comes out with `capture-pane`, and the
/// command's standard output, standard error, exit status and the terminal's
/// `stty -a` before and after are kept in files.
final class TerminalSession {
    private let socket = "rxwidgets-test-\(UUID().uuidString)"
    let directory: URL

    /// Starts `rxwidgets ARGUMENTS` in a terminal of `columns` × `rows`,
    /// on the bus at `address`, with `input` as its standard input when given.
    /// `before`: lines the shell prints first, as earlier output would be;
    /// `staysOpen`: the pane is kept after the command ends, to be looked at.
    /// `pipedFrom`: a shell command whose output is the command's standard
    /// input (a pipe that stays open as long as it runs), instead of `input`.
    /// `runAs`: a command the front end runs under (`setpriv --reuid=…`), given the terminal to use.
    init(_ arguments: [String], address: String, columns: Int = 80, rows: Int = 24, input: String? = nil, pipedFrom: String? = nil, environment: [String: String] = [:],
         before: [String] = [], staysOpen: Bool = false, runAs: [String] = []) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxwidgets-tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let inputFile = directory.appendingPathComponent("in")
        try (input ?? "").write(to: inputFile, atomically: true, encoding: .utf8)
        // The terminal front end, even where a display would choose the GTK one.
        let variables = ["LANG": "C.UTF-8", "DBUS_SESSION_BUS_ADDRESS": address, "RXWIDGETS_FRONTEND": "tty"].merging(environment) { $1 }
        let command = (runAs + [frontEndExecutable] + arguments).map(TerminalSession.shellQuoted).joined(separator: " ")
        let stdin = input == nil ? "" : " < \(TerminalSession.shellQuoted(inputFile.path))"
        // NO_COLOR only when a test sets it (swift test sets it for its own
        // output, and tmux passes the test's environment on). The shell has no job control, so the backgrounded command stays in
        // the terminal's foreground process group, reads keys, and can be
        // sent signals by its pid.
        let script = """
        cd \(TerminalSession.shellQuoted(directory.path)) || exit; stty -a > stty-before\(runAs.isEmpty ? "" : "; chmod o+rw \"$(tty)\"")
        \(before.map { "printf '%s\\n' \(TerminalSession.shellQuoted($0))" }.joined(separator: "; "))
        \(pipedFrom.map { "(\($0)) | " } ?? "")env -u NO_COLOR \(variables.map { "\($0.key)=\(TerminalSession.shellQuoted($0.value))" }.joined(separator: " ")) \(command)\(stdin) > out 2> err &
        echo $! > pid; wait $!; echo $? > status.tmp; stty -a > stty-after; mv status.tmp status\(staysOpen ? "; sleep 600" : "")
        """
        try script.write(to: directory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "sh \(TerminalSession.shellQuoted(directory.appendingPathComponent("run.sh").path))"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs a tmux command and returns its output. It is spawned and
    /// reaped directly, with its output in a file: the server `new-session`
    /// forks keeps whatever it inherits open for its whole life, which
    /// Foundation's `Process` waits on.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let outputPath = directory.appendingPathComponent("tmux-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words = ["/usr/bin/tmux", "-L", socket] + arguments
        var argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, &argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// Sends keys as tmux names them (`Down`, `Enter`, `Escape`, `C-c`, or text).
    func send(_ keys: String...) {
        _ = try? tmux(["send-keys", "-t", "0"] + keys)
    }

    /// Sends text literally, one key per character.
    func type(_ text: String) {
        _ = try? tmux(["send-keys", "-t", "0", "-l", text])
    }

    /// What the terminal shows, line by line, trailing spaces removed.
    var screen: String {
        ((try? tmux(["capture-pane", "-p", "-t", "0"])) ?? "")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n")
    }

    /// The screen with its SGR sequences (`capture-pane -e`): what colours it uses.
    var styledScreen: String {
        (try? tmux(["capture-pane", "-p", "-e", "-t", "0"])) ?? ""
    }

    /// Waits until the screen shows `text`; false (with the screen in the failure) after `timeout`.
    @discardableResult
    func waitForScreen(_ text: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        waitUntil(timeout: timeout) { self.screen.contains(text) } || {
            XCTFail("the screen never showed \(text.debugDescription):\n\(screen)", file: file, line: line)
            return false
        }()
    }

    /// Changes the terminal's size as a window manager would (SIGWINCH follows).
    func resize(columns: Int, rows: Int) {
        _ = try? tmux(["resize-window", "-t", "0", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The command's pid, once it has started.
    var pid: pid_t? {
        (try? String(contentsOf: directory.appendingPathComponent("pid"), encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// The exit status, once the command has ended (waits up to `timeout`).
    func exitStatus(timeout: TimeInterval = 10) -> Int32? {
        let url = directory.appendingPathComponent("status")
        guard waitUntil(timeout: timeout, { FileManager.default.fileExists(atPath: url.path) }) else { return nil }
        return (try? String(contentsOf: url, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// What the command wrote to standard output.
    var output: String { file("out") }
    /// What the command wrote to standard error.
    var error: String { file("err") }
    /// `stty -a` in the terminal before the command started and after it ended.
    var terminalSettings: (before: String, after: String) { (file("stty-before"), file("stty-after")) }

    private func file(_ name: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }
}

/// Polls `condition` every 20 ms, running the main loop meanwhile; false after `timeout`.
func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(20))
    }
    return true
}
