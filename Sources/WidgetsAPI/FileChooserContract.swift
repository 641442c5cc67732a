import DBus
import FoundationEssentials

/// `org.rxwidgets.Widgets1.FileChooser`, declared once: the daemon serves it, RxWidgetsClient calls it.
@dynamicMemberLookup
public struct FileChooserContract: InterfaceMembers {
    public static let shared = FileChooserContract()
    public static let name = "org.rxwidgets.Widgets1.FileChooser"

    public let setFolder = MethodContract("SetFolder", in: Parameters(("path", String.self)),
        "Shows another folder: an absolute path (InvalidArgs otherwise). The daemon never reads it; the front end lists it.")
    public let setFilter = MethodContract("SetFilter", in: Parameters(("index", Int32.self)),
        "Uses filter index (OutOfRange for none of them); chosen paths it would not show are let go of.")
    public let select = MethodContract("Select", in: Parameters(("paths", [String].self)),
        "The paths chosen so far: absolute, matching the filter in use (not in folder mode), one unless Multiple; at most the component limit of them, each within the string limit.")
    public let choose = MethodContract("Choose",
        "The person is done: Chosen(Selection) is emitted. ValidationFailed while nothing is selected.")
    public let cancel = MethodContract("Cancel",
        "The person closed the chooser without choosing: Closed is emitted.")

    public let chosen = TypedSignal("Chosen", ("paths", [String].self),
        documentation: "The person chose these paths (Choose).")
    public let closed = TypedSignal("Closed",
        documentation: "The person cancelled (Cancel).")

    public let mode = PropertyContract("Mode", String.self, emitsChanged: .const,
        "open (existing files), save (a file to write) or folder.")
    public let multiple = PropertyContract("Multiple", Bool.self, emitsChanged: .const,
        "Whether several files may be chosen (open only).")
    public let folder = PropertyContract("Folder", String.self,
        "The folder shown: an absolute path, or empty for the front end's choice (the person's home).")
    public let filters = PropertyContract("Filters", [DBusStruct<String, [String]>].self, emitsChanged: .const,
        "Each filter's name and glob patterns.")
    public let filter = PropertyContract("Filter", Int32.self,
        "The filter in use, an index of Filters; -1 without filters.")
    public let selection = PropertyContract("Selection", [String].self,
        "The paths chosen so far.")
    public let suggestedName = PropertyContract("Name", String.self, emitsChanged: .const,
        "The file name a save suggests (option name).")
    public let confirmOverwrite = PropertyContract("ConfirmOverwrite", Bool.self, emitsChanged: .const,
        "Whether a front end asks before a save over an existing file (option confirm_overwrite).")
    public let widget = WidgetMembers(of: .file)

    public static let documentation = "A file chooser whose state the daemon holds and checks as data: the daemon never reads the file system (the front end, running as the person, lists folders), so a daemon on the system bus discloses nothing about anyone's files."
    public static let interface = contract
}
