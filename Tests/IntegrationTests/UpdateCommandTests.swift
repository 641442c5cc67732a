import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import XCTest

/// A script changes a widget someone shows, one call per command (yad's
/// `--listen`), and serves a choice field's options from a command.
final class UpdateCommandTests: DaemonTestCase {
    private let formInterface = "org.rxwidgets.Widgets1.Form"

    private func run(_ arguments: [String]) throws -> CommandResult {
        try runCommand(frontEndExecutable, arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8"])
    }

    func testSetAppendAndSelectAPickerAndATable() throws {
        try call(root, managerInterface, "CreatePicker", [.string("fruit"), options([("items", titles([["apple"]]))])])
        XCTAssertEqual(try run(["set", "fruit", "items", "banana", "cherry"]).status, 0)
        XCTAssertEqual(try run(["append", "\(root)/picker/fruit", "damson"]).status, 0)
        XCTAssertEqual(try call("\(root)/picker/fruit", pickerInterface, "Titles", [.int32(0), .int32(0), .int32(10)]).first,
                       .array(element: .string, ["banana", "cherry", "damson"].map(DBusValue.string)))
        XCTAssertEqual(try run(["select", "fruit", "damson"]).status, 0)
        XCTAssertEqual(try property("\(root)/picker/fruit", pickerInterface, "SelectedRows"), .array(element: .int32, [.int32(2)]))

        try call(root, managerInterface, "CreateTable", [.string("jobs"), options([])])
        XCTAssertEqual(try run(["set", "jobs", "items", "build", "test"]).status, 0)
        XCTAssertEqual(try run(["append", "jobs", "deploy"]).status, 0)
        XCTAssertEqual(try property("\(root)/table/jobs", "org.rxwidgets.Widgets1.Table", "RowCounts"), .array(element: .int32, [.int32(3)]))
        let wrong = try run(["form-set", "jobs", "a=b"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.error.contains("form-set does not apply to \(root)/table/jobs (a table)"), wrong.error)
        let missing = try run(["select", "nothing", "x"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.error.contains("no widget is named 'nothing'"), missing.error)
    }

    func testFormSetIsJudgedByTheDaemon() throws {
        try call(root, managerInterface, "CreateForm", [.string("signup"), .string("sign-up"), options([])])
        XCTAssertEqual(try run(["form-set", "signup", "username=ada_l"]).status, 0)
        let values = try property("\(root)/form/signup", formInterface, "Values")
        XCTAssertTrue(values?.description.contains("ada_l") == true, values?.description ?? "")
        let unknown = try run(["form-set", "signup", "colour=red"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.error.contains("has no field 'colour'"), unknown.error)
    }

    /// `provide`: the command gets the listed fields as JSON and prints an option a line.
    func testProvideServesAChoiceFieldsOptionsFromACommand() throws {
        let spec = #"{"fields": [{"name": "country", "kind": "text", "initial": "FR"}, {"name": "city", "kind": "choice", "optionsFrom": {"provider": "cities", "fields": ["country"]}}]}"#
        try call(root, managerInterface, "CreateForm", [.string("shop"), .string(spec), options([])])
        let provider = Process()
        provider.executableURL = URL(fileURLWithPath: frontEndExecutable)
        provider.arguments = ["provide", "cities", "--", "sh", "-c", #"grep -q '"country":"FR"' && printf 'Paris\nLyon\n' || echo Berlin"#]
        provider.environment = ProcessInfo.processInfo.environment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8"]) { $1 }
        provider.standardInput = FileHandle.nullDevice
        provider.standardError = FileHandle.nullDevice
        try provider.run()
        defer {
            provider.terminate()
            provider.waitUntilExit()
        }
        let form = try WidgetsClient(address: bus.address).form("shop")
        XCTAssertTrue(waitUntil(timeout: 20) { form.options(for: "city") == ["Paris", "Lyon"] }, "\(form.options(for: "city"))")
        try call("\(root)/form/shop", formInterface, "SetValue", [.string("country"), .variant(.string("DE"))])
        XCTAssertTrue(waitUntil(timeout: 20) { form.options(for: "city") == ["Berlin"] }, "asked again when a listed field changes: \(form.options(for: "city"))")
    }
}
