import CGtk
import FrontEndCore
import Localization
import RxWidgetsClient

/// A date: an entry of `YYYY-MM-DD` and, beside it, a button that opens a
/// calendar (`GtkCalendar` in a popover) whose day chosen fills the entry.
/// The date is sent when what is typed is a whole calendar day, or as it
/// stands when the field is left (so the daemon's message says what is
/// wrong) — never a partial one. Where the locale writes days otherwise
/// (07.12.2026 in German), the day typed is shown so beside the button.
final class DateControl: FieldControl {
    let widget: Widget
    let container: Widget
    private let calendar: Widget
    /// The day typed as the locale writes it; hidden where that is how it is typed (the C locale).
    private let localDay: Widget
    private var isApplying = false
    private var sent: String?

    init(_ field: RemoteForm.Field, actions: FieldActions) {
        widget = gtk_entry_new()!
        calendar = gtk_calendar_new()!
        let popover = gtk_popover_new()!
        gtk_popover_set_child(popover.c(), calendar)
        let opener = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(opener.c(), "x-office-calendar-symbolic")
        gtk_menu_button_set_popover(opener.c(), popover)
        // TRANSLATORS: a screen reader's name of the button opening a calendar; {0} is the date field's label.
        opener.describe(label: tr("Choose {0} on a calendar", field.label))
        localDay = makeLabel("", wraps: false)
        gtk_widget_add_css_class(localDay, "dim-label")
        gtk_widget_set_visible(localDay, 0)
        container = makeBox(horizontal: true, spacing: 6, [widget, opener, localDay])
        // The day is typed as it is sent (year-month-day): only the letters naming the parts are the person's language.
        // TRANSLATORS: the form a date is typed in: keep the order year, month, day and the hyphens; translate the letters (as JJJJ-MM-TT).
        setProperty(widget.raw, "placeholder-text", tr("YYYY-MM-DD"))
        setProperty(widget.raw, "activates-default", true)
        gtk_editable_set_max_width_chars(widget.c(), 12)
        gtk_widget_set_halign(widget, GTK_ALIGN_START)
        Signals.on(widget.raw, "changed") { [weak self] in
            guard let self else { return }
            showLocalDay()
            guard !isApplying else { return }
            if DateControl.isWholeDay(text) {
                send(actions)
            } else if let iso = Language.processDay(fromLocal: text) {
                // Typed as the locale writes days (15/03/1990): sent as the bus writes them; the daemon's
                // answer shows it so, the locale's form beside it.
                sent = text
                actions.setValue(.string(iso))
            }
        }
        let focus = gtk_event_controller_focus_new()!
        Signals.on(UnsafeMutableRawPointer(focus), "leave") { [weak self] in
            guard let self, sent != text else { return }
            send(actions)
        }
        gtk_widget_add_controller(widget, focus)
        Signals.on(calendar.raw, "day-selected") { [weak self, widget, popover] in
            guard let self, !isApplying else { return }
            let day = gtk_calendar_get_date(calendar.c())!
            defer { g_date_time_unref(day) }
            let text = [(g_date_time_get_year(day), 4), (g_date_time_get_month(day), 2), (g_date_time_get_day_of_month(day), 2)]
                .map { number, width in String(repeating: "0", count: max(0, width - String(number).count)) + String(number) }
                .joined(separator: "-")
            gtk_editable_set_text(widget.c(), text)
            gtk_popover_popdown(popover.c())
        }
    }

    private var text: String {
        String(cString: gtk_editable_get_text(widget.c()))
    }

    /// The entry's day in the locale's short form beside it, when it is a
    /// whole day written otherwise there; the entry keeps `YYYY-MM-DD`, which is what is sent.
    private func showLocalDay() {
        let local = CalendarDay(text).map { Language.process.day(year: $0.year, month: $0.month, day: $0.day) }
        let differs = local.map { !$0.isEmpty && $0 != text } ?? false
        gtk_label_set_text(localDay.c(), differs ? local ?? "" : "")
        gtk_widget_set_visible(localDay, differs ? 1 : 0)
    }

    private func send(_ actions: FieldActions) {
        sent = text
        actions.setValue(.string(text))
    }

    /// The calendar opens on the day shown (while `show` holds `isApplying`).
    private func showOnCalendar(_ text: String) {
        guard DateControl.isWholeDay(text) else { return }
        let parts = text.split(separator: "-").compactMap { Int32($0) }
        guard parts.count == 3, let day = g_date_time_new_local(parts[0], parts[1], parts[2], 0, 0, 0) else { return }
        defer { g_date_time_unref(day) }
        gtk_calendar_select_day(calendar.c(), day)
    }

    /// `YYYY-MM-DD` naming a day the calendar has (29 February in leap years only).
    static func isWholeDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    func show(_ value: DBusValue?, field: RemoteForm.Field, buttons: [(name: String, field: String, value: String)]) {
        guard let shown = value?.stringValue, shown != text, shown != sent || DateControl.isWholeDay(text) else { return }
        isApplying = true
        defer { isApplying = false }
        gtk_editable_set_text(widget.c(), shown)
        sent = shown
        showOnCalendar(shown)
    }
}
