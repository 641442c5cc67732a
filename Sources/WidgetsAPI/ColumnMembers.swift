import DBus

/// The columns and descriptions of a widget of rows (a picker, a table):
/// headers naming the columns a row's model holds (a list of values in
/// column order, or a dictionary keyed by header), a description line per
/// row, and the batch read of both. Declared once, with each kind's words
/// for the rows' part ("component" or "section"), and stored in each kind's
/// contract.
public struct ColumnMembers: MemberGroup {
    public let setColumns: MethodContract<Parameters<[String]>, NoArguments>
    public let setDescriptionFormat: MethodContract<Parameters<String>, NoArguments>
    public let rowDetails: MethodContract<Parameters<Int32, Int32, Int32>, Parameters<Raw<[DBusStruct<String, [String]>]>, UInt64>>
    public let columns: PropertyContract<[String]>
    public let descriptionFormat: PropertyContract<String>

    init(part: String, rowsCall: String, formatCall: String) {
        setColumns = MethodContract("SetColumns", in: Parameters(("headers", [String].self)),
            "Names the columns of the rows (at most the daemon's --max-columns, 64 by default; each header a non-empty string within the string limit, no two alike; [] removes them). A row's model is then read as columns: a list (av, as, or a struct) gives its values in order, a dictionary (a{sv}, a{ss}) the value of each header's key, any other model is the first column. \(formatCall) may name a column as {0}, {1}… or {header}, a dictionary's key as {key}. Under the default format a row is titled by its dictionary's title key, else by its columns joined by two spaces. Announced as Columns in PropertiesChanged; the titles follow. Owner or uid 0.")
        setDescriptionFormat = MethodContract("SetDescriptionFormat", in: Parameters(("format", String.self)),
            "The template of each row's description line, drawn under its title: placeholders as \(formatCall)'s ({row}, {\(part)}, {value}, {0}, {header}, {key}); a placeholder naming nothing the row has is empty. The default, {description}, is a dictionary's description key. Announced as DescriptionFormat. Owner or uid 0.")
        rowDetails = MethodContract("RowDetails", in: Parameters(("\(part)", Int32.self), ("first", Int32.self), ("count", Int32.self)), out: Parameters(("details", Raw<[DBusStruct<String, [String]>]>.self), ("revision", UInt64.self)),
            "Of rows first … first+count−1 of a \(part): each row's description and its column texts (one per header, each within the string limit), with the Revision they belong to; clipped and checked as \(rowsCall). While a client's data source serves the rows the daemon holds no models: every row has no description and no columns.")
        columns = PropertyContract("Columns", [String].self,
            "The column headers SetColumns (or the creation option columns) set; [] without columns.")
        descriptionFormat = PropertyContract("DescriptionFormat", String.self,
            "The description template SetDescriptionFormat set; {description} by default.")
    }
}
