import BusTestSupport
import DBus
import WidgetsAPI
import XCTest

/// Every method of the Picker and Table contracts that takes only indexes
/// (`i` arguments), called with every combination of Int32's extremes, -1
/// and 0 on widgets with rows: each call is answered (a result, or one of
/// the errors an index may earn), the daemon stays, and a refused call
/// changes nothing. The methods come from the contracts, so one added later
/// is called too.
final class IndexExtremesTests: DaemonTestCase {
    private static let indexes: [Int32] = [.min, -1, 0, .max]

    private func combinations(of count: Int) -> [[Int32]] {
        (0..<count).reduce([[]]) { partial, _ in partial.flatMap { prefix in IndexExtremesTests.indexes.map { prefix + [$0] } } }
    }

    func testEveryIndexArgumentTakesInt32Extremes() throws {
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([("items", titles([["a", "b"], ["x"]]))])])
        try call(root, managerInterface, "CreateTable", [.string("t"), options([("items", .array(element: .string, [.string("r1"), .string("r2")]))])])
        // Editable, so that DeleteRow and MoveRow reach their indexes.
        try call("\(root)/table/t", "org.freedesktop.DBus.Properties", "Set", [.string(TableContract.name), .string("Editable"), .variant(.boolean(true))])
        let allowed: Set<String> = [errorPrefix + "OutOfRange", errorPrefix + "LimitExceeded", DBusError.Name.invalidArgs]
        var called = 0
        for (path, contract) in [("\(root)/picker/p", PickerContract.interface), ("\(root)/table/t", TableContract.interface)] {
            for method in contract.shape.methods where !method.inputs.isEmpty && method.inputs.allSatisfy({ $0.type == .int32 }) {
                for arguments in combinations(of: method.inputs.count) {
                    let revision = try property(path, contract.name, "Revision")
                    called += 1
                    guard let refused = error(path, contract.name, method.name, arguments.map { .int32($0) }) else { continue }
                    XCTAssertTrue(allowed.contains(refused.name), "\(method.name)\(arguments): \(refused.name): \(refused.message)")
                    XCTAssertEqual(try property(path, contract.name, "Revision"), revision, "a refused \(method.name)\(arguments) changed nothing")
                }
            }
        }
        XCTAssertGreaterThan(called, 100, "the contracts' index methods were called")
        XCTAssertEqual(try property("\(root)/picker/p", pickerInterface, "RowCounts"), .array(element: .int32, [.int32(2), .int32(1)]), "the daemon is still serving")
    }
}
