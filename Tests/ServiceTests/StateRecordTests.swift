import DBus
@testable import Service
import XCTest

/// Each kind's state is a record with its version first; files written
/// before records had versions (their fields told apart by count) are read
/// as version 0, and a version this daemon did not write is refused by name.
final class StateRecordTests: XCTestCase {
    private let noMaps = DBusValue.array(element: .array(.dictEntry(key: .string, value: .array(.string))), [])
    private let noOptions = DBusValue.dictionary(key: .string, value: .variant, [])

    private func written(_ pieces: [StateValue]) -> [DBusValue] {
        pieces.map(\.materialized)
    }

    func testAPickerRecordRoundTripsAndItsUnversionedFilesAreRead() throws {
        let state = PickerState(popup: true, visible: false, bound: true, components: [[.string("a"), .int32(2)]], adapter: "title",
                                adapterOptions: noOptions, selected: [1], dependent: noMaps,
                                columns: RowColumns(headers: ["Name", "Size"], descriptionFormat: "{size} bytes"))
        let stored = written(state.pieces)
        XCTAssertEqual(stored.first, .uint32(PickerState.version), "the version comes first")
        let read = try PickerState(stored: stored)
        XCTAssertEqual(read.components, state.components)
        XCTAssertEqual(read.selected, [1])
        XCTAssertTrue(read.popup && read.bound && !read.visible)
        XCTAssertEqual(read.columns, state.columns, "columns and the description format are kept")

        var beforeColumns = Array(stored.prefix(9))
        beforeColumns[0] = .uint32(1)
        XCTAssertEqual(try PickerState(stored: beforeColumns).columns, RowColumns(), "a version 1 record has no columns")
        let unversioned = Array(stored.dropFirst().prefix(8))
        XCTAssertEqual(try PickerState(stored: unversioned).components, state.components, "a file of eight fields without a version")
        let beforeDependent = try PickerState(stored: Array(unversioned.prefix(7)))
        XCTAssertEqual(beforeDependent.dependent, noMaps, "a file written before dependent components existed has none")
    }

    func testTableAndFormRecordsRoundTrip() throws {
        let table = TableState(bound: true, sections: [("fruit", [.string("apple"), .string("pear")])], cellFormat: "{value}",
                               selected: [IndexPath(row: 1, section: 0)], allowsMultipleSelection: true, editable: false,
                               columns: RowColumns(headers: ["Name"], descriptionFormat: "{description}"))
        let readTable = try TableState(stored: written(table.pieces))
        XCTAssertEqual(readTable.columns.headers, ["Name"])
        XCTAssertEqual(readTable.sections.map(\.header), ["fruit"])
        XCTAssertEqual(readTable.sections.first?.models, [.string("apple"), .string("pear")])
        XCTAssertEqual(readTable.selected, [IndexPath(row: 1, section: 0)])
        XCTAssertEqual(try TableState(stored: Array(written(table.pieces).dropFirst().prefix(6))).cellFormat, "{value}", "an unversioned file")
        XCTAssertThrowsError(try TableState(stored: Array(written(table.pieces).dropLast())), "a version 2 record without its description format")

        let form = FormState(spec: "sign-up", values: [("username", .string("alice"))], errors: ["username": "taken"], page: 2, locale: "de_DE.UTF-8")
        let readForm = try FormState(stored: written(form.pieces))
        XCTAssertEqual(readForm.spec, "sign-up")
        XCTAssertEqual(readForm.values.map(\.field), ["username"])
        XCTAssertEqual(readForm.values.first?.value, .string("alice"))
        XCTAssertEqual(readForm.errors, ["username": "taken"])
        XCTAssertEqual(readForm.page, 2)
        XCTAssertEqual(readForm.locale, "de_DE.UTF-8")
        XCTAssertEqual(try FormState(stored: Array(written(form.pieces).dropFirst().prefix(2))).errors, [:], "a file written before SetErrors")
        var versionTwo = written(form.pieces).dropLast()
        versionTwo[0] = .uint32(2)
        XCTAssertEqual(try FormState(stored: Array(versionTwo)).locale, "", "a file written before locales")
        var versionOne = written(form.pieces).dropLast(2)
        versionOne[0] = .uint32(1)
        XCTAssertEqual(try FormState(stored: Array(versionOne)).page, 0, "a file written before pages")
    }

    func testAVersionThisDaemonDidNotWriteIsRefusedByName() {
        var future = written(FormState(spec: "sign-up", values: [], errors: [:], page: 0, locale: "").pieces)
        future[0] = .uint32(FormState.version + 1)
        XCTAssertThrowsError(try FormState(stored: future)) { error in
            XCTAssertTrue("\(error)".contains("a form's state of version \(FormState.version + 1) with 5 fields is not one this daemon wrote"), "\(error)")
        }
        XCTAssertThrowsError(try PickerState(stored: [.uint32(PickerState.version), .boolean(true)]), "a version 1 record of the wrong shape")
    }

    func testAPromptRecordRoundTripsAndOneThatContradictsItselfIsRefused() throws {
        let record = PromptRecord(title: "Deploy?", message: "to production", defaultAnswer: .array(element: .string, [.string("no")]), forUID: 1_000,
                                  asker: Prompt.Asker(uid: 0, pid: 42, command: "deploy --now"), state: .answered, deadline: 1_800_000_000_000,
                                  answer: .array(element: .string, [.string("yes")]), answeredBy: (1_000, "rxwidgets"))
        guard case .structure(let fields) = record.piece.materialized, fields.count == 2, let stored = fields[1].arrayElements else {
            return XCTFail("the piece is (s \"prompt\", av record): \(record.piece.materialized)")
        }
        XCTAssertEqual(fields[0], .string(PromptRecord.tag))
        XCTAssertEqual(try PromptRecord(stored: stored), record)

        var waiting = record
        waiting.state = .waiting
        waiting.answer = nil
        waiting.defaultAnswer = nil
        waiting.forUID = nil
        XCTAssertEqual(try PromptRecord(stored: storedFields(of: waiting)), waiting, "nothing optional given")

        var contradicting = record
        contradicting.answer = nil
        XCTAssertThrowsError(try PromptRecord(stored: storedFields(of: contradicting)), "answered without an answer")
        var unknownState = storedFields(of: record)
        unknownState[8] = .variant(.string("maybe"))
        XCTAssertThrowsError(try PromptRecord(stored: unknownState), "a state this daemon does not write")
        XCTAssertThrowsError(try PromptRecord(stored: Array(storedFields(of: record).dropLast())), "a field short")
    }

    private func storedFields(of record: PromptRecord) -> [DBusValue] {
        guard case .structure(let fields) = record.piece.materialized else { return [] }
        return fields[1].arrayElements ?? []
    }
}
