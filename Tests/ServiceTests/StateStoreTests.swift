import Foundation
@testable import Service
import XCTest

final class StateStoreTests: XCTestCase {
    func testFailedWritesAreRetriedLessAndLessOftenUpToAMinute() {
        let seconds = (1...9).map { StateStore.retryDelay(afterFailures: $0) / 1_000_000_000 }
        XCTAssertEqual(seconds, [1, 2, 4, 8, 16, 32, 60, 60, 60])
        XCTAssertEqual(StateStore.retryDelay(afterFailures: 1_000_000), StateStore.longestRetryInterval, "no overflow however long it fails")
    }

    func testOneStorePerDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxwidgets-lock-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var first: StateStore? = try StateStore(directory: directory)
        let started = Date()
        XCTAssertThrowsError(try StateStore(directory: directory)) { error in
            XCTAssertTrue("\(error)".contains("is in use by another rxwidgetsd"), "\(error)")
        }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 1.9, "it waited for the lock first")
        XCTAssertNotNil(first)
        first = nil
        XCTAssertNoThrow(try StateStore(directory: directory), "the lock goes with the store")
    }
}
