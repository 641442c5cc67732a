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

    /// The rows of the components after `component`, given the title
    /// selected in it (nil: none): each the rows its previous one's title
    /// maps to, the previous one after `component` at row 0.
    public func rows(after component: Int, selectedTitle: String?) -> [[String]] {
        var result: [[String]] = []
        var title = selectedTitle
        for level in max(component, 0)..<maps.count {
            let rows = title.flatMap { maps[level][$0] } ?? []
            result.append(rows)
            title = rows.first
        }
        return result
    }
}
