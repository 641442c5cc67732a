extension WidgetService {
    /// The Manager's doc strings (introspection and docs/api.md).
    static let managerDocumentation: [String: String] = [
        "": "Creates and destroys widgets; at the root object /org/rxwidgets/Widgets1, which is also an org.freedesktop.DBus.ObjectManager.",
        "CreatePicker": "Creates a picker named name (1 to 64 of [A-Za-z0-9_]) at /org/rxwidgets/Widgets1/picker/NAME. Options: items aas (titles, one array per component), popup b (the bottom-sheet picker with Show, Hide, Done and Cancel), transient b (destroyed when the creating connection leaves the bus), replace b (a picker of that name owned by the caller's uid is destroyed first, in the same call: InterfacesRemoved, then InterfacesAdded; if the new one cannot be made the old one stays). Exists, InvalidName, LimitExceeded, AccessDenied for a caller whose uid is unknown.",
        "CreateTable": "Creates a table at /org/rxwidgets/Widgets1/table/NAME. Options: items as (one section) or sections a(sas) (header and titles per section), transient b, replace b (as CreatePicker's). Its first binding is announced with Reloaded.",
        "CreateForm": "Creates a form at /org/rxwidgets/Widgets1/form/NAME from a template name (about-you, sign-up) or a JSON form spec (docs/forms.md); a spec that does not parse or validate is InvalidSpec with its JSON path, one over a budget LimitExceeded. Options: transient b, replace b (as CreatePicker's).",
        "Destroy": "Removes the widget at the path (InterfacesRemoved follows) and its state file. Only its owner uid or root may; UnknownObject for a path that holds no widget.",
        "Version": "The API version: 1.",
        "Widgets": "The paths of every widget, sorted.",
    ]
}
