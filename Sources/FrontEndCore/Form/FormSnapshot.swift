import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// What the daemon says of a form, read at once: everything a front end
/// draws but its own editing. Validity, options and field states are only
/// ever the daemon's.
package struct FormSnapshot {
    /// The fields in the spec's order, with their current attributes.
    package var layout: [RemoteForm.Field] = []
    package var buttons: [(name: String, field: String, value: String)] = []
    package var values: [String: DBusValue] = [:]
    package var validity: [String: RemoteForm.Validity] = [:]
    package var states: [String: RemoteForm.FieldState] = [:]
    package var outputs: [String: DBusValue] = [:]
    package var submitEnabled = false
    /// The page a person is on (0 without pages).
    package var page = 0
    /// Each page's title and whether its condition shows it; empty without pages.
    package var pages: [(title: String, shown: Bool)] = []

    /// The rows a person moves over that stand for an array's items (the
    /// line above each item's fields), by name (`addresses[2]`).
    package var itemRows: [String: ItemRow] = [:]

    /// The form as its client holds it now: an array field is followed by
    /// a row per item and its fields under their paths (`addresses[2].city`).
    package init(_ form: RemoteForm) {
        buttons = form.buttons
        values = form.values
        validity = form.validity
        // Before the items are laid out: an item's row takes its array's state.
        states = form.fieldStates
        layout = expandingItems(form.layout)
        outputs = form.outputs
        submitEnabled = form.submitEnabled
        page = form.page
        pages = form.pages
        if !FormSnapshot.speakSameLanguage(form.locale, Language.processMessagesLanguage) {
            wordValidity(in: .process)
        }
    }

    /// A form of these parts, for tests.
    package init(layout: [RemoteForm.Field], buttons: [(name: String, field: String, value: String)] = [], values: [String: DBusValue] = [:],
         validity: [String: RemoteForm.Validity] = [:], states: [String: RemoteForm.FieldState] = [:],
         outputs: [String: DBusValue] = [:], submitEnabled: Bool = false, page: Int = 0, pages: [(title: String, shown: Bool)] = []) {
        self.buttons = buttons
        self.values = values
        self.layout = layout
        self.validity = validity
        self.states = states
        self.outputs = outputs
        self.submitEnabled = submitEnabled
        self.page = page
        self.pages = pages
        self.layout = expandingItems(layout)
    }

    /// Whether a person can move to the field: on the page shown, shown and enabled.
    package func isFocusable(_ field: RemoteForm.Field) -> Bool {
        isOnPage(field) && (states[field.name].map { $0.visible && $0.enabled } ?? true)
    }

    /// Whether the field is on the page a person is on (every field is, without pages).
    package func isOnPage(_ field: RemoteForm.Field) -> Bool {
        field.page.map { $0 == page } ?? true
    }

    /// The fields drawn now: on this page and shown.
    package var shownFields: [RemoteForm.Field] {
        layout.filter { isOnPage($0) && states[$0.name]?.visible != false }
    }

    /// Whether the person is on the last shown page, where Submit is (a form without pages always is).
    package var isOnLastPage: Bool {
        !pages.indices.contains { $0 > page && pages[$0].shown }
    }

    /// Whether a shown page comes before this one.
    package var hasPreviousPage: Bool {
        pages.indices.contains { $0 < page && pages[$0].shown }
    }

    /// "Title · page 2 of 3" counting the pages shown now; nil without pages.
    package var pageHeading: String? {
        guard pages.indices.contains(page) else { return nil }
        let shown = pages.indices.filter { pages[$0].shown }
        let number = (shown.firstIndex(of: page) ?? 0) + 1
        let title = pages[page].title
        // TRANSLATORS: {0} is the number of the page shown, {1} how many pages the form shows.
        return (title.isEmpty ? "" : title + " · ") + tr("page {0} of {1}", number, shown.count)
    }

    /// The shown fields of this page that are invalid: what holds Next back.
    package var invalidOnPage: [RemoteForm.Field] {
        shownFields.filter { validity[$0.name]?.valid == false }
    }

    /// Whether some field waits for its remote check.
    package var hasPending: Bool {
        validity.values.contains { $0.reason == .pending }
    }
}
