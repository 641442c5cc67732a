import DBus
import RxCoreEssentials
import WidgetsAPI

/// A widget of rows whose rows have columns and descriptions
/// (`SetColumns`, `SetDescriptionFormat`, `RowDetails`, `Columns`,
/// `DescriptionFormat`): a picker by component, a table by section. The
/// members are written once, here; a kind says where its models are and
/// how its titles read.
protocol ColumnedWidget: SearchableWidget {
    /// The headers and the description format.
    var rowColumns: RowColumns { get set }
    /// How a row reads, with the kind's title format.
    var rowText: RowText { get }
    /// The models of a part, taken to read; nil while a client serves them.
    func boundModels(part: Int) -> SearchTitles.Rows?
}

extension ColumnedWidget {
    /// Sets the headers and the description format, refused first when they
    /// would make the widget hold more than the memory budgets leave it;
    /// `Columns`/`DescriptionFormat` announced, the titles and the search
    /// follow. A change to what it is already is no change.
    func setRowColumns(_ columns: RowColumns) throws {
        guard columns != rowColumns else { return }
        try admit(footprint: footprint - rowColumns.footprint + columns.footprint, "\(columns.headers.count) columns")
        let old = rowColumns
        rowColumns = columns
        if old.headers != columns.headers {
            reportChange(ColumnNames.columns)
        }
        if old.descriptionFormat != columns.descriptionFormat {
            reportChange(ColumnNames.descriptionFormat)
        }
        reportContentChange()
        searchRowsChanged()
    }

    /// `RowDetails`: each row's description and column texts.
    func rowDetails(_ part: Int32, first: Int32, count: Int32) throws -> (Raw<[DBusStruct<String, [String]>]>, UInt64) {
        let index = try boundIndex(part, count: searchRowCounts.count, Self.searchPart)
        let rows = try context.arguments.page(first: first, count: count, rows: searchRowCounts[index])
        let text = rowText
        let details: [DBusValue]
        switch boundModels(part: index) {
        case .values(let values)?:
            details = context.arguments.fitting(rows) { RowDetail.value(values[$0], row: $0, part: index, text) }
        case .models(let models)?:
            details = context.arguments.fitting(rows) { RowDetail.value(models[$0].value, row: $0, part: index, text) }
        case nil:
            // Rows a client serves: the daemon holds no models to read.
            details = context.arguments.fitting(rows) { _ in RowDetail.none }
        }
        return (Raw(unchecked: .array(element: RowDetail.type, details)), revision)
    }
}

/// One row of `RowDetails`: `(s description, as columns)`.
enum RowDetail {
    static let type = DBusType.structure([.string, .array(.string)])
    /// A row without a description or columns.
    static let none = DBusValue.structure([.string(""), .array(element: .string, [])])

    static func value(_ model: DBusValue, row: Int, part: Int, _ text: RowText) -> DBusValue {
        .structure([.string(text.description(of: model, row: row, part: part)), .array(element: .string, text.columnTexts(of: model).map(DBusValue.string))])
    }
}

/// The columns' member names, the same on pickers and tables.
enum ColumnNames {
    static let columns = PickerContract.columns.columns.name
    static let descriptionFormat = PickerContract.columns.descriptionFormat.name
}

extension ColumnMembers {
    /// `SetColumns`' handler for a kind's `Handlers`.
    func setColumnsHandler<Target: ColumnedWidget>() -> MethodDeclaration<Target> {
        setColumns.changing { widget, headers, _ in
            var columns = widget.rowColumns
            columns.headers = try RowColumns.checked(headers, widget.context.arguments, "headers")
            try widget.setRowColumns(columns)
        }
    }

    /// `SetDescriptionFormat`'s handler.
    func setDescriptionFormatHandler<Target: ColumnedWidget>() -> MethodDeclaration<Target> {
        setDescriptionFormat.changing { widget, format, _ in
            var columns = widget.rowColumns
            columns.descriptionFormat = try RowColumns.checkedFormat(format, widget.context.arguments, "format")
            try widget.setRowColumns(columns)
        }
    }

    /// `RowDetails`' handler.
    func rowDetailsHandler<Target: ColumnedWidget>() -> MethodDeclaration<Target> {
        rowDetails.serve { widget, page, _ in
            try widget.rowDetails(page.0, first: page.1, count: page.2)
        }
    }

    /// `Columns`' handler.
    func columnsHandler<Target: ColumnedWidget>() -> PropertyDeclaration<Target> {
        columns.serve { $0.rowColumns.headers }
    }

    /// `DescriptionFormat`'s handler.
    func descriptionFormatHandler<Target: ColumnedWidget>() -> PropertyDeclaration<Target> {
        descriptionFormat.serve { $0.rowColumns.descriptionFormat }
    }
}
