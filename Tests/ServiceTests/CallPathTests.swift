import BusTestSupport
import Foundation
import DBus
import RxCoreEssentials
import RxWidgets
@testable import Service
import WidgetsAPI
import XCTest

/// One D-Bus call per widget kind, walked through the layers: Service turns
/// it into exactly one gesture of the widget, and the widget carries the
/// gesture out in UIKit's order (its own state first, then its delegate or
/// data source), from which everything the client sees follows.
final class CallPathTests: XCTestCase {
    private var bus: PrivateBus!
    private var serverConnection: Connection!
    private var service: WidgetService!
    private var client: Connection!
    private let root = "/org/rxwidgets/Widgets1"

    override func setUpWithError() throws {
        try super.setUpWithError()
        bus = try PrivateBus()
        serverConnection = try Connection(bus: .address(bus.address))
        service = try WidgetService(connection: serverConnection)
        client = try Connection(bus: .address(bus.address))
    }

    override func tearDown() {
        client?.close()
        serverConnection?.close()
        service = nil
        bus?.stop()
        super.tearDown()
    }

    @discardableResult
    private func call(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = []) throws -> [DBusValue] {
        try client.callAndWait(destination: serverConnection.uniqueName, path: path, interface: "org.rxwidgets.Widgets1.\(interface)", member: member, arguments)
    }

    private func options(_ pairs: [(String, DBusValue)]) -> DBusValue {
        .dictionary(key: .string, value: .variant, pairs.map { (.string($0.0), .variant($0.1)) })
    }

    private func widget<W: ServedWidget>(_ path: String, as type: W.Type) throws -> W {
        try XCTUnwrap(service.widgets[ObjectPath(path)!] as? W)
    }

    func testPickerSelectRowIsOneSelectionGesture() throws {
        let items = DBusValue.array(element: .array(.string), [.array(element: .string, ["a", "b", "c"].map { .string($0) })])
        try call(root, "Manager", "CreatePicker", [.string("p"), options([("items", items)])])
        let picker = try widget("\(root)/picker/p", as: PickerWidget.self).picker
        var hops: [String] = []
        let delegateCalls = picker.rx.delegate.sentMessage(.didSelectRow).subscribe(onNext: { row in
            hops.append("delegate didSelectRow \(row.row) with selectedRow \(picker.selectedRow(inComponent: row.component))")
        })
        let selected = picker.rx.itemSelected.subscribe(onNext: { hops.append("rx.itemSelected \($0.row)") })
        try call("\(root)/picker/p", "Picker", "SelectRow", [.int32(2), .int32(0)])
        XCTAssertEqual(hops, ["delegate didSelectRow 2 with selectedRow 2", "rx.itemSelected 2"],
                       "one gesture: the selection moved before the delegate heard of it, and the rx event follows the delegate call")
        delegateCalls.dispose()
        selected.dispose()
    }

    func testTableSelectAndDeleteAreGesturesInUIKitsOrder() throws {
        try call(root, "Manager", "CreateTable", [.string("t"), options([("items", .array(element: .string, ["a", "b", "c"].map { .string($0) }))])])
        let table = try widget("\(root)/table/t", as: TableWidget.self).table
        var hops: [String] = []
        let deselects = table.rx.delegate.sentMessage(.didDeselectRowAt).subscribe(onNext: {
            hops.append("didDeselect \($0.row) selected \(table.indexPathsForSelectedRows?.map(\.row) ?? [])")
        })
        let selects = table.rx.delegate.sentMessage(.didSelectRowAt).subscribe(onNext: {
            hops.append("didSelect \($0.row) selected \(table.indexPathsForSelectedRows?.map(\.row) ?? [])")
        })
        let commits = table.rx.dataSource.sentMessage(.commitEditingStyle).subscribe(onNext: {
            hops.append("commit \($0.editingStyle) \($0.indexPath.row) rows \(table.numberOfRows(inSection: 0))")
        })
        try call("\(root)/table/t", "Table", "SelectRow", [.int32(0), .int32(0)])
        try call("\(root)/table/t", "Table", "SelectRow", [.int32(0), .int32(2)])
        XCTAssertEqual(hops, ["didSelect 0 selected [0]", "didDeselect 0 selected []", "didSelect 2 selected [2]"])
        hops = []
        XCTAssertThrowsError(try call("\(root)/table/t", "Table", "DeleteRow", [.int32(0), .int32(1)]), "no delete gesture while the table is not editing")
        XCTAssertEqual(hops, [])
        XCTAssertFalse(table.isEditing)
        _ = try client.callAndWait(destination: serverConnection.uniqueName, path: "\(root)/table/t", interface: "org.freedesktop.DBus.Properties", member: "Set",
                               [.string("org.rxwidgets.Widgets1.Table"), .string("Editable"), .variant(.boolean(true))])
        XCTAssertTrue(table.isEditing, "Editable is the table's isEditing")
        try call("\(root)/table/t", "Table", "DeleteRow", [.int32(0), .int32(1)])
        XCTAssertEqual(hops, ["commit delete 1 rows 3"], "the data source hears the delete once; the row goes when the rows are bound anew")
        XCTAssertEqual(table.numberOfRows(inSection: 0), 2)
        deselects.dispose()
        selects.dispose()
        commits.dispose()
    }

    /// UIKit moves the row in the table first, its selection with it, and
    /// then tells the data source (`tableView(_:moveRowAt:to:)`), which
    /// moves the item: the data source hears of a move the table shows.
    func testTableMoveIsADragInUIKitsOrder() throws {
        try call(root, "Manager", "CreateTable", [.string("t"), options([("items", .array(element: .string, ["a", "b", "c"].map { .string($0) }))])])
        let table = try widget("\(root)/table/t", as: TableWidget.self).table
        _ = try client.callAndWait(destination: serverConnection.uniqueName, path: "\(root)/table/t", interface: "org.freedesktop.DBus.Properties", member: "Set",
                                   [.string("org.rxwidgets.Widgets1.Table"), .string("Editable"), .variant(.boolean(true))])
        try call("\(root)/table/t", "Table", "SelectRow", [.int32(0), .int32(0)])
        var hops: [String] = []
        let moves = table.rx.dataSource.sentMessage(.moveRowAt).subscribe(onNext: { move in
            hops.append("moveRowAt \(move.sourceIndex.row) to \(move.destinationIndex.row), selected \(table.indexPathsForSelectedRows?.map(\.row) ?? [])")
        })
        let moved = table.rx.itemMoved.subscribe(onNext: { _ in
            hops.append("rx.itemMoved, row 2 is \(table.dataSource?.tableView(table, cellForRowAt: IndexPath(row: 2, section: 0)).textLabel?.text ?? "")")
        })
        try call("\(root)/table/t", "Table", "MoveRow", [.int32(0), .int32(0), .int32(0), .int32(2)])
        XCTAssertEqual(hops, ["moveRowAt 0 to 2, selected [2]", "rx.itemMoved, row 2 is a"])
        XCTAssertEqual(table.indexPathsForSelectedRows, [IndexPath(row: 2, section: 0)])
        moves.dispose()
        moved.dispose()
    }

    func testFormSetValueIsOneInputOnItsControl() throws {
        try call(root, "Manager", "CreateForm", [.string("f"), .string("sign-up"), options([])])
        let form = try widget("\(root)/form/f", as: FormWidget.self).form
        var changes: [FormChange] = []
        let subscription = form.rx.changes.subscribe(onNext: { changes.append($0) })
        try call("\(root)/form/f", "Form", "SetValue", [.string("username"), .variant(.string("abc"))])
        XCTAssertEqual(changes.count, 1, "one call, one change of the form")
        XCTAssertEqual(changes.first?.values.map(\.name), ["username"])
        XCTAssertEqual(changes.first?.validity.first?.value.reason, .tooShort)
        XCTAssertEqual(try call("\(root)/form/f", "Form", "GetValue", [.string("username")]), [.variant(.string("abc"))])
        XCTAssertEqual(service.widgets[ObjectPath("\(root)/form/f")!]?.revision, 2, "the widget counts the one change: Revision is its own")
        subscription.dispose()
    }

    /// LoadItems measures the rows as it reads them (no second walk over a
    /// million rows): what it counts must be what the same rows bound by
    /// SetItems count — replacing, appending and adding a component, from a
    /// file with non-ASCII rows and from one of several chunks of ASCII
    /// (read without decoding, into room reserved from the first chunk).
    func testLoadedRowsCountAsTheSameRowsSet() throws {
        let mixed = ["short", "a title longer than fifteen bytes", "ünïcödé títle of some length", ""] + (0..<5_000).map { "row \($0) " + String(repeating: "x", count: $0 % 40) }
        let ascii = [""] + (0..<150_000).map { "ascii row \($0) " + String(repeating: "y", count: $0 % 17) }
        func component(_ rows: [String]) -> DBusValue { .array(element: .string, rows.map { .string($0) }) }
        func items(_ components: [[String]]) -> DBusValue { .array(element: .array(.string), components.map(component)) }
        for name in ["set", "load"] {
            try call(root, "Manager", "CreatePicker", [.string(name), options([("items", items([["kept"]]))])])
        }
        let set = try widget("\(root)/picker/set", as: PickerWidget.self)
        let load = try widget("\(root)/picker/load", as: PickerWidget.self)
        for titles in [mixed, ascii] {
            for name in ["set", "load"] {
                try call("\(root)/picker/\(name)", "Picker", "SetItems", [items([["kept"]])])
            }
            let fd = try descriptor(of: titles.joined(separator: "\n"))
            defer { close(fd) }
            let steps: [([[String]], [(String, DBusValue)])] = [
                ([titles], []),
                ([titles + titles], [("append", .boolean(true))]),
                ([titles + titles, titles], [("component", .int32(1))]),
            ]
            for (expected, loadOptions) in steps {
                try call("\(root)/picker/set", "Picker", "SetItems", [items(expected)])
                try call("\(root)/picker/load", "Picker", "LoadItems", [.unixFD(fd), options(loadOptions)])
                XCTAssertEqual(load.adapter.components, set.adapter.components, "\(titles.count) rows, options \(loadOptions)")
                // The rows' footprint: a search index, made off the loop when it gets to it, aside.
                XCTAssertEqual(load.footprint - load.search.footprint, set.footprint - set.search.footprint, "\(titles.count) rows, options \(loadOptions)")
            }
        }
    }

    /// Room reserved from a first chunk of short rows, for a file whose
    /// other rows are long, is not kept: the memory budget counts rows.
    func testLoadedRowsKeepNoRoomAWrongEstimateReserved() throws {
        let short = (0..<100_000).map { "r\($0)" }
        let long = (0..<200).map { _ in String(repeating: "z", count: 20_000) }
        let fd = try descriptor(of: (short + long).joined(separator: "\n"))
        defer { close(fd) }
        try call(root, "Manager", "CreatePicker", [.string("p"), options([])])
        try call("\(root)/picker/p", "Picker", "LoadItems", [.unixFD(fd), options([])])
        let rows = try widget("\(root)/picker/p", as: PickerWidget.self).adapter.components[0]
        XCTAssertEqual(rows.count, 100_200)
        XCTAssertLessThanOrEqual(rows.capacity, rows.count + rows.count / 4 + 1_024, "the first chunk's estimate was \(100_000 * 4) rows")
    }

    /// A file holding `text`, opened for reading.
    private func descriptor(of text: String) throws -> Int32 {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rows-\(getpid())-\(UUID().uuidString)")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let fd = open(file.path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        return fd
    }
}

final class TemplateNameTests: XCTestCase {
    /// The contract's list, which clients complete and check with, is the daemon's.
    func testTheContractNamesEveryTemplateTheDaemonHas() {
        XCTAssertEqual(Set(WidgetsAPI.formTemplates), Set(FormTemplates.all.keys))
    }
}
