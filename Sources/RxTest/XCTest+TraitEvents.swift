import RxCoreEssentials
import XCTest

/// Asserts two lists of `Single` results are equal, as RxTest's: successes
/// by `==`, failures as `Event`'s errors compare.
public func XCTAssertEqual<Element: Equatable>(_ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>], file: StaticString = #filePath, line: UInt = #line) {
    let equal = lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { left, right in
        switch (left, right) {
        case (.success(let a), .success(let b)): return a == b
        case (.failure(let a), .failure(let b)): return sameError(a, b)
        default: return false
        }
    }
    XCTAssertTrue(equal, "\(lhs) is not equal to \(rhs)", file: file, line: line)
}
