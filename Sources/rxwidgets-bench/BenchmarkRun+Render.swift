extension BenchmarkRun {
    /// Reading every title of a picker and every cell of a table in pages of
    /// 1,000 rows against one call per row.
    func measureRendering() {
        log("render")
        let pickerRows = 1_000
        let picker = createPicker("render", titles: rowTitles(pickerRows))
        let pickerPaged = timed { for first in stride(from: 0, to: pickerRows, by: 1_000) { call(picker, Widgets1.picker, "Titles", [.int32(0), .int32(Int32(first)), .int32(1_000)]) } }
        let pickerPerRow = timed { for row in 0..<pickerRows { call(picker, Widgets1.picker, "TitleForRow", [.int32(Int32(row)), .int32(0)]) } }
        rows.append(Row(name: "render-picker 1000", n: 1, p50: pickerPaged, p99: nil, callsPerSecond: nil, ratio: pickerPaged / pickerPerRow,
                        note: String(format: "Titles in pages of 1,000 vs %.0f µs for 1,000 TitleForRow calls; ratio = paged / per row", pickerPerRow)))
        let tableRows = 10_000
        let table = createTable("render", titles: rowTitles(tableRows))
        let tablePaged = timed { for first in stride(from: 0, to: tableRows, by: 1_000) { call(table, Widgets1.table, "Cells", [.int32(0), .int32(Int32(first)), .int32(1_000)]) } }
        let tablePerRow = timed { for row in 0..<tableRows { call(table, Widgets1.table, "CellForRow", [.int32(0), .int32(Int32(row))]) } }
        rows.append(Row(name: "render-table 10000", n: 1, p50: tablePaged, p99: nil, callsPerSecond: nil, ratio: tablePaged / tablePerRow,
                        note: String(format: "Cells in pages of 1,000 vs %.0f µs for 10,000 CellForRow calls; ratio = paged / per row", tablePerRow)))
    }
}
