import DBus
import FoundationEssentials

/// `org.rxwidgets.Widgets1.Manager`, declared once: the daemon serves it, RxWidgetsClient calls it.
@dynamicMemberLookup
public struct ManagerContract: InterfaceMembers {
    public static let shared = ManagerContract()
    public static let name = "org.rxwidgets.Widgets1.Manager"

    public let createPicker = MethodContract("CreatePicker", in: Parameters(("name", String.self), ("options", Options.self)), out: Parameters(("widget", ObjectPath.self)),
        "Creates a picker named name (1 to 64 of [A-Za-z0-9_]) at /org/rxwidgets/Widgets1/picker/NAME. Options: items aas (titles, one array per component), dependent aa{sas} (components after the first follow the one before, as SetDependentItems; items then gives component 0 only), popup b (the bottom-sheet picker with Show, Hide, Done and Cancel), transient b (destroyed when the creating connection leaves the bus), replace b (a picker of that name owned by the caller's uid is destroyed first, in the same call: InterfacesRemoved, then InterfacesAdded; if the new one cannot be made the old one stays), prompt a{sv} (the widget is also a question, org.rxwidgets.Widgets1.Prompt: title s, message s, deadline t or timeout u, default v, for_uid u; the same key on every CreateX), columns as (the column headers, as SetColumns). Exists, InvalidName, LimitExceeded, AccessDenied for a caller whose uid is unknown.")
    public let createTable = MethodContract("CreateTable", in: Parameters(("name", String.self), ("options", Options.self)), out: Parameters(("widget", ObjectPath.self)),
        "Creates a table at /org/rxwidgets/Widgets1/table/NAME. Options: items as (one section) or sections a(sas) (header and titles per section), transient b, replace b, prompt a{sv} (as CreatePicker's), columns as (as SetColumns). Its first binding is announced with Reloaded.")
    public let createForm = MethodContract("CreateForm", in: Parameters(("name", String.self), ("spec", String.self), ("options", Options.self)), out: Parameters(("widget", ObjectPath.self)),
        "Creates a form at /org/rxwidgets/Widgets1/form/NAME from a template name (" + WidgetsAPI.formTemplates.joined(separator: ", ") + ") or a JSON form spec (docs/forms.md); a spec that does not parse or validate is InvalidSpec with its JSON path, one over a budget LimitExceeded. Options: transient b, replace b, prompt a{sv} (as CreatePicker's), locale s (an installed locale such as de_DE.UTF-8 its messages and a template's labels are given in, unless the spec names its own; InvalidArgs for one not installed; default: the daemon's).")
    public let createProgress = MethodContract("CreateProgress", in: Parameters(("name", String.self), ("options", Options.self)), out: Parameters(("widget", ObjectPath.self)),
        "Creates a progress at /org/rxwidgets/Widgets1/progress/NAME. Options: value d, maximum d (more than 0; default 100), text s, cancellable b (default true), steps as, transient b, replace b, prompt a{sv} (as CreatePicker's).")
    public let createFileChooser = MethodContract("CreateFileChooser", in: Parameters(("name", String.self), ("options", Options.self)), out: Parameters(("widget", ObjectPath.self)),
        "Creates a file chooser at /org/rxwidgets/Widgets1/file/NAME. Options: mode s (open, save or folder; default open), multiple b (open only), filters a(sas) (a name and its glob patterns each), folder s (absolute), name s (the name a save suggests), confirm_overwrite b, transient b, replace b, prompt a{sv} (as CreatePicker's; its answer is Selection).")
    public let destroy = MethodContract("Destroy", in: Parameters(("widget", ObjectPath.self)),
        "Removes the widget at the path (InterfacesRemoved follows) and its state file. Only its owner uid or root may; UnknownObject for a path that holds no widget.")


    public let version = PropertyContract("Version", UInt32.self, emitsChanged: .const,
        "The API version: 1.")
    public let widgets = PropertyContract("Widgets", [ObjectPath].self,
        "The paths of every widget, sorted.")
    public let prompts = PropertyContract("Prompts", [ObjectPath].self,
        "The paths of the widgets whose prompt is waiting, in order of creation: what an agent offers to answer.")

    public static let documentation = "Creates and destroys widgets; at the root object /org/rxwidgets/Widgets1, which is also an org.freedesktop.DBus.ObjectManager."
    public static let interface = contract
}
