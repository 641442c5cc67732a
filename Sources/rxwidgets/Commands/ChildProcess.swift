import FrontEndCore
import Glibc
import RxCoreEssentials

/// A command run without blocking the main loop: `input` written to its
/// standard input, its standard output collected (at most `outputLimit`
/// bytes; past them its output is closed, so a command that writes forever
/// ends), its exit status reaped as soon as it exits (a background process
/// it left holding the output does not keep the answer waiting) — the
/// `Single` succeeds with both. It runs in a process group of its own:
/// disposing, or `timeout` passing, kills the group (SIGKILL) and reaps the
/// command. Standard error is the caller's.
enum ChildProcess {
    struct Result: Equatable {
        /// The exit status, or 128+N when killed by signal N.
        let status: Int32
        let output: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let outputLimit = 1 << 18

    static func run(_ command: [String], input: String, environment: [String: String], timeout: RxTimeInterval) -> Single<Result> {
        Single.create { observer in
            let child: Running
            do {
                child = try Running(command, input: input, environment: environment)
            } catch {
                observer(.failure(error))
                return Disposables.create()
            }
            child.finished = { observer(.success($0)) }
            let deadline = MainScheduler.instance.scheduleRelative((), dueTime: timeout) { _ in
                child.kill()
                // English on purpose: a check's failure is the validator's reason to the daemon, and logged.
                observer(.failure(Failure(description: "\(command[0]) gave no answer within \(timeout)")))
                return Disposables.create()
            }
            return Disposables.create {
                deadline.dispose()
                child.kill()
            }
        }
    }

    /// One spawned process and the loop sources that feed and read it.
    private final class Running {
        var finished: ((Result) -> Void)?
        private var pid: pid_t = 0
        private var stdin: Int32 = -1
        private var stdout: Int32 = -1
        private var input: [UInt8]
        private var written = 0
        private var output: [UInt8] = []
        private var reading: LoopSource?
        private var writing: LoopSource?
        private var reaper: LoopTimer?

        init(_ command: [String], input text: String, environment: [String: String]) throws {
            input = Array(text.utf8)
            var toChild: [Int32] = [0, 0]
            var fromChild: [Int32] = [0, 0]
            guard pipe(&toChild) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            guard pipe(&fromChild) == 0 else {
                close(toChild[0]); close(toChild[1])
                throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
            }
            // Our ends stay ours: the child gets only its standard input and output.
            for descriptor in toChild + fromChild {
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
            posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
            var merged: [String: String] = [:]
            var entry = environ
            while let pointer = entry.pointee {
                let pair = String(cString: pointer)
                if let equals = pair.firstIndex(of: "=") {
                    merged[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
                }
                entry += 1
            }
            merged.merge(environment) { $1 }
            let arguments = command.map { strdup($0) } + [nil]
            let variables = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer {
                arguments.forEach { free($0) }
                variables.forEach { free($0) }
            }
            // This process ignores SIGPIPE (a child may close its input early);
            // the child starts with every signal's default action.
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var defaults = sigset_t()
            sigemptyset(&defaults)
            sigaddset(&defaults, SIGPIPE)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setpgroup(&attributes, 0)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
            let spawned = posix_spawnp(&pid, command[0], &actions, &attributes, arguments, variables)
            close(toChild[0])
            close(fromChild[1])
            guard spawned == 0 else {
                close(toChild[1]); close(fromChild[0])
                // English on purpose: a check's failure is the validator's reason to the daemon, and logged.
                throw Failure(description: "cannot run \(quoted(command[0])): \(String(cString: strerror(spawned)))")
            }
            stdin = toChild[1]
            stdout = fromChild[0]
            _ = fcntl(stdin, F_SETFL, fcntl(stdin, F_GETFL) | O_NONBLOCK)
            _ = fcntl(stdout, F_SETFL, fcntl(stdout, F_GETFL) | O_NONBLOCK)
            reading = MainLoop.shared.addSource(fd: stdout, events: Int16(POLLIN)) { [weak self] _ in self?.read() }
            writing = MainLoop.shared.addSource(fd: stdin, events: Int16(POLLOUT)) { [weak self] _ in self?.write() }
            reaper = MainLoop.shared.addTimer(after: 5_000_000, repeating: 5_000_000) { [weak self] in self?.reap() }
        }

        private func write() {
            guard stdin >= 0 else { return }
            while written < input.count {
                let count = input[written...].withUnsafeBytes { Glibc.write(stdin, $0.baseAddress, $0.count) }
                if count > 0 {
                    written += count
                } else if count < 0 && errno == EAGAIN {
                    return
                } else {
                    break
                }
            }
            // All written, or the child closed its end (EPIPE): it sees end of input.
            closeInput()
        }

        private func closeInput() {
            guard stdin >= 0 else { return }
            writing?.dispose()
            writing = nil
            close(stdin)
            stdin = -1
        }

        /// Reads what is there, at most 64 KiB a turn so other work goes on;
        /// at end of output, or past `outputLimit`, stops reading.
        private func read() {
            guard stdout >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(stdout, $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[..<min(count, max(0, ChildProcess.outputLimit - output.count))]
                if output.count >= ChildProcess.outputLimit {
                    closeOutput()
                }
                return
            }
            if count < 0 && errno == EAGAIN {
                return
            }
            closeOutput()
        }

        private func closeOutput() {
            guard stdout >= 0 else { return }
            reading?.dispose()
            reading = nil
            close(stdout)
            stdout = -1
        }

        /// Once the command has exited: the output it left in the pipe, then the answer.
        private func reap() {
            guard pid != 0 else { return }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return }
            // What it left running in its group (a `cmd &`) goes with it.
            Glibc.kill(-pid, SIGKILL)
            pid = 0
            reaper?.dispose()
            while stdout >= 0 {
                let before = output.count
                read()
                if output.count == before { break }
            }
            closeOutput()
            closeInput()
            let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            finished?(Result(status: code, output: String(decoding: output, as: UTF8.self)))
            finished = nil
        }

        /// Kills the process if it still runs, and reaps it.
        func kill() {
            finished = nil
            reading?.dispose()
            writing?.dispose()
            if stdout >= 0 { close(stdout); stdout = -1 }
            if stdin >= 0 { close(stdin); stdin = -1 }
            reaper?.dispose()
            guard pid != 0 else { return }
            Glibc.kill(-pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            pid = 0
        }
    }
}
