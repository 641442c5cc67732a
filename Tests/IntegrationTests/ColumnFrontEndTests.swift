import BusTestSupport
import DBus
import Foundation
import XCTest

/// `table --columns` in the terminal, driven through tmux: CSV records
/// (quoted fields, embedded separators and quotes, CRLF), columns aligned
/// by the columns the terminal draws (wide characters count two), what
/// Enter prints, and descriptions drawn under their titles and searched.
final class ColumnFrontEndTests: DaemonTestCase {
    private func start(_ arguments: [String], columns: Int = 80, rows: Int = 24, input: String? = nil) throws -> TerminalSession {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: frontEndExecutable), "build the front end first (make test does): \(frontEndExecutable) is missing")
        return try TerminalSession(arguments, address: bus.address, columns: columns, rows: rows, input: input)
    }

    /// The screen line that holds `text`.
    private func line(_ screen: String, containing text: String) -> String {
        screen.components(separatedBy: "\n").first { $0.contains(text) } ?? ""
    }

    /// Where `text` begins on `line`, in terminal columns (a wide character counts two).
    private func column(of text: String, in line: String) -> Int? {
        guard let range = line.range(of: text) else { return nil }
        return line[..<range.lowerBound].unicodeScalars.reduce(0) { total, scalar in
            total + ((0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value) || (0xAC00...0xD7A3).contains(scalar.value)
                || (0xF900...0xFAFF).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value) || (0x1F300...0x1FAFF).contains(scalar.value) ? 2 : 1)
        }
    }

    func testCSVRecordsAreAlignedByDisplayWidthAndPrintedWhole() throws {
        let csv = "notes.txt,12,2026-01-02\r\n\"big, old.tar\",\"4,096\",2025-12-31\r\n\"say \"\"hi\"\".txt\",7,2026-02-03\r\n日本語.txt,30,2026-03-04\r\n"
        let terminal = try start(["table", "--columns", "Name,Size,Modified"], input: csv)
        terminal.waitForScreen("日本語.txt")
        let screen = terminal.screen
        let header = line(screen, containing: "Modified")
        let rows = ["notes.txt", "big, old.tar", "say \"hi\".txt", "日本語.txt"].map { line(screen, containing: $0) }
        let sizes = ["12", "4,096", "7", "30"]
        let dates = ["2026-01-02", "2025-12-31", "2026-02-03", "2026-03-04"]
        let sizeColumn = column(of: "Size", in: header)
        let dateColumn = column(of: "Modified", in: header)
        XCTAssertNotNil(sizeColumn, screen)
        for (index, row) in rows.enumerated() {
            XCTAssertEqual(column(of: sizes[index], in: row), sizeColumn, "row \(index)'s size under Size (wide characters counted twice):\n\(screen)")
            XCTAssertEqual(column(of: dates[index], in: row), dateColumn, "row \(index)'s date under Modified:\n\(screen)")
        }
        terminal.send("Down", "Down", "Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "\"say \"\"hi\"\".txt\",7,2026-02-03\n", "the record printed as CSV, its quotes doubled again")
    }

    func testReturnColumnPrintsOneFieldAndTSVTakesTabs() throws {
        let terminal = try start(["table", "--columns", "Name,Size", "--separator", "tab", "--return-column", "2"], input: "a,b\t1\n\"c\td\"\t2\n")
        terminal.waitForScreen("Size")
        terminal.send("Down", "Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "2\n", "the second field of the second record")
        let first = try start(["table", "--columns", "Name,Size", "--return-column", "1", "--selected", "y"], input: "x,1\ny,2\n")
        first.waitForScreen("Size")
        first.send("Enter")
        XCTAssertEqual(first.exitStatus(), 0, first.error)
        XCTAssertEqual(first.output, "y\n", "--selected names a row by its first field")
    }

    func testColumnOptionsAreCheckedBeforeAnythingIsMade() throws {
        let unclosed = try start(["table", "--columns", "A,B"], input: "x,\"open\n")
        XCTAssertEqual(unclosed.exitStatus(), 2)
        XCTAssertTrue(unclosed.error.contains("record 1 of the input opens a quoted field that never closes"), unclosed.error)
        let returned = try start(["table", "--columns", "A,B", "--return-column", "3"], input: "x,y\n")
        XCTAssertEqual(returned.exitStatus(), 2)
        XCTAssertTrue(returned.error.contains("--return-column '3' is not a column's number from 1 to 2"), returned.error)
        let separator = try start(["table", "--separator", ";"], input: "x\n")
        XCTAssertEqual(separator.exitStatus(), 2)
        XCTAssertTrue(separator.error.contains("--separator reads the rows as columns; give --columns NAME,NAME… too"), separator.error)
        let nul = try start(["table", "--columns", "A,B"], input: "x,y\n\"a\u{0}b\",z\n")
        XCTAssertEqual(nul.exitStatus(), 2)
        XCTAssertTrue(nul.error.contains("record 2, field 1 holds a NUL, which a widget's text cannot carry"), nul.error)
        let wide = try start(["table", "--columns", (0..<65).map { "c\($0)" }.joined(separator: ",")], input: "x\n")
        XCTAssertNotEqual(wide.exitStatus(), 0)
        XCTAssertTrue(wide.error.contains("65 headers; the limit is 64 columns"), wide.error)
        XCTAssertEqual(try property(root, managerInterface, "Widgets"), .array(element: .objectPath, []), "no widget was left behind")
    }

    func testChooseOneWithDescriptionsIsATableOfOneChoice() throws {
        let terminal = try start(["choose", "--description-delimiter", ": ", "--selected", "drill", "hammer: drives nails", "drill: bores holes", "saw"])
        terminal.waitForScreen("bores holes")
        XCTAssertTrue(terminal.screen.contains("› ● drill"), "the cursor on --selected, chosen:\n\(terminal.screen)")
        terminal.send("Down", "Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "saw\n", "the title, as choose prints it")
    }

    /// A picker whose rows another client made dictionaries of: attached,
    /// each title has its description under it.
    func testAnAttachedPickerDrawsDescriptions() throws {
        let tool = { (title: String, description: String) in
            DBusValue.variant(.dictionary(key: .string, value: .variant, [(.string("title"), .variant(.string(title))), (.string("description"), .variant(.string(description)))]))
        }
        try call(root, managerInterface, "CreatePicker", [.string("tools"), options([])])
        try call("\(root)/picker/tools", pickerInterface, "SetModels", [.array(element: .array(.variant), [.array(element: .variant, [tool("hammer", "drives nails"), tool("drill", "bores holes")])])])
        let terminal = try start(["attach", "\(root)/picker/tools"])
        terminal.waitForScreen("bores holes")
        let lines = terminal.screen.components(separatedBy: "\n")
        guard let title = lines.firstIndex(where: { $0.contains("hammer") }) else { return XCTFail(terminal.screen) }
        XCTAssertTrue(lines[title + 1].contains("drives nails"), "under its title:\n\(terminal.screen)")
        terminal.send("Down")
        XCTAssertTrue(waitUntil(timeout: 10) { (try? self.property("\(root)/picker/tools", pickerInterface, "SelectedRows")) == .array(element: .int32, [.int32(1)]) },
                      "↓ selects the next row, not the description's line")
        terminal.send("q")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
    }

    func testDescriptionsAreDrawnUnderTheirTitlesAndSearched() throws {
        let terminal = try start(["filter", "--description-delimiter", " -- ", "--label-delimiter", "=", "hammer -- drives nails=H", "drill -- bores holes=D", "saw -- cuts wood=S"])
        terminal.waitForScreen("bores holes")
        let lines = terminal.screen.components(separatedBy: "\n")
        guard let title = lines.firstIndex(where: { $0.contains("drill") }) else { return XCTFail(terminal.screen) }
        XCTAssertTrue(lines[title + 1].contains("bores holes"), "the description is the line under its title:\n\(terminal.screen)")
        XCTAssertFalse(lines[title].contains("bores"), "and not on the title's line")
        terminal.type("wood")
        terminal.waitForScreen("1 of 3")
        XCTAssertTrue(terminal.screen.contains("saw"), "found by its description:\n\(terminal.screen)")
        terminal.send("Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "S\n", "the value after the label delimiter")
    }
}
