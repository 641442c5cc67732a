import CLinux
import Glibc
import XCTest

/// The shipped binaries link libdbus from its archive, whose two calls into
/// libsystemd (socket activation, a bus server's) are answered by CLinux as
/// sd_listen_fds(3) and sd_is_socket(3) say.
final class ListenFdsTests: XCTestCase {
    override func tearDown() {
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
    }

    func testNoneWithoutAPidForThisProcess() {
        unsetenv("LISTEN_PID")
        setenv("LISTEN_FDS", "2", 1)
        XCTAssertEqual(clinux_listen_fds(0), 0)
        setenv("LISTEN_PID", String(getpid() + 1), 1)
        XCTAssertEqual(clinux_listen_fds(0), 0)
        setenv("LISTEN_PID", String(getpid()), 1)
        unsetenv("LISTEN_FDS")
        XCTAssertEqual(clinux_listen_fds(0), 0)
    }

    func testMalformedVariablesAreErrors() {
        setenv("LISTEN_PID", "12x", 1)
        XCTAssertEqual(clinux_listen_fds(0), -EINVAL)
        setenv("LISTEN_PID", String(getpid()), 1)
        for count in ["", "-1", "two", "99999999999"] {
            setenv("LISTEN_FDS", count, 1)
            XCTAssertLessThan(clinux_listen_fds(0), 0, count)
        }
    }

    func testUnsetsTheVariablesWhenAskedWhateverTheAnswer() {
        setenv("LISTEN_PID", String(getpid() + 1), 1)
        setenv("LISTEN_FDS", "1", 1)
        setenv("LISTEN_FDNAMES", "bus", 1)
        XCTAssertEqual(clinux_listen_fds(1), 0)
        XCTAssertNil(getenv("LISTEN_PID"))
        XCTAssertNil(getenv("LISTEN_FDS"))
        XCTAssertNil(getenv("LISTEN_FDNAMES"))
    }

    func testCountsThePassedDescriptorsAndMakesThemCloseOnExec() {
        // The descriptors start at 3; whatever this process has there stands
        // in for a passed socket, and gets its flags back.
        let flags = fcntl(3, F_GETFD)
        defer { if flags >= 0 { _ = fcntl(3, F_SETFD, flags) } }
        setenv("LISTEN_PID", String(getpid()), 1)
        setenv("LISTEN_FDS", "1", 1)
        if flags < 0 {
            XCTAssertEqual(clinux_listen_fds(0), -EBADF)
            return
        }
        _ = fcntl(3, F_SETFD, flags & ~FD_CLOEXEC)
        XCTAssertEqual(clinux_listen_fds(0), 1)
        XCTAssertNotEqual(fcntl(3, F_GETFD) & FD_CLOEXEC, 0)
        XCTAssertNotNil(getenv("LISTEN_PID"))
    }

    func testTellsSocketsByFamilyTypeAndListening() throws {
        var pair: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair), 0)
        defer { close(pair[0]); close(pair[1]) }
        let stream = Int32(SOCK_STREAM.rawValue), datagram = Int32(SOCK_DGRAM.rawValue)
        XCTAssertEqual(clinux_is_socket(pair[0], Int32(AF_UNSPEC), 0, -1), 1)
        XCTAssertEqual(clinux_is_socket(pair[0], Int32(AF_UNIX), stream, 0), 1)
        XCTAssertEqual(clinux_is_socket(pair[0], Int32(AF_INET), stream, 0), 0)
        XCTAssertEqual(clinux_is_socket(pair[0], Int32(AF_UNIX), datagram, -1), 0)
        XCTAssertEqual(clinux_is_socket(pair[0], Int32(AF_UNIX), stream, 1), 0)

        let listening = socket(AF_UNIX, stream, 0)
        XCTAssertGreaterThanOrEqual(listening, 0)
        defer { close(listening) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        // Binding only the family gives an abstract address of the kernel's choosing.
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, socklen_t(MemoryLayout<sa_family_t>.size)) }
        }
        XCTAssertEqual(bound, 0)
        XCTAssertEqual(listen(listening, 1), 0)
        XCTAssertEqual(clinux_is_socket(listening, Int32(AF_UNIX), stream, 1), 1)
        XCTAssertEqual(clinux_is_socket(listening, Int32(AF_UNIX), stream, 0), 0)

        var pipeEnds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&pipeEnds), 0)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        XCTAssertEqual(clinux_is_socket(pipeEnds[0], Int32(AF_UNSPEC), 0, -1), 0)
        XCTAssertEqual(clinux_is_socket(-1, Int32(AF_UNSPEC), 0, -1), -EBADF)
        XCTAssertEqual(clinux_is_socket(pipeEnds[0], -1, 0, -1), -EINVAL)
    }
}
