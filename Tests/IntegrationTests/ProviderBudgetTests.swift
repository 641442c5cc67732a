import BusTestSupport
import DBus
import Foundation
import RxCoreEssentials
import RxWidgetsClient
import XCTest

/// An options provider's answers count against the memory budget as a
/// call's values do: its lists took a form past `--max-memory` (1.1 GB
/// counted against 256 MiB). An answer that would take the form past the
/// budget is refused — the field keeps its options — and logged.
final class ProviderBudgetTests: DaemonTestCase {
    override var daemonArguments: [String] { ["--max-memory", "\(16 << 20)"] }

    func testAnswersPastTheMemoryBudgetAreRefused() throws {
        let count = 40
        let fields = (0..<count).map { #"{"name":"c\#($0)","kind":"choice","optionsFrom":{"provider":"big","fields":[]}}"# }.joined(separator: ",")
        var taken = 0
        let watch = client.onSignal { message in
            if message.member == "OptionsChanged" { taken += 1 }
        }
        defer { watch.dispose() }
        let owner = try WidgetsClient(address: bus.address)
        let form = try owner.createForm("big", spec: #"{"fields":[\#(fields)]}"#)
        // 1,000 options of 900 characters: 0.9 MB a field (each announced in
        // a signal under 1 MiB), 36 MB for all of them.
        let serving = try owner.serveOptionsProvider("big", on: form) { field, _ in
            .just((0..<1_000).map { "\(field) \($0) " + String(repeating: "o", count: 900) })
        }
        defer { serving.dispose() }
        func refused() -> Int {
            daemon.log.components(separatedBy: "(--max-memory)'").count - 1
        }
        XCTAssertTrue(waitUntil(timeout: 120) { taken + refused() == count }, "every field was answered or refused: \(taken) + \(refused()); log:\n\(daemon.log.suffix(2_000))")
        print("ProviderBudgetTests: \(taken) of \(count) fields took their 0.9 MB of options within a 16 MiB budget, \(refused()) were refused")
        XCTAssertGreaterThan(taken, 5, "answers within the budget are taken")
        XCTAssertLessThan(taken, 20, "no more than the budget holds")
    }
}
