@testable import DBus
import RxCoreEssentials
import XCTest

/// `QuestionGate`: calls to clients wait while their client, its uid or all
/// clients have their bound in flight, and go in the order asked as places
/// free; a call given up on keeps its place until the bus answers it.
final class QuestionGateTests: XCTestCase {
    private var serial: UInt32 = 0
    private var sent: [String] = []

    /// Asks `destination` through `gate`; a call sent is numbered and recorded.
    @discardableResult
    private func ask(_ gate: QuestionGate, _ destination: String, _ label: String) -> (Disposable, () -> UInt32?) {
        var number: UInt32?
        let admission = gate.admit(to: destination) { [unowned self] in
            serial += 1
            number = serial
            sent.append(label)
            gate.sent(serial, to: destination)
        }
        return (admission, { number })
    }

    func testAClientsCallsPastItsBoundWaitAndGoInOrder() {
        let gate = QuestionGate(bounds: .systemBus) { .connection($0) }
        var serials: [() -> UInt32?] = []
        for index in 0..<(gate.bounds.perClient + 2) {
            serials.append(ask(gate, ":1.5", "a\(index)").1)
        }
        ask(gate, ":1.6", "b0")
        XCTAssertEqual(sent.count, gate.bounds.perClient + 1, "the bound of :1.5 is full; :1.6 is not held behind it")
        XCTAssertEqual(sent.last, "b0")
        gate.abandoned(serials[0]()!)
        XCTAssertEqual(sent.count, gate.bounds.perClient + 1, "a call given up on keeps its place")
        gate.answered(serials[0]()!)
        gate.answered(serials[1]()!)
        XCTAssertEqual(sent.suffix(2), ["a\(gate.bounds.perClient)", "a\(gate.bounds.perClient + 1)"], "in the order asked")
    }

    func testAUIDsConnectionsShareItsBoundAndADisposedCallIsNeverSent() {
        let gate = QuestionGate(bounds: .systemBus) { name in ClientGroup(name, uid: name.hasPrefix(":1.") ? 65534 : nil) }
        for client in 0..<(gate.bounds.perUID / gate.bounds.perClient) {
            for index in 0..<gate.bounds.perClient {
                ask(gate, ":1.\(client)", "c\(client).\(index)")
            }
        }
        XCTAssertEqual(gate.callsInFlight, gate.bounds.perUID)
        let (waiting, _) = ask(gate, ":1.99", "moot")
        ask(gate, ":2.1", "other uid")
        XCTAssertEqual(sent.last, "other uid", "another uid is not held behind the full one")
        waiting.dispose()
        gate.answered(1)
        XCTAssertFalse(sent.contains("moot"), "a call disposed while it waits is never sent")
    }
}
