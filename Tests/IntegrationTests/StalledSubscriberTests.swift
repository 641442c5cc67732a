import BusTestSupport
import DBus
import Foundation
import RxCoreEssentials
import XCTest

/// Clients that subscribe to the daemon's signals and never read them. The
/// bus keeps a copy of each signal for each of them (up to its
/// `max_outgoing_bytes`) and counts every copy against the daemon; past
/// its `max_incoming_bytes` it stops reading the daemon. The bus here has
/// the session bus's limits lowered to 64 MiB, so the break takes ~100
/// calls instead of ~1,000.
final class StalledSubscriberTests: DaemonTestCase {
    override var busConfiguration: String {
        #"<limit name="max_incoming_bytes">67108864</limit><limit name="max_outgoing_bytes">67108864</limit>"#
    }
    override var daemonArguments: [String] { ["--max-queued-bytes", "8388608"] }

    private let picker = "\(root)/picker/wide"
    private var subscribers: [Process] = []

    override func tearDown() {
        for subscriber in subscribers where subscriber.isRunning {
            subscriber.terminate()
            subscriber.waitUntilExit()
        }
        super.tearDown()
    }

    /// A client that adds a match rule for the daemon's signals and then
    /// reads nothing until its standard input closes.
    private func startStalledSubscriber() throws -> (Process, Pipe) {
        let script = """
        import dbus, sys
        bus = dbus.bus.BusConnection(sys.argv[1])
        bus.add_match_string("type='signal',sender='\(busName)'")
        print("subscribed", flush=True)
        sys.stdin.read()
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, bus.address]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        subscribers.append(process)
        let line = output.fileHandleForReading.readData(ofLength: 11)
        XCTAssertEqual(String(decoding: line, as: UTF8.self), "subscribed\n")
        return (process, input)
    }

    /// A picker whose every selection selects `components` titles of 65,536 characters.
    private func createWidePicker(components: Int) throws {
        let rows = ["x", "y"].map { String(repeating: $0, count: 65_536) }
        try call(root, managerInterface, "CreatePicker", [.string("wide"), options([("items", titles(Array(repeating: rows, count: components)))])])
    }

    /// The issue's attack: each SelectRow would broadcast a 1 MiB
    /// `ModelSelected`. It is not sent (over `--max-signal-bytes`), so two
    /// subscribers that never read cannot make the bus stop reading the
    /// daemon: every call of the loop and every other client's Ping is
    /// answered. Before the signal limit, the 120th call got no reply.
    func testSubscribersThatNeverReadDoNotLockOthersOut() throws {
        try createWidePicker(components: 16)
        let stalled = try (0..<2).map { _ in try startStalledSubscriber() }
        let pinger = try Connection(bus: .address(bus.address))
        defer { pinger.close() }
        for index in 0..<400 {
            _ = try client.callAndWait(destination: busName, path: picker, interface: pickerInterface, member: "SelectRow",
                                       [.int32(Int32(index % 2)), .int32(Int32(index % 16))], timeoutMilliseconds: 5_000)
            if index % 20 == 0 {
                _ = try pinger.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.Peer", member: "Ping", timeoutMilliseconds: 5_000)
            }
        }
        let events = takeEvents()
        XCTAssertEqual(events.filter { $0.hasPrefix("ItemSelected") }.count, 400, "the small signals are all sent")
        XCTAssertFalse(events.contains { $0.hasPrefix("ModelSelected") })
        let notSent = daemon.log.components(separatedBy: "\n").filter { $0.contains("ModelSelected at \(picker) not sent: would be about") }
        XCTAssertTrue(notSent.first?.contains("a signal may carry at most 1048576") == true, daemon.log)
        XCTAssertLessThan(notSent.count, 40, "logged at most once a second")
        for (_, input) in stalled { try input.fileHandleForWriting.close() }
    }

    /// Signals just under the limit: two subscribers that never read fill
    /// what the bus will hold for the daemon, and the bus stops reading it
    /// (a call goes unanswered). Calls pipelined after that are refused once
    /// 8 MiB wait to be sent (`--max-queued-bytes`) instead of piling up in
    /// the daemon (before: ~200 MiB more); when the subscribers leave, every
    /// call is answered and the daemon serves again.
    func testCallsAreRefusedWhileTheBusTakesNothingAndServedWhenItDoes() throws {
        try createWidePicker(components: 15)
        let stalled = try (0..<2).map { _ in try startStalledSubscriber() }
        var outcomes: [Result<Message, DBusError>] = []
        func selectRow(_ index: Int, timeout: Int32) throws {
            let message = try Message.methodCall(destination: busName, path: picker, interface: pickerInterface, member: "SelectRow")
            try message.append([.int32(Int32(index % 2)), .int32(Int32(index % 15))])
            client.call(message, timeoutMilliseconds: timeout) { outcomes.append($0) }
        }
        var answered = 0
        while answered < 1_000 {
            let before = outcomes.count
            try selectRow(answered, timeout: 120_000)
            MainLoop.shared.run(while: { outcomes.count == before }, timeout: .seconds(2))
            guard outcomes.count > before else { break }
            answered += 1
        }
        XCTAssertLessThan(answered, 1_000, "the bus stopped reading the daemon")
        let pipelined = 200
        for index in 0..<pipelined {
            try selectRow(answered + 1 + index, timeout: 120_000)
        }
        let deadline = Date().addingTimeInterval(30)
        while !daemon.log.contains("calls are refused until it does") && Date() < deadline {
            MainLoop.shared.run(while: { true }, timeout: .milliseconds(50))
        }
        XCTAssertTrue(daemon.log.contains("calls are refused until it does"), daemon.log)
        for (process, input) in stalled {
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        MainLoop.shared.run(while: { outcomes.count < answered + 1 + pipelined }, timeout: .seconds(60))
        XCTAssertEqual(outcomes.count, answered + 1 + pipelined, "every call answered")
        let refused = outcomes.compactMap { outcome -> DBusError? in if case .failure(let error) = outcome { return error } else { return nil } }
        XCTAssertGreaterThan(refused.count, pipelined / 2)
        XCTAssertTrue(refused.allSatisfy { $0.name == errorPrefix + "LimitExceeded" && $0.message.contains("waiting for the bus to take them, more than 8388608") }, "\(refused.first.map { "\($0)" } ?? "")")
        _ = try call(picker, pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        XCTAssertTrue(daemon.log.contains("calls are served again"), daemon.log)
        XCTAssertLessThan(peakRSSMiB(of: daemon.process.processIdentifier), 150, "what the refused calls would have queued (about 200 MiB) was never held")
    }

    private func peakRSSMiB(of pid: Int32) -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1_024
    }
}
