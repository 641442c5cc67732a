import RxWidgetsCommandLine
import XCTest

/// `table --columns`' reading of CSV and TSV as RFC 4180 writes them, and
/// what it prints of a chosen record.
final class DelimitedRecordsTests: XCTestCase {
    func testQuotedFieldsHoldSeparatorsQuotesAndLineBreaks() throws {
        let text = "plain,\"a, b\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",,\"\"\nlast,record"
        XCTAssertEqual(try DelimitedRecords.parse(text, separator: ","), [
            ["plain", "a, b", "say \"hi\""],
            ["two\nlines", "", ""],
            ["last", "record"],
        ], "CRLF and LF end records; a quoted field keeps its separator, its doubled quote and its line break; the last record needs no line break")
        XCTAssertEqual(try DelimitedRecords.parse("a\tb,c\t\"d\te\"\n", separator: "\t"), [["a", "b,c", "d\te"]], "TSV: a comma is text")
        XCTAssertEqual(try DelimitedRecords.parse("", separator: ","), [], "no input, no records")
        XCTAssertEqual(try DelimitedRecords.parse("\n", separator: ","), [[""]], "an empty line is a record of one empty field")
    }

    func testMalformedQuotesAreRefusedByTheirRecord() {
        XCTAssertThrowsError(try DelimitedRecords.parse("ok\n\"open,field\n", separator: ",")) { error in
            XCTAssertEqual("\(error)", "record 2 of the input opens a quoted field that never closes")
        }
        XCTAssertThrowsError(try DelimitedRecords.parse("\"closed\"then,x\n", separator: ",")) { error in
            XCTAssertTrue("\(error)".hasPrefix("record 1 of the input has text after a field's closing quote"), "\(error)")
        }
    }

    func testAPrintedRecordReadsBackTheSame() throws {
        let fields = ["plain", "a, b", "say \"hi\"", "two\nlines", ""]
        let line = DelimitedRecords.line(fields, separator: ",")
        XCTAssertEqual(line, "plain,\"a, b\",\"say \"\"hi\"\"\",\"two\nlines\",")
        XCTAssertEqual(try DelimitedRecords.parse(line, separator: ","), [fields])
        XCTAssertEqual(TableColumns(headers: ["A", "B"], returnColumn: 2).printed(["x", "y"]), "y")
        XCTAssertEqual(TableColumns(headers: ["A", "B"], returnColumn: 2).printed(["x"]), "", "a short record's missing field prints empty")
    }

    func testSeparatorsAreOneCharacterOrTab() throws {
        XCTAssertEqual(try TableColumns.separator("tab"), "\t")
        XCTAssertEqual(try TableColumns.separator(";"), ";")
        for bad in ["", ";;", "\"", "\n"] {
            XCTAssertThrowsError(try TableColumns.separator(bad), "separator \(bad.debugDescription)")
        }
    }
}
