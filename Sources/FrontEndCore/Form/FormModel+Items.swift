import RxWidgetsClient
import RxWidgetsCommandLine

/// What a form screen keeps per item field, and what an array's change does to it.
extension FormModel {
    /// Forgets what this front end holds under the paths of `array`'s items
    /// (secrets read, refusals): once items are removed, moved or replaced,
    /// a path names another item.
    mutating func forgetItems(of array: String) {
        fields.forgetItems(of: array)
    }

    /// A refused `AddItem` made no row where the focus went: it goes back to the array.
    mutating func addRefused(_ array: String) {
        if let focus, focus.hasPrefix(array + "["), daemon.item(of: focus) == nil {
            self.focus = array
        }
    }

    /// Whether `field` is an array field (its whole value changes with its number of items).
    func isArray(_ field: String) -> Bool {
        daemon.layout.contains { $0.name == field && $0.kind == .array }
    }
}
