import RxWidgetsClient
import RxWidgetsCommandLine

/// Next and Back on a form of several pages. The page is the daemon's
/// (`Page`), so every front end shows the same one; a page turned here or
/// elsewhere moves the focus to its first field.
extension FormModel {
    /// Next: asked of the daemon once every shown field of this page is
    /// valid, else the page's messages are shown and the status says what
    /// holds it back. On the last page there is no Next.
    package mutating func nextPage() -> [FormCommand] {
        guard !daemon.isOnLastPage else { return [] }
        let onPage = daemon.shownFields.map(\.name)
        fields.leave(onPage)
        if let blockers = nextPageBlockers {
            status = (blockers, .error)
            return []
        }
        return finishEditing() + [.call(.nextPage)]
    }

    /// Back: the page before this one, whatever this one holds.
    package mutating func previousPage() -> [FormCommand] {
        guard daemon.hasPreviousPage else { return [] }
        return finishEditing() + [.call(.previousPage)]
    }

    /// Whether `field` is the last field a person can move to on this page.
    func isLastStopOnPage(_ field: RemoteForm.Field) -> Bool {
        daemon.layout.last { daemon.isFocusable($0) }?.name == field.name
    }

    /// The daemon's page changed: what was typed goes first, then the focus
    /// is on the new page's first field.
    mutating func turnedPage() -> [FormCommand] {
        let commands = finishEditing()
        focus = daemon.layout.first { daemon.isFocusable($0) }?.name
        return commands + beginEditing()
    }
}
