import BusTestSupport
import DBus
import Foundation
import XCTest

/// Dependent components (API.md): country → city → district, on the bus.
final class DependentPickerTests: DaemonTestCase {
    private let path = "\(root)/picker/place"

    private func maps(_ levels: [[String: [String]]]) -> DBusValue {
        .array(element: .array(.dictEntry(key: .string, value: .array(.string))), levels.map { level in
            .dictionary(key: .string, value: .array(.string), level.sorted { $0.key < $1.key }.map { (.string($0.key), .array(element: .string, $0.value.map(DBusValue.string))) })
        })
    }

    private let places: [[String: [String]]] = [
        ["Germany": ["Berlin", "Hamburg"], "France": ["Paris", "Lyon", "Nice"]],
        ["Berlin": ["Mitte", "Pankow"], "Paris": ["Marais"], "Lyon": []],
    ]

    func testSelectingACountryRebindsItsCitiesAndTheirDistrictsBeforeTheEvents() throws {
        try call(root, managerInterface, "CreatePicker", [.string("place"), options([("items", titles([["Germany", "France", "Italy"]])), ("dependent", maps(places))])])
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(3), .int32(2), .int32(2)]))
        _ = takeEvents()
        try call(path, pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker MatchCounts,RowCounts,SelectedRows,Revision", "ItemSelected(1, 0)",
                                      "ModelSelected([<'France'>, <'Paris'>, <'Marais'>])", "reply"])
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(3), .int32(3), .int32(1)]))
        try call(path, pickerInterface, "SelectRow", [.int32(1), .int32(1)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker MatchCounts,RowCounts,SelectedRows,Revision", "ItemSelected(1, 1)", "ModelSelected([<'France'>, <'Lyon'>, <''>])", "reply"],
                       "Lyon has no districts: an empty component")
        try call(path, pickerInterface, "SetSelectedRow", [.int32(2), .int32(0)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker MatchCounts,RowCounts,SelectedRows,Revision", "reply"], "a programmatic selection rebinds too, without events")
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(3), .int32(0), .int32(0)]), "Italy is in no map")
        XCTAssertEqual(error(path, pickerInterface, "SetItems", [titles([["A"], ["B"]])])?.message,
                       "items has 2 arrays; picker 'place' has dependent components, so items gives component 0 only")
        XCTAssertEqual(error(path, pickerInterface, "AppendItems", [titles([["x"]])])?.name, DBusError.Name.notSupported)
        try call(path, pickerInterface, "SetItems", [titles([["Germany"]])])
        XCTAssertEqual(try call(path, pickerInterface, "Titles", [.int32(1), .int32(0), .int32(10)]).first, .array(element: .string, [.string("Berlin"), .string("Hamburg")]))
        try call(path, pickerInterface, "SetDependentItems", [maps([["Germany": ["Bonn"]]])])
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(1), .int32(1)]), "new maps: two components now")
    }

    func testHostileMapsAreRefusedAndNothingChanges() throws {
        try call(root, managerInterface, "CreatePicker", [.string("place"), options([("items", titles([["a"]])), ("dependent", maps([["a": ["b"]]]))])])
        let revision = try property(path, pickerInterface, "Revision")
        let tooMany = [[String: [String]]](repeating: ["a": ["a"]], count: 64)
        XCTAssertEqual(error(path, pickerInterface, "SetDependentItems", [maps(tooMany)])?.name, errorPrefix + "LimitExceeded", "65 components")
        XCTAssertEqual(error(path, pickerInterface, "SetDependentItems", [maps([["k": [String(repeating: "x", count: 70_000)]]])])?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(try property(path, pickerInterface, "Revision"), revision)
    }
}

/// The maps survive a restart with the rows they derived.
final class DependentPickerStateTests: XCTestCase {
    func testTheMapsSurviveARestart() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let state = bus.directory.appendingPathComponent("state").path
        let client = try Connection(bus: .address(bus.address))
        defer { client.close() }
        let path = "\(root)/picker/place"
        func call(_ object: String, _ interface: String, _ member: String, _ arguments: [DBusValue]) throws -> [DBusValue] {
            try client.callAndWait(destination: busName, path: object, interface: interface, member: member, arguments)
        }
        var daemon = try Daemon(bus: bus, arguments: ["--state-dir", state])
        XCTAssertTrue(waitForName(busName, on: client))
        let maps = DBusValue.array(element: .array(.dictEntry(key: .string, value: .array(.string))), [
            .dictionary(key: .string, value: .array(.string), [(.string("A"), .array(element: .string, [.string("a1"), .string("a2")])), (.string("B"), .array(element: .string, [.string("b1")]))]),
        ])
        let items = DBusValue.array(element: .array(.string), [.array(element: .string, [.string("A"), .string("B")])])
        _ = try call(root, managerInterface, "CreatePicker", [.string("place"), .dictionary(key: .string, value: .variant, [(.string("items"), .variant(items)), (.string("dependent"), .variant(maps))])])
        XCTAssertEqual(daemon.stop(), 0)
        daemon = try Daemon(bus: bus, arguments: ["--state-dir", state])
        XCTAssertTrue(waitForName(busName, on: client))
        _ = try call(path, pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        XCTAssertEqual(try call(path, pickerInterface, "Titles", [.int32(1), .int32(0), .int32(5)]).first, .array(element: .string, [.string("b1")]), "the maps came back: log \(daemon.log)")
        XCTAssertEqual(daemon.stop(), 0)
    }
}

/// The row limit counts a dependent picker's maps and derived rows together,
/// checked before a call changes anything.
final class DependentPickerLimitTests: DaemonTestCase {
    override var daemonArguments: [String] { ["--max-rows", "20"] }

    func testASelectionWhoseDerivedRowsBreakTheLimitChangesNothing() throws {
        let path = "\(root)/picker/place"
        let maps = DBusValue.array(element: .array(.dictEntry(key: .string, value: .array(.string))), [
            .dictionary(key: .string, value: .array(.string), [
                (.string("small"), .array(element: .string, [.string("s1")])),
                (.string("big"), .array(element: .string, (0..<9).map { .string("b\($0)") })),
            ]),
        ])
        // 2 root rows + 1 derived + the maps' 12 titles = 15 of 20.
        try call(root, managerInterface, "CreatePicker", [.string("place"), options([("items", titles([["small", "big"]])), ("dependent", maps)])])
        _ = takeEvents()
        // Selecting "big" would make 2 + 9 + 12 = 23.
        for member in ["SelectRow", "SetSelectedRow"] {
            XCTAssertEqual(error(path, pickerInterface, member, [.int32(1), .int32(0)])?.name, errorPrefix + "LimitExceeded", member)
        }
        XCTAssertEqual(try property(path, pickerInterface, "SelectedRows"), .array(element: .int32, [.int32(0), .int32(0)]), "nothing changed")
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(2), .int32(1)]))
        XCTAssertEqual(takeEvents(), ["error LimitExceeded", "error LimitExceeded"], "no signal")
        try call(path, pickerInterface, "SetDependentItems", [.array(element: .array(.dictEntry(key: .string, value: .array(.string))), [])])
        try call(path, pickerInterface, "SetModels", [.array(element: .array(.variant), [.array(element: .variant, [.variant(.string("x"))])])])
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(1)]), "no maps: an ordinary picker again")
    }
}
