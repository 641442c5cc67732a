import BusTestSupport
import DBus
import Foundation
import RxCoreEssentials
import XCTest

/// A short soak: 20 client connections, each keeping 8 mixed calls in
/// flight (SelectRow, Titles, Properties.Get, Form.SetValue, and a
/// CreatePicker followed by its Destroy) for 10 s
/// (`RXWIDGETS_SOAK_SECONDS` for longer, 600 for a real soak). Every call
/// is answered, none fails, and the daemon's resident size in the last
/// third of the run stays within 4 MiB of the first third's peak.
final class SoakTests: DaemonTestCase {
    func testTwentyClientsPipeliningMixedCallsAreAllAnsweredInSteadyMemory() throws {
        var random = SeededGenerator(for: "testTwentyClientsPipeliningMixedCallsAreAllAnsweredInSteadyMemory")
        let seconds = ProcessInfo.processInfo.environment["RXWIDGETS_SOAK_SECONDS"].flatMap { Double($0) } ?? 10
        let (clients, window, rows) = (20, 8, 1_000)
        let margin = 4 * 1_024
        let picker = "\(root)/picker/shared"
        let form = "\(root)/form/shared"
        try call(root, managerInterface, "CreatePicker", [.string("shared"), options([("items", titles([(0..<rows).map { "row \($0)" }]))])])
        try call(root, managerInterface, "CreateForm", [.string("shared"), .string(#"{"fields": [{"name": "note", "kind": "text", "rules": {"maxLength": 64}}]}"#), options([])])
        let connections = try (0..<clients).map { _ in try Connection(bus: .address(bus.address)) }
        defer { connections.forEach { $0.close() } }
        var inFlight = Array(repeating: 0, count: clients)
        var sent: [String: Int] = [:]
        var answered = 0
        var failures: [String: Int] = [:]
        var created = 0

        func send(_ index: Int, _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue], then: ((Message) throws -> Void)? = nil) throws {
            let message = try Message.methodCall(destination: busName, path: path, interface: interface, member: member)
            try message.append(arguments)
            sent[member, default: 0] += 1
            connections[index].call(message, timeoutMilliseconds: 120_000) { result in
                switch result {
                case .success(let reply):
                    answered += 1
                    if let then {
                        do {
                            try then(reply)
                            return
                        } catch {
                            failures["\(error)", default: 0] += 1
                        }
                    }
                case .failure(let error):
                    failures[error.name, default: 0] += 1
                }
                inFlight[index] -= 1
            }
        }

        func sendOne(_ index: Int) throws {
            inFlight[index] += 1
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                try send(index, picker, pickerInterface, "SelectRow", [.int32(Int32.random(in: 0..<Int32(rows), using: &random)), .int32(0)])
            case 1:
                try send(index, picker, pickerInterface, "Titles", [.int32(0), .int32(Int32.random(in: 0..<Int32(rows), using: &random)), .int32(20)])
            case 2:
                let (path, interface) = [(picker, pickerInterface), (form, formInterface)].randomElement(using: &random)!
                try send(index, path, "org.freedesktop.DBus.Properties", "Get", [.string(interface), .string("Revision")])
            case 3:
                try send(index, form, formInterface, "SetValue", [.string("note"), .variant(.string("note \(Int.random(in: 0..<1_000_000, using: &random))"))])
            default:
                created += 1
                try send(index, root, managerInterface, "CreatePicker", [.string("c\(index)_\(created)"), options([("items", titles([["x", "y", "z"]]))])]) { reply in
                    // The slot stays taken until the picker is destroyed.
                    guard let path = try reply.arguments().first else { throw DBusError.failed("CreatePicker answered nothing") }
                    try send(index, root, managerInterface, "Destroy", [path])
                }
            }
        }

        let pid = daemon.process.processIdentifier
        var samples: [Int] = []
        let started = Date()
        var nextSample = started
        while Date().timeIntervalSince(started) < seconds {
            for index in 0..<clients {
                while inFlight[index] < window {
                    try sendOne(index)
                }
            }
            MainLoop.shared.run(while: { inFlight.allSatisfy { $0 >= window } }, timeout: .milliseconds(10))
            if Date() >= nextSample {
                samples.append(residentKiB(of: pid))
                nextSample += 1
            }
        }
        let total = { sent.values.reduce(0, +) }
        XCTAssertTrue(waitUntil(timeout: 120) { inFlight.allSatisfy { $0 == 0 } }, "every call was answered: \(answered) answered, \(failures) failed of \(total()) sent")
        let failed = failures.values.reduce(0, +)
        let third = samples.count / 3
        let firstPeak = samples.prefix(third).max() ?? 0
        let lastPeak = samples.suffix(third).max() ?? 0
        print("SoakTests: \(clients) clients × \(window) in flight for \(Int(seconds)) s: \(total()) sent (\(sent.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))), \(answered) answered, \(failed) failed; resident KiB each second: \(samples.map(String.init).joined(separator: " ")); first third's peak \(firstPeak), last third's \(lastPeak)")
        XCTAssertEqual(answered + failed, total(), "every call answered")
        XCTAssertEqual(failures, [:], "no call failed (none of these calls has a reason to)")
        XCTAssertEqual(sent["Destroy"], sent["CreatePicker"], "every picker created was destroyed")
        XCTAssertGreaterThanOrEqual(samples.count, 6, "sampled every second")
        XCTAssertLessThanOrEqual(lastPeak, firstPeak + margin, "the daemon's memory is steady: the last third's peak within \(margin) KiB of the first third's")
        XCTAssertEqual(try property(root, managerInterface, "Widgets")?.arrayElements?.count, 2, "only the shared widgets are left")
        XCTAssertEqual(try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.Peer", member: "Ping", timeoutMilliseconds: 10_000), [])
    }
}
