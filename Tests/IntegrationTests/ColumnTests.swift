import BusTestSupport
import DBus
import Foundation
import XCTest

/// Columns and descriptions of pickers' and tables' rows: `SetColumns`,
/// the creation option `columns`, rows as lists or dictionaries, the
/// formats' `{0}` and `{header}`, `RowDetails`, descriptions searched when
/// asked, the limits, and the state kept across a restart.
final class ColumnTests: DaemonTestCase {
    override var daemonArguments: [String] { ["--state-dir", bus.directory.appendingPathComponent("state").path] }

    private let files = "\(root)/table/files"
    private let tools = "\(root)/picker/tools"

    private func list(_ values: [String]) -> DBusValue {
        .variant(.array(element: .string, values.map(DBusValue.string)))
    }

    private func dictionary(_ pairs: [(String, String)]) -> DBusValue {
        .variant(.dictionary(key: .string, value: .variant, pairs.map { (.string($0.0), .variant(.string($0.1))) }))
    }

    private func strings(_ values: [String]) -> DBusValue {
        .array(element: .string, values.map(DBusValue.string))
    }

    /// Rows of `files`: two lists and a dictionary with a description.
    private func createFiles() throws {
        try call(root, managerInterface, "CreateTable", [.string("files"), options([("columns", strings(["Name", "Size", "Modified"]))])])
        try call(files, tableInterface, "SetItems", [.array(element: .variant, [
            list(["notes.txt", "12", "2026-01-02"]),
            list(["photo.jpg", "2048"]),
            dictionary([("Modified", "2026-03-04"), ("Name", "readme.md"), ("description", "read this first"), ("Size", "7")]),
        ])])
        _ = takeEvents()
    }

    private func details(_ path: String, _ interface: String, first: Int32 = 0, count: Int32 = 10) throws -> [String] {
        let reply = try call(path, interface, "RowDetails", [.int32(0), .int32(first), .int32(count)])
        return (reply.first?.arrayElements ?? []).map { detail in
            guard case .structure(let fields) = detail else { return "?" }
            return ([fields[0].stringValue ?? "?"] + (fields[1].arrayElements ?? []).map { $0.stringValue ?? "?" }).joined(separator: "|")
        }
    }

    private func cells(_ path: String) throws -> [String] {
        let reply = try call(path, tableInterface, "Cells", [.int32(0), .int32(0), .int32(10)])
        return (reply.first?.arrayElements ?? []).map { cell in
            guard case .structure(let fields) = cell else { return "?" }
            return fields[1].stringValue ?? "?"
        }
    }

    func testListAndDictionaryRowsReadAsColumnsWithDescriptions() throws {
        try createFiles()
        XCTAssertEqual(try property(files, tableInterface, "Columns"), strings(["Name", "Size", "Modified"]))
        XCTAssertEqual(try property(files, tableInterface, "DescriptionFormat"), .string("{description}"))
        XCTAssertEqual(try details(files, tableInterface), [
            "|notes.txt|12|2026-01-02", "|photo.jpg|2048|", "read this first|readme.md|7|2026-03-04",
        ], "a list's values in order (a short list's missing column empty), a dictionary's by header, its description")
        XCTAssertEqual(try cells(files), ["notes.txt  12  2026-01-02", "photo.jpg  2048  ", "readme.md  7  2026-03-04"],
                       "under the default format a row is its columns joined")
        _ = takeEvents()
        try call(files, tableInterface, "SetCellFormat", [.string("{0} ({Size} bytes) {row} {missing}")])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table Revision", "reply"])
        XCTAssertEqual(try cells(files), ["notes.txt (12 bytes) 0 {missing}", "photo.jpg (2048 bytes) 1 {missing}", "readme.md (7 bytes) 2 {missing}"],
                       "{0} and {header} name columns; a name of nothing stays as written")
        _ = takeEvents()
        try call(files, tableInterface, "SetDescriptionFormat", [.string("{Size} bytes, {Modified}{missing}")])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table DescriptionFormat,Revision", "reply"])
        XCTAssertEqual(try details(files, tableInterface, first: 1, count: 1), ["2048 bytes, |photo.jpg|2048|"], "a description names columns; a name of nothing is empty")
        _ = takeEvents()
        try call(files, tableInterface, "SetColumns", [strings(["Size"])])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table Columns,Revision", "reply"])
        XCTAssertEqual(try details(files, tableInterface, first: 2, count: 5), ["7 bytes, 2026-03-04|7"], "a dictionary's columns follow the headers; its other keys stay placeholders")
        _ = takeEvents()
        try call(files, tableInterface, "SetColumns", [strings(["Size"])])
        XCTAssertEqual(takeEvents(), ["reply"], "the same columns change nothing")
        XCTAssertEqual(try property(files, tableInterface, "Revision"), .uint64(5))
    }

    func testAPickerTitlesDictionariesAndSearchesDescriptionsWhenAsked() throws {
        try call(root, managerInterface, "CreatePicker", [.string("tools"), options([("columns", strings(["name", "kind"]))])])
        try call(tools, pickerInterface, "SetModels", [.array(element: .array(.variant), [.array(element: .variant, [
            dictionary([("title", "hammer"), ("description", "drives nails"), ("name", "hammer"), ("kind", "hand")]),
            dictionary([("title", "drill"), ("description", "bores holes"), ("name", "drill"), ("kind", "power")]),
            dictionary([("title", "saw"), ("description", "cuts wood, not nails"), ("name", "saw"), ("kind", "hand")]),
        ])])])
        XCTAssertEqual(try call(tools, pickerInterface, "Titles", [.int32(0), .int32(0), .int32(3)]).first, strings(["hammer", "drill", "saw"]),
                       "a dictionary's title key titles it")
        XCTAssertEqual(try details(tools, pickerInterface), ["drives nails|hammer|hand", "bores holes|drill|power", "cuts wood, not nails|saw|hand"])
        _ = takeEvents()
        let matches = { () throws -> [String] in
            let reply = try self.call(self.tools, pickerInterface, "Matches", [.int32(0), .int32(0), .int32(10)])
            return (reply.first?.arrayElements ?? []).map { match in
                guard case .structure(let fields) = match else { return "?" }
                return "\(fields[1].stringValue ?? "?")\((fields[2].arrayElements ?? []).compactMap { if case .uint32(let offset) = $0 { return Int(offset) } else { return nil } })"
            }
        }
        try call(tools, pickerInterface, "SetFilter", [.string("nails"), options([("fuzzy", .boolean(false))])])
        XCTAssertEqual(try property(tools, pickerInterface, "MatchCounts"), .array(element: .int32, [.int32(0)]), "titles alone by default")
        try call(tools, pickerInterface, "SetFilter", [.string("nails"), options([("fuzzy", .boolean(false)), ("in", strings(["title", "description"]))])])
        XCTAssertEqual(try matches(), ["hammer[]", "saw[]"], "found by their descriptions, no offsets in the titles")
        try call(tools, pickerInterface, "SetFilter", [.string("saw"), options([("fuzzy", .boolean(false)), ("in", strings(["description"]))])])
        XCTAssertEqual(try property(tools, pickerInterface, "MatchCounts"), .array(element: .int32, [.int32(0)]), "descriptions alone leave the titles out")
        try call(tools, pickerInterface, "SetFilter", [.string("sa"), options([("in", strings(["title", "description"]))])])
        XCTAssertEqual(try matches().first, "saw[0, 1]", "a title that matches has its offsets")
        try call(tools, pickerInterface, "SetDescriptionFormat", [.string("{kind} tool")])
        try call(tools, pickerInterface, "SetFilter", [.string("power"), options([("fuzzy", .boolean(false)), ("in", strings(["description"]))])])
        XCTAssertEqual(try matches(), ["drill[]"], "the description format is what is searched")
    }

    func testColumnsAndDescriptionsSurviveARestart() throws {
        try createFiles()
        try call(files, tableInterface, "SetDescriptionFormat", [.string("{Size} bytes")])
        try call(root, managerInterface, "CreatePicker", [.string("tools"), options([("columns", strings(["name"])), ("items", .array(element: .array(.string), [strings(["a", "b"])]))])])
        let before = try details(files, tableInterface)
        let revision = try property(files, tableInterface, "Revision")
        XCTAssertEqual(daemon.stop(), 0)
        daemon = try Daemon(bus: bus, arguments: daemonArguments)
        XCTAssertTrue(waitForName(busName, on: client), "the daemon came back; log:\n\(daemon.log)")
        XCTAssertEqual(try property(files, tableInterface, "Columns"), strings(["Name", "Size", "Modified"]))
        XCTAssertEqual(try property(files, tableInterface, "DescriptionFormat"), .string("{Size} bytes"))
        XCTAssertEqual(try details(files, tableInterface), before)
        XCTAssertEqual(try property(files, tableInterface, "Revision"), revision)
        XCTAssertEqual(try property(tools, pickerInterface, "Columns"), strings(["name"]))
    }

    func testHostileHeadersAreRefusedAndChangeNothing() throws {
        try createFiles()
        let refusals: [([String], String, String)] = [
            (Array(repeating: "c", count: 10_000).enumerated().map { "c\($0.offset)" }, errorPrefix + "LimitExceeded", "headers has 10000 headers; the limit is 64 columns"),
            (["Name", String(repeating: "h", count: 65_537)], errorPrefix + "LimitExceeded", "headers[1] ('hhhh"),
            (["Name", ""], "org.freedesktop.DBus.Error.InvalidArgs", "headers[1] is empty; expected a header of 1 or more characters"),
            (["Name", "Size", "Name"], "org.freedesktop.DBus.Error.InvalidArgs", "headers[2] 'Name' is already header 0; expected headers unlike each other"),
        ]
        for (headers, name, text) in refusals {
            let refused = error(files, tableInterface, "SetColumns", [strings(headers)])
            XCTAssertEqual(refused?.name, name, "\(headers.count) headers: \(refused?.message.prefix(300) ?? "accepted")")
            XCTAssertTrue(refused?.message.contains(text) == true, refused?.message.prefix(300).description ?? "")
            XCTAssertLessThan(refused?.message.count ?? 0, 400, "the value is quoted at most ~200 characters")
            XCTAssertEqual(takeEvents().filter { !$0.hasPrefix("error") }, [], "a refusal sends nothing")
        }
        let long = error(files, tableInterface, "SetColumns", [strings(["Name", String(repeating: "h", count: 65_537)])])
        XCTAssertTrue(long?.message.contains("65537 characters; the limit is 65536") == true, long?.message.prefix(400).description ?? "")
        XCTAssertNil(error(files, tableInterface, "SetColumns", [strings((0..<64).map { "c\($0)" })]), "64 columns, the limit, are taken")
        XCTAssertNil(error(files, tableInterface, "SetColumns", [strings(["Name", String(repeating: "h", count: 65_536)])]), "a header of 65,536 characters is within the string limit")
        XCTAssertEqual(try details(files, tableInterface, first: 2, count: 1), ["read this first|readme.md|"], "a dictionary without that key has the column empty")
        try call(files, tableInterface, "SetColumns", [strings(["Name", "Size", "Modified"])])
        _ = takeEvents()
        let revision = try property(files, tableInterface, "Revision")
        let created = error(root, managerInterface, "CreateTable", [.string("wide"), options([("columns", strings((0..<65).map { "c\($0)" }))])])
        XCTAssertEqual(created?.name, errorPrefix + "LimitExceeded")
        XCTAssertTrue(created?.message.contains("options 'columns' has 65 headers; the limit is 64 columns") == true, created?.message ?? "")
        XCTAssertNil(try property(root, managerInterface, "Widgets")?.arrayElements?.first { $0.stringValue?.hasSuffix("/wide") == true }, "no table was made")
        let format = error(files, tableInterface, "SetDescriptionFormat", [.string(String(repeating: "{", count: 70_000))])
        XCTAssertEqual(format?.name, errorPrefix + "LimitExceeded")
        XCTAssertTrue(format?.message.contains("format has 70000 characters; the limit is 65536") == true, format?.message ?? "")
        for bad in [[.string("title"), .string("body")], [DBusValue.string("description"), .string("description")]] {
            XCTAssertEqual(error(files, tableInterface, "SetFilter", [.string("x"), options([("in", .array(element: .string, bad))])])?.name, "org.freedesktop.DBus.Error.InvalidArgs")
        }
        XCTAssertEqual(try property(files, tableInterface, "Revision"), revision, "the refused calls changed nothing")
        XCTAssertEqual(try property(files, tableInterface, "Columns"), strings(["Name", "Size", "Modified"]))
    }

    func testNULInAHeaderNeverReachesTheRows() throws {
        try createFiles()
        let revision = try property(files, tableInterface, "Revision")
        // D-Bus strings cannot carry NUL: the message is refused before the
        // daemon reads it (by the sender's library or the bus); either way
        // nothing changes and the daemon still answers.
        let refused = error(files, tableInterface, "SetColumns", [strings(["Name", "Si\u{0}ze"])])
        XCTAssertEqual(refused?.name, "org.freedesktop.DBus.Error.InvalidArgs", "a header with NUL is refused")
        XCTAssertTrue(refused?.message.contains("NUL") == true, refused?.message ?? "")
        XCTAssertEqual(try property(files, tableInterface, "Revision"), revision)
        XCTAssertEqual(try property(files, tableInterface, "Columns"), strings(["Name", "Size", "Modified"]))
    }

    func testRowDetailsIsCheckedAsCellsAndNeedsRows() throws {
        try call(root, managerInterface, "CreateTable", [.string("empty"), options([("columns", strings(["A"]))])])
        XCTAssertEqual(error("\(root)/table/empty", tableInterface, "RowDetails", [.int32(0), .int32(0), .int32(1)])?.name, errorPrefix + "ItemsNotBound")
        try createFiles()
        XCTAssertEqual(error(files, tableInterface, "RowDetails", [.int32(1), .int32(0), .int32(1)])?.name, errorPrefix + "OutOfRange")
        XCTAssertEqual(error(files, tableInterface, "RowDetails", [.int32(0), .int32(4), .int32(1)])?.name, errorPrefix + "OutOfRange")
        XCTAssertEqual(error(files, tableInterface, "RowDetails", [.int32(0), .int32(0), .int32(-1)])?.name, "org.freedesktop.DBus.Error.InvalidArgs")
        XCTAssertEqual(error(files, tableInterface, "RowDetails", [.int32(0), .int32(0), .int32(70_000)])?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(try details(files, tableInterface, first: 3, count: 5), [], "first at the end reads nothing")
    }
}

/// The column limit is the daemon's to set, as every limit is.
final class ColumnLimitTests: DaemonTestCase {
    override var daemonArguments: [String] { ["--max-columns", "3", "--max-message-bytes", "1048576"] }

    func testMaxColumnsSetsTheLimit() throws {
        let headers = { (count: Int) in DBusValue.array(element: .string, (0..<count).map { .string("c\($0)") }) }
        XCTAssertNil(error(root, managerInterface, "CreateTable", [.string("three"), options([("columns", headers(3))])]), "three columns, the limit")
        let refused = error(root, managerInterface, "CreatePicker", [.string("four"), options([("columns", headers(4))])])
        XCTAssertEqual(refused?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(refused?.message, "options 'columns' has 4 headers; the limit is 3 columns")
    }

    /// Column texts as long as a string may be: a page of them is what one
    /// reply carries, and the reader reads on from where it ended.
    func testRowDetailsEndsAPageAtTheMessageLimit() throws {
        let long = String(repeating: "x", count: 65_536)
        let row = DBusValue.variant(.array(element: .string, [.string(long), .string(long), .string("end")]))
        try call(root, managerInterface, "CreateTable", [.string("wide"), options([("columns", .array(element: .string, [.string("a"), .string("b"), .string("c")]))])])
        try call("\(root)/table/wide", tableInterface, "SetItems", [.array(element: .variant, Array(repeating: row, count: 20))])
        var read = 0
        var pages = 0
        while read < 20 {
            let reply = try call("\(root)/table/wide", tableInterface, "RowDetails", [.int32(0), .int32(Int32(read)), .int32(20)])
            let details = reply.first?.arrayElements ?? []
            XCTAssertFalse(details.isEmpty, "a page holds at least one row")
            guard case .structure(let fields)? = details.first else { return XCTFail("(sas) rows") }
            XCTAssertEqual(fields[1].arrayElements?.compactMap(\.stringValue), [long, long, "end"], "each column whole")
            read += details.count
            pages += 1
        }
        XCTAssertGreaterThan(pages, 1, "twenty rows of 131 KB do not fit one reply of 1 MiB")
        XCTAssertEqual(read, 20)
    }
}
