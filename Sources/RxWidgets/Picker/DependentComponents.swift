/// What makes each component of a picker after the first follow the one
/// before it, as a classic country → city `UIPickerView` does in its
/// delegate: `maps[k]` gives, for each title of component k, the titles of
/// component k+1. A title the map does not hold gives an empty component.
public struct DependentComponents: Equatable, Sendable {
    /// Per component but the last, its titles' rows of the next component.
    public let maps: [[String: [String]]]

    /// Maps for `maps.count + 1` components.
    public init(maps: [[String: [String]]]) {
        self.maps = maps
    }

    /// The components a picker has: the first and one per map.
    public var componentCount: Int {
        maps.count + 1
    }

    /// Every title the maps hold, keys and rows: what they cost against a row limit.
    public var size: Int {
        maps.reduce(0) { total, map in total + map.reduce(0) { $0 + 1 + $1.value.count } }
    }

    /// The components after `component` derived from the titles selected
    /// before them: `components` up to `component` as they are, each later
    /// one the rows the previous one's selected title maps to. `selected`
    /// gives a component's selected row; later components start at row 0.
    public func derive(_ components: [[String]], after component: Int, selected: (Int) -> Int) -> [[String]] {
        var result = Array(components.prefix(component + 1))
        while result.count < componentCount {
            let previous = result.count - 1
            let rows = result[previous]
            let row = previous <= component ? selected(previous) : 0
            let title = rows.indices.contains(row) ? rows[row] : nil
            result.append(title.flatMap { maps[previous][$0] } ?? [])
        }
        return result
    }
}
