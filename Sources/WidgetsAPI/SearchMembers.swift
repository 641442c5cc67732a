import DBus

/// The search a widget of rows (a picker, a table) holds as its state, as a
/// `UISearchController` holds its text: declared once, with each kind's
/// words for the rows' part ("component" or "section"), and stored in each
/// kind's contract. The rows and their indexes never change with it.
public struct SearchMembers: MemberGroup {
    public let setFilter: MethodContract<Parameters<String, Options>, NoArguments>
    public let matches: MethodContract<Parameters<Int32, Int32, Int32>, Parameters<Raw<[DBusStruct<Int32, String, [UInt32]>]>, UInt64>>
    public let filter: PropertyContract<String>
    public let matchCounts: PropertyContract<[Int32]>

    init(part: String, rowsCall: String) {
        let partOption = part == "component" ? " component i (which component is searched; default 0; the others keep all their rows)," : ""
        setFilter = MethodContract("SetFilter", in: Parameters(("query", String.self), ("options", Options.self)),
            "Searches the rows; \"\" clears. Options: fuzzy b (default true: the query's characters in order, ranked as fzf ranks them; false: each term as a substring), case s (smart, the default: a term with an upper-case letter is case-sensitive; sensitive; insensitive),\(partOption) in as (what of each row is searched: title, the default, description (as RowDetails gives it), or both — one text, the title, a line feed, the description; Matches' offsets are the title's). Space-separated terms must all match (\\ before a space keeps it in the term); fzf's extended forms: 'exact (fuzzy when fuzzy is false), ^prefix, suffix$, ^equal$, !not (a substring that must not occur; !^ and !$ too), and a | b for either. At most 256 terms. Matching runs off the main loop: the call is answered once the matches are the \(part)'s state (Revision grows, one PropertiesChanged with Filter and MatchCounts), and a newer SetFilter on the widget cancels an older one still running, which is then answered with the newer one. A change of the rows recomputes the matches within that call. Owner or uid 0; NotSupported while a client's data source serves the rows.")
        matches = MethodContract("Matches", in: Parameters(("\(part)", Int32.self), ("first", Int32.self), ("count", Int32.self)), out: Parameters(("matches", Raw<[DBusStruct<Int32, String, [UInt32]>]>.self), ("revision", UInt64.self)),
            "The rows of a \(part) that match the filter, best first (score, then the shorter title, then row order), first … first+count−1: each row's index among all rows (as \(rowsCall) and SelectRow take it), its text as \(rowsCall) gives it, and the offsets (in Unicode scalars) of the characters that matched. Without a filter: every row in order, no offsets. Clipped and checked as \(rowsCall).")
        filter = PropertyContract("Filter", String.self,
            "The query SetFilter set; \"\" when there is none.")
        matchCounts = PropertyContract("MatchCounts", [Int32].self,
            "How many rows of each \(part) match the filter (RowCounts without one).")
    }
}
