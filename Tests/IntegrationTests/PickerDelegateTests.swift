import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import WidgetsAPI
import XCTest

/// A client as a picker's forward delegate (`Picker.AttachDelegate`): the
/// daemon asks it for a component's width and row height.
final class PickerDelegateTests: DaemonTestCase {
    private func size(_ path: String, _ member: String, _ component: Int32) throws -> DBusValue? {
        try call(path, pickerInterface, member, [.int32(component)]).first
    }

    func testTheDelegatesSizesAnswerAndWhatItDoesNotServeIsTheAdapters() throws {
        let owner = try WidgetsClient(address: bus.address)
        let picker = try owner.createPicker("sizes", items: [["a", "b"], ["c"]])
        let path = picker.path.rawValue
        try call(path, pickerInterface, "SetAdapter", [.string("title"), options([("row_heights", .array(element: .double, [.double(40), .double(41)]))])])
        let revision = try property(path, pickerInterface, "Revision")
        var asked: [Int] = []
        let serving = try owner.servePickerDelegate(on: picker, widthForComponent: { component in
            asked.append(component)
            return 100.5 + Double(component)
        })
        XCTAssertEqual(try property(path, pickerInterface, "Revision"), revision, "attaching changes nothing shown")
        XCTAssertEqual(try size(path, "WidthForComponent", 0), .double(100.5))
        XCTAssertEqual(try size(path, "WidthForComponent", 1), .double(101.5))
        XCTAssertEqual(asked, [0, 1])
        XCTAssertEqual(try size(path, "RowHeightForComponent", 1), .double(41), "a size it does not serve is the adapter's")
        XCTAssertEqual(error(path, pickerInterface, "WidthForComponent", [.int32(2)])?.name, errorPrefix + "OutOfRange", "the component is checked before anything is asked")
        XCTAssertEqual(asked.count, 2)
        serving.dispose()
        XCTAssertEqual(try size(path, "WidthForComponent", 0), .double(187), "disposing detached it: the default width again")
        XCTAssertEqual(error(path, pickerInterface, "DetachDelegate")?.message, "picker 'sizes' has no delegate attached")
    }

    func testWrongSilentAndDepartingDelegatesFailOnlyTheirCalls() throws {
        let owner = try WidgetsClient(address: bus.address)
        let picker = try owner.createPicker("p", items: [["a"], ["b"]])
        let path = picker.path.rawValue
        let serving = try owner.servePickerDelegate(on: picker, widthForComponent: { $0 == 0 ? -1 : .nan })
        let negative = error(path, pickerInterface, "WidthForComponent", [.int32(0)])
        XCTAssertEqual(negative?.name, WidgetsErrorName.dataSourceUnavailable)
        XCTAssertEqual(negative?.message.contains("answered WidthForComponent(0) wrongly"), true, negative?.message ?? "")
        XCTAssertEqual(negative?.message.contains("it answered -1.0; expected a finite size of 0 or more"), true, negative?.message ?? "")
        XCTAssertEqual(error(path, pickerInterface, "WidthForComponent", [.int32(1)])?.name, WidgetsErrorName.dataSourceUnavailable)
        serving.dispose()

        let silent = try SilentPickerDelegate(address: bus.address)
        try silent.attach(to: path, timeout: 300)
        let started = Date()
        let timedOut = error(path, pickerInterface, "WidthForComponent", [.int32(0)])
        XCTAssertEqual(timedOut?.message.contains("did not answer WidthForComponent(0) within 300 ms"), true, timedOut?.message ?? "")
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        XCTAssertEqual(try size(path, "RowHeightForComponent", 0), .double(34), "a method it does not serve is the default")
        silent.connection.close()
        XCTAssertTrue(waitUntil(timeout: 10) { self.daemon.log.contains("left the bus; the adapter's sizes hold again") }, daemon.log)
        XCTAssertEqual(try size(path, "WidthForComponent", 0), .double(187))
    }

    func testAnotherUIDMayNotAttachADelegate() throws {
        guard getuid() == 0 else { throw XCTSkip("switching to another uid needs root") }
        try call(root, managerInterface, "CreatePicker", [.string("mine"), options([("items", titles([["a"]]))])])
        let path = "\(root)/picker/mine"
        let attach = try runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/gdbus", "call", "--address", bus.address,
                                                         "--dest", busName, "--object-path", path, "--method", "\(pickerInterface).AttachDelegate", "/x", "{}"],
                                    environment: ["HOME": "/tmp"])
        XCTAssertTrue(attach.error.contains("AccessDenied: picker 'mine' belongs to uid 0; uid 65534 may only read it"), attach.error)
    }
}
