import DBus
import WidgetsAPI

/// A remote widget of rows (a picker, a table): what this client serves it
/// is attached and detached through its contract's `ServedRowsMembers`,
/// declared once for both kinds.
public protocol RemoteRowsWidget: RemoteWidget {
    /// The kind's attach and detach members.
    static var servedMembers: ServedRowsMembers { get }
}

extension RemoteRowsWidget {
    /// Makes the object at `object` on this client's connection (serving the
    /// kind's data-source interface, `PickerDataSource` or `TableDataSource`)
    /// the widget's data source; `servePickerDataSource` and
    /// `serveTableDataSource` export one and call this.
    public func attachDataSource(at object: ObjectPath, options: [(key: String, value: DBusValue)] = []) throws {
        try call(Self.servedMembers.attachDataSource, (object, Options(options)))
    }

    /// Lets go of the attached data source: the rows bound before come back.
    public func detachDataSource() throws {
        try call(Self.servedMembers.detachDataSource, ())
    }

    /// Makes the object at `object` on this client's connection (serving
    /// `PickerDelegate` or `TableDelegate`) the widget's forward delegate;
    /// `servePickerDelegate` and `serveTableDelegate` export one and call this.
    public func attachDelegate(at object: ObjectPath, options: [(key: String, value: DBusValue)] = []) throws {
        try call(Self.servedMembers.attachDelegate, (object, Options(options)))
    }

    /// Lets go of the attached delegate: the widget's own answers again.
    public func detachDelegate() throws {
        try call(Self.servedMembers.detachDelegate, ())
    }
}

/// A row that matches a widget's search (`Matches`): its index among all
/// rows (what `SelectRow` takes), its text, and the places (Unicode scalar
/// offsets into the text) that matched, for highlighting.
public struct SearchMatch: Equatable, Sendable {
    public let row: Int
    public let title: String
    public let places: [Int]

    public init(row: Int, title: String, places: [Int]) {
        self.row = row
        self.title = title
        self.places = places
    }

    /// The matches of a `Matches` reply.
    static func decoded(_ reply: Raw<[DBusStruct<Int32, String, [UInt32]>]>) -> [SearchMatch] {
        (reply.value.arrayElements ?? []).compactMap { element in
            guard case .structure(let fields) = element, fields.count == 3, case .int32(let row) = fields[0], case .string(let title) = fields[1] else { return nil }
            let places = (fields[2].arrayElements ?? []).compactMap { place -> Int? in
                if case .uint32(let offset) = place { return Int(offset) }
                return nil
            }
            return SearchMatch(row: Int(row), title: title, places: places)
        }
    }
}

/// How `SetFilter` matches (its options).
public struct SearchSettings: Equatable, Sendable {
    /// false: each term as a substring.
    public var fuzzy = true
    /// "smart", "sensitive" or "insensitive".
    public var caseMode = "smart"
    /// A picker's component searched.
    public var component: Int?
    /// What of each row is searched: "title", "description" (nil: the titles).
    public var fields: [String]?

    public init(fuzzy: Bool = true, caseMode: String = "smart", component: Int? = nil, fields: [String]? = nil) {
        self.fuzzy = fuzzy
        self.caseMode = caseMode
        self.component = component
        self.fields = fields
    }

    var options: Options {
        var pairs = [SearchOption.fuzzy.with(.boolean(fuzzy)), SearchOption.case.with(.string(caseMode))]
        if let component {
            pairs.append(SearchOption.component.with(.int32(Int32(clamping: component))))
        }
        if let fields {
            pairs.append(SearchOption.in.with(.array(element: .string, fields.map(DBusValue.string))))
        }
        return Options(pairs)
    }
}

/// A remote widget whose rows the daemon searches (`SetFilter`, `Matches`).
public protocol RemoteSearchableWidget: RemoteWidget {
    /// The kind's search members.
    static var searchMembers: SearchMembers { get }
}

extension RemoteSearchableWidget {
    /// Filters the rows every front end of the widget shows; "" clears.
    /// Returns once the matches are the widget's state.
    public func setFilter(_ query: String, _ settings: SearchSettings = SearchSettings()) throws {
        try call(Self.searchMembers.setFilter, (query, settings.options))
    }

    /// The query the widget is filtered by ("" for none), kept current.
    public var filter: String {
        value(Self.searchMembers.filter) ?? ""
    }

    /// How many rows of each component or section match, kept current.
    public var matchCounts: [Int] {
        integers(Self.searchMembers.matchCounts)
    }

    /// The matches of `part` (a component or section) ranked `first` …
    /// `first+count−1`, best first; every row in order without a filter.
    public func matches(in part: Int, first: Int, count: Int) throws -> [SearchMatch] {
        SearchMatch.decoded(try call(Self.searchMembers.matches, (Int32(clamping: part), Int32(clamping: first), Int32(clamping: count))).0)
    }
}

extension Reactive where Base: RemoteSearchableWidget {
    /// `SetFilter` without blocking: completes once the matches are the widget's state.
    public func setFilter(_ query: String, _ settings: SearchSettings = SearchSettings()) -> Observable<Void> {
        request(Base.searchMembers.setFilter, (query, settings.options))
    }

    /// `Matches` without blocking: the matches and the Revision they belong to.
    public func matches(in part: Int, first: Int, count: Int) -> Observable<(matches: [SearchMatch], revision: UInt64)> {
        request(Base.searchMembers.matches, (Int32(clamping: part), Int32(clamping: first), Int32(clamping: count))).map { (SearchMatch.decoded($0.0), $0.1) }
    }

    /// `MatchCounts`: the current value on subscription, then every change.
    public var matchCounts: Observable<[Int]> {
        base.property(Base.searchMembers.matchCounts).map { $0.map(Int.init) }
    }
}
