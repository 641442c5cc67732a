import FrontEndCore
import CLinux
import Glibc
import RxCoreEssentials
import RxWidgetsCommandLine

/// A command run in a session and process group of its own (`spin`): its
/// standard input is /dev/null, its output ours or nothing, and it has no
/// terminal (one that opens /dev/tty, as sudo does, fails at once instead of
/// stopping in the background forever). Ending it ends the whole group, so a
/// shell pipeline it started goes with it.
final class ProcessGroup {
    let pid: pid_t
    private(set) var status: Int32?

    /// Starts `command` (looked up on PATH); `showsOutput` passes its
    /// standard output and error through, else both go to /dev/null.
    init(_ command: [String], showsOutput: Bool) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The caught signals are the front end's; the command starts with the defaults.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGHUP, SIGINT, SIGWINCH, SIGPIPE] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(clinux_posix_spawn_setsid() | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if !showsOutput {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, command[0], &actions, &attributes, &argv, environ)
        guard spawned == 0 else {
            throw UsageError(description: "cannot run \(quoted(command[0])): \(String(cString: strerror(spawned)))")
        }
        pid = child
    }

    /// The exit status once the command has exited (128+N when killed by
    /// signal N); nil while it runs. Never blocks.
    func reap() -> Int32? {
        if status == nil {
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid {
                status = ProcessGroup.exitStatus(raw)
            }
        }
        return status
    }

    /// Ends the group: SIGTERM, then SIGKILL to what is left after `grace`
    /// seconds; returns once the command was reaped.
    func end(grace: Double = 1) {
        guard reap() == nil else { return }
        kill(-pid, SIGTERM)
        var waited = 0.0
        while reap() == nil, waited < grace {
            usleep(20_000)
            waited += 0.02
        }
        kill(-pid, SIGKILL)
        var raw: Int32 = 0
        if status == nil, waitpid(pid, &raw, 0) == pid {
            status = ProcessGroup.exitStatus(raw)
        }
    }

    private static func exitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }
}
