import BusTestSupport
import DBus
import Foundation
import XCTest

final class PickerTests: DaemonTestCase {
    private let fruit = "\(root)/picker/fruit"

    private func createFruit(_ extra: [(String, DBusValue)] = []) throws {
        try call(root, managerInterface, "CreatePicker", [.string("fruit"), options([("items", titles([["apple", "banana", "cherry"], ["small", "large"]]))] + extra)])
        _ = takeEvents()
    }

    func testCreateSelectAndTheSignalsBeforeEachReply() throws {
        XCTAssertEqual(try call(root, managerInterface, "CreatePicker", [.string("fruit"), options([("items", titles([["apple", "banana", "cherry"], ["small", "large"]]))])]),
                       [.objectPath(ObjectPath(fruit)!)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Manager Widgets", "InterfacesAdded \(fruit)", "reply"])
        try call(fruit, pickerInterface, "SelectRow", [.int32(2), .int32(0)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker SelectedRows,Revision", "ItemSelected(2, 0)", "ModelSelected([<'cherry'>, <'small'>])", "reply"])
        XCTAssertEqual(try property(fruit, pickerInterface, "Revision"), .uint64(2))
        try call(fruit, pickerInterface, "SelectRow", [.int32(2), .int32(0)])
        XCTAssertEqual(takeEvents(), ["ItemSelected(2, 0)", "ModelSelected([<'cherry'>, <'small'>])", "reply"],
                       "selecting the selected row is a user's event but changes nothing")
        XCTAssertEqual(try property(fruit, pickerInterface, "Revision"), .uint64(2))
        try call(fruit, pickerInterface, "SetSelectedRow", [.int32(1), .int32(1)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker SelectedRows,Revision", "reply"], "a programmatic selection sends no ItemSelected")
        XCTAssertEqual(try call(fruit, pickerInterface, "SelectedRow", [.int32(1)]), [.int32(1)])
        XCTAssertEqual(try property(fruit, pickerInterface, "SelectedRows"), .array(element: .int32, [.int32(2), .int32(1)]))
    }

    func testQueriesBeforeItemsAndOutOfRange() throws {
        try call(root, managerInterface, "CreatePicker", [.string("empty"), options([])])
        let empty = "\(root)/picker/empty"
        for (member, arguments) in [("TitleForRow", [DBusValue.int32(0), .int32(0)]), ("SelectedRow", [.int32(0)]), ("Model", [.int32(0), .int32(0)]),
                                    ("WidthForComponent", [.int32(0)]), ("AppendItems", [titles([["x"]])]), ("SelectRow", [.int32(0), .int32(0)])] {
            XCTAssertEqual(error(empty, pickerInterface, member, arguments)?.name, errorPrefix + "ItemsNotBound", member)
        }
        try createFruit()
        XCTAssertEqual(error(fruit, pickerInterface, "TitleForRow", [.int32(3), .int32(0)]),
                       DBusError(name: errorPrefix + "OutOfRange", message: "row 3 is out of range; expected 0…2"))
        XCTAssertEqual(error(fruit, pickerInterface, "TitleForRow", [.int32(0), .int32(-1)]),
                       DBusError(name: errorPrefix + "OutOfRange", message: "component -1 is out of range; expected 0…1"))
        XCTAssertEqual(error(fruit, pickerInterface, "AppendItems", [titles([["a"], ["b"], ["c"]])])?.name, errorPrefix + "OutOfRange")
        XCTAssertEqual(error(fruit, pickerInterface, "SelectRow", [.string("2"), .int32(0)]),
                       DBusError.invalidArgs("SelectRow expects arguments 'ii', got 'si'"))
        XCTAssertEqual(try property(fruit, pickerInterface, "Revision"), .uint64(1), "failed calls change nothing")
    }

    func testAdaptersTitlesViewsAndSizes() throws {
        try createFruit()
        XCTAssertEqual(try call(fruit, pickerInterface, "TitleForRow", [.int32(1), .int32(0)]), [.string("banana")])
        XCTAssertEqual(try call(fruit, pickerInterface, "WidthForComponent", [.int32(0)]), [.double(187)], "floor(375 / 2)")
        XCTAssertEqual(try call(fruit, pickerInterface, "RowHeightForComponent", [.int32(0)]), [.double(34)])
        try call(fruit, pickerInterface, "SetAdapter", [.string("attributed"), options([
            ("format", .string("{row}:{value}@{component}")), ("attributes", options([("foregroundColor", .string("red"))])),
            ("widths", .array(element: .double, [.double(100), .double(50)])), ("row_heights", .array(element: .double, [.double(40)])),
        ])])
        XCTAssertEqual(try property(fruit, pickerInterface, "Adapter"), .string("attributed"))
        XCTAssertEqual(try call(fruit, pickerInterface, "AttributedTitleForRow", [.int32(2), .int32(0)]),
                       [.string("2:cherry@0"), options([("foregroundColor", .string("red"))])])
        XCTAssertEqual(try call(fruit, pickerInterface, "WidthForComponent", [.int32(1)]), [.double(50)])
        XCTAssertEqual(try call(fruit, pickerInterface, "RowHeightForComponent", [.int32(1)]), [.double(34)])
        try call(fruit, pickerInterface, "SetAdapter", [.string("view"), options([("view", options([("backgroundColor", .string("{value}")), ("width", .int64(10))]))])])
        let view = try call(fruit, pickerInterface, "ViewForRow", [.int32(0), .int32(1)]).first?.dictionaryEntries ?? []
        XCTAssertEqual(view.map { "\($0.key.stringValue ?? "")=\($0.value)" }, ["backgroundColor=<'small'>", "kind=<'View'>", "width=<int64 10>"])
        XCTAssertEqual(error(fruit, pickerInterface, "SetAdapter", [.string("wheel"), options([])]),
                       DBusError.invalidArgs("kind: expected 'title', 'attributed' or 'view', got 'wheel'"))
        XCTAssertEqual(error(fruit, pickerInterface, "SetAdapter", [.string("title"), options([("font", .string("x"))])]),
                       DBusError.invalidArgs("options: unknown key 'font'; expected 'attributes', 'format', 'row_heights', 'view', 'widths'"))
        XCTAssertEqual(error(fruit, pickerInterface, "SetAdapter", [.string("title"), options([("widths", .array(element: .double, [.double(-1)]))])])?.name,
                       DBusError.Name.invalidArgs)
    }

    func testModelsAppendAndEmptyComponents() throws {
        try call(root, managerInterface, "CreatePicker", [.string("mixed"), options([])])
        let mixed = "\(root)/picker/mixed"
        try call(mixed, pickerInterface, "SetModels", [.array(element: .array(.variant), [
            .array(element: .variant, [.variant(.int32(7)), .variant(.boolean(true)), .variant(.array(element: .string, [.string("a"), .string("b")]))]),
            .array(element: .variant, []),
        ])])
        XCTAssertEqual(try call(mixed, pickerInterface, "TitleForRow", [.int32(2), .int32(0)]), [.string("[a, b]")])
        XCTAssertEqual(try call(mixed, pickerInterface, "Model", [.int32(0), .int32(0)]), [.variant(.int32(7))])
        XCTAssertEqual(try call(mixed, pickerInterface, "SelectedRow", [.int32(1)]), [.int32(-1)])
        _ = takeEvents()
        try call(mixed, pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        XCTAssertEqual(Array(takeEvents().prefix(3)), ["PropertiesChanged Picker SelectedRows,Revision", "ItemSelected(1, 0)", "ModelSelected([<true>, <''>])"],
                       "an empty component contributes the empty string")
        try call(mixed, pickerInterface, "AppendItems", [titles([["x"], ["y", "z"]])])
        XCTAssertEqual(try property(mixed, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(4), .int32(2)]))
    }

    func testPopupPicker() throws {
        try call(root, managerInterface, "CreatePicker", [.string("sheet"), options([("items", titles([["red", "green", "blue"]])), ("popup", .boolean(true))])])
        let sheet = "\(root)/picker/sheet"
        XCTAssertEqual(try property(sheet, pickerInterface, "Popup"), .boolean(true))
        _ = takeEvents()
        try call(sheet, pickerInterface, "Show")
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker Visible,Revision", "reply"])
        try call(sheet, pickerInterface, "Done")
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker Visible,Revision", "SelectedItem(0, 'red')", "reply"],
                       "Done reports row 0 until the user moves it, then hides")
        try call(sheet, pickerInterface, "Show")
        try call(sheet, pickerInterface, "Cancel")
        XCTAssertEqual(takeEvents().suffix(3), ["PropertiesChanged Picker Visible,Revision", "Closed()", "reply"])
        try call(sheet, pickerInterface, "SetItems", [titles([[]])])
        XCTAssertEqual(error(sheet, pickerInterface, "Done")?.name, errorPrefix + "ItemsNotBound")
        try createFruit()
        for member in ["Show", "Hide", "Done", "Cancel"] {
            XCTAssertEqual(error(fruit, pickerInterface, member)?.name, DBusError.Name.notSupported, member)
        }
    }

    func testReloadsAndHideChangeNothingVisible() throws {
        try createFruit()
        try call(fruit, pickerInterface, "ReloadAllComponents")
        try call(fruit, pickerInterface, "ReloadComponent", [.int32(1)])
        XCTAssertEqual(takeEvents(), ["reply", "reply"], "reloading unchanged data announces nothing")
        XCTAssertEqual(try property(fruit, pickerInterface, "Revision"), .uint64(1))
        XCTAssertEqual(error(fruit, pickerInterface, "ReloadComponent", [.int32(2)])?.name, errorPrefix + "OutOfRange")
        try call(root, managerInterface, "CreatePicker", [.string("sheet"), options([("items", titles([["x"]])), ("popup", .boolean(true))])])
        let sheet = "\(root)/picker/sheet"
        try call(sheet, pickerInterface, "Show")
        _ = takeEvents()
        try call(sheet, pickerInterface, "Hide")
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker Visible,Revision", "reply"])
        try call(sheet, pickerInterface, "Hide")
        XCTAssertEqual(takeEvents(), ["reply"], "hiding a hidden popup changes nothing")
    }

    func testLimits() throws {
        try createFruit()
        let many = titles((0..<65).map { _ in ["x"] })
        XCTAssertEqual(error(fruit, pickerInterface, "SetItems", [many])?.name, errorPrefix + "LimitExceeded")
        let long = String(repeating: "é", count: 65_537)
        XCTAssertEqual(error(fruit, pickerInterface, "SetItems", [titles([[long]])]),
                       DBusError(name: errorPrefix + "LimitExceeded", message: "items component 0 row 0 has 65537 characters; the limit is 65536"))
        XCTAssertEqual(try call(fruit, pickerInterface, "TitleForRow", [.int32(0), .int32(0)]), [.string("apple")], "a refused SetItems changes nothing")
    }
}

/// A client on another machine may marshal big-endian ('B'), and the bus
/// forwards a message in the byte order it came in: a `SetItems` and a
/// `Titles` written big-endian by hand (a Python script speaking the wire
/// protocol over the bus's socket, no D-Bus library) are read exactly —
/// two components, 13 titles of 0 to 1,000 bytes, non-ASCII among them,
/// each offset padded differently — and `Titles` reads them back equal.
final class BigEndianTests: DaemonTestCase {
    private static let script = #"""
    import json, os, socket, struct, sys, urllib.parse

    address, destination, path, interface, titles = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], json.loads(sys.argv[5])

    def socket_path(address):
        for part in address.split(";"):
            kind, _, rest = part.partition(":")
            keys = dict(item.split("=", 1) for item in rest.split(",") if "=" in item)
            if kind == "unix" and "path" in keys:
                return urllib.parse.unquote(keys["path"])
            if kind == "unix" and "abstract" in keys:
                return "\0" + urllib.parse.unquote(keys["abstract"])
        sys.exit("no unix address in " + address)

    class Writer:
        """Marshals big-endian, from the specification."""
        def __init__(self):
            self.bytes = bytearray()
        def pad(self, alignment):
            self.bytes += b"\0" * (-len(self.bytes) % alignment)
        def byte(self, value):
            self.bytes.append(value)
        def uint32(self, value):
            self.pad(4)
            self.bytes += struct.pack(">I", value)
        def int32(self, value):
            self.pad(4)
            self.bytes += struct.pack(">i", value)
        def string(self, text):
            encoded = text.encode()
            self.uint32(len(encoded))
            self.bytes += encoded + b"\0"
        def signature(self, text):
            self.byte(len(text))
            self.bytes += text.encode() + b"\0"
        def array(self, alignment, fill):
            self.uint32(0)
            at = len(self.bytes) - 4
            self.pad(alignment)
            start = len(self.bytes)
            fill()
            struct.pack_into(">I", self.bytes, at, len(self.bytes) - start)

    serial = 0
    def method_call(destination, path, interface, member, signature, fill_body):
        global serial
        serial += 1
        body = Writer()
        fill_body(body)
        fields = [(1, "o", path), (2, "s", interface), (3, "s", member), (6, "s", destination)] + ([(8, "g", signature)] if signature else [])
        header = Writer()
        header.bytes += b"B\x01\x00\x01"
        header.uint32(len(body.bytes))
        header.uint32(serial)
        def fill_fields():
            for code, kind, value in fields:
                header.pad(8)
                header.byte(code)
                header.signature(kind)
                header.signature(value) if kind == "g" else header.string(value)
        header.array(8, fill_fields)
        header.pad(8)
        connection.sendall(bytes(header.bytes + body.bytes))
        return serial

    received = b""
    def next_message():
        global received
        while True:
            if len(received) >= 16:
                order = "<" if received[0:1] == b"l" else ">"
                body_length, _, fields_length = struct.unpack_from(order + "III", received, 4)
                body_at = 16 + fields_length + (-(16 + fields_length) % 8)
                if len(received) >= body_at + body_length:
                    message, received = received[:body_at + body_length], received[body_at + body_length:]
                    fields, at = {}, 16
                    while at < 16 + fields_length:
                        at += -at % 8
                        code, length = message[at], message[at + 1]
                        kind = message[at + 2:at + 2 + length].decode()
                        at += 3 + length
                        if kind == "g":
                            fields[code] = message[at + 1:at + 1 + message[at]].decode()
                            at += 2 + message[at]
                        else:
                            at += -at % 4
                            (value,) = struct.unpack_from(order + "I", message, at)
                            if kind in ("s", "o"):
                                fields[code] = message[at + 4:at + 4 + value].decode()
                                at += 5 + value
                            else:
                                fields[code] = value
                                at += 4
                    return order, message[1], fields, message[body_at:]
            chunk = connection.recv(65536)
            if not chunk:
                sys.exit("the bus closed the connection")
            received += chunk

    def reply(to):
        while True:
            order, kind, fields, body = next_message()
            if fields.get(5) == to and kind in (2, 3):
                if kind == 3:
                    (length,) = struct.unpack_from(order + "I", body, 0)
                    sys.exit(fields.get(4, "?") + ": " + body[4:4 + length].decode())
                return order, body

    def strings(order, body, at):
        """An 'as' at `at`: its strings and where it ends."""
        (length,) = struct.unpack_from(order + "I", body, at)
        at += 4
        end, values = at + length, []
        while at < end:
            at += -at % 4
            (count,) = struct.unpack_from(order + "I", body, at)
            values.append(body[at + 4:at + 4 + count].decode())
            at += 5 + count
        return values, at

    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.connect(socket_path(address))
    connection.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
    if not connection.recv(4096).startswith(b"OK "):
        sys.exit("EXTERNAL was refused")
    connection.sendall(b"BEGIN\r\n")
    reply(method_call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello", "", lambda body: None))

    def items(body):
        def components():
            for component in titles:
                body.array(4, lambda component=component: [body.string(title) for title in component])
        body.array(4, components)
    reply(method_call(destination, path, interface, "SetItems", "aas", items))
    read = []
    for component, rows in enumerate(titles):
        def page(body, component=component, rows=rows):
            body.int32(component)
            body.int32(0)
            body.int32(len(rows) + 5)
        order, body = reply(method_call(destination, path, interface, "Titles", "iii", page))
        read.append(strings(order, body, 0)[0])
    print(json.dumps(read))
    """#

    func testABigEndianSetItemsAndTitlesAreReadExactly() throws {
        try call(root, managerInterface, "CreatePicker", [.string("wire"), options([("items", titles([["before"]]))])])
        let path = "\(root)/picker/wire"
        // Lengths 0 to 8 and 1,000 bytes put every title at another offset
        // modulo 4 and 8; UTF-8 of two, three and four bytes.
        let items = [["", "a", "bc", "déf", "ghij", "日本語", "klmno", "🦊🦊", "pqrstuvw"], ["é", String(repeating: "z", count: 1_000), "x y", "ü"]]
        let argument = String(decoding: try JSONSerialization.data(withJSONObject: items), as: UTF8.self)
        let sent = try runCommand("/usr/bin/python3", ["-c", BigEndianTests.script, bus.address, busName, path, pickerInterface, argument])
        XCTAssertEqual(sent.status, 0, sent.error)
        let read = try JSONSerialization.jsonObject(with: Data(sent.output.utf8)) as? [[String]]
        XCTAssertEqual(read, items, "Titles asked big-endian answers the titles sent big-endian")
        for (component, titles) in items.enumerated() {
            XCTAssertEqual(try call(path, pickerInterface, "Titles", [.int32(Int32(component)), .int32(0), .int32(20)]).first,
                           .array(element: .string, titles.map(DBusValue.string)), "component \(component) read by a little-endian client")
        }
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(9), .int32(4)]))
        XCTAssertEqual(try property(path, pickerInterface, "Revision"), .uint64(2), "one change")
    }
}
