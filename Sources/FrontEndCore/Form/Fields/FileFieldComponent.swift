import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// A file field: the path (or paths, with `multiple`) chosen on a file
/// chooser this front end shows as the person — the terminal's browser,
/// GTK's own chooser. Enter or Space opens it; Backspace or Delete clears
/// the field. The daemon checks the paths as data and never lists a folder.
package enum FileFieldComponent: FieldComponent {
    package static func keys(for field: RemoteForm.Field) -> String {
        // TRANSLATORS: a help line's fragments: a key as printed on the keyboard (kept as it is), then what it does.
        let choose = field.chooser.mode == .folder ? tr("enter choose folder") : field.chooser.isMultiple ? tr("enter choose files") : tr("enter choose file")
        // TRANSLATORS: a help line's fragment: the key "backspace" (kept as it is), then what it does: empty the field.
        return choose + " · " + tr("backspace clear")
    }

    /// The heading of the field's chooser: what to choose, for which field.
    package static func chooserTitle(for field: RemoteForm.Field) -> String {
        // TRANSLATORS: a file chooser's heading; {0} is the label of the form's field it fills in.
        field.chooser.mode == .folder ? tr("Choose folder for {0}", field.label) : field.chooser.isMultiple ? tr("Choose files for {0}", field.label) : tr("Choose file for {0}", field.label)
    }

    package static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        switch key {
        case .enter, .character(" "):
            return model.openBrowser(for: field)
        case .backspace, .delete:
            return [.call(.setValue(field: field.name, value: value([], for: field), .plain))]
        default:
            return nil
        }
    }

    /// The field's paths in its value: `s` ("" is none) or `as`.
    package static func paths(in value: DBusValue?) -> [String] {
        switch value {
        case .string(let path)?: return path.isEmpty ? [] : [path]
        case .array(_, let elements)?: return elements.compactMap(\.stringValue)
        default: return []
        }
    }

    /// `paths` as the field's value: a list with `multiple`, else the first (or "").
    package static func value(_ paths: [String], for field: RemoteForm.Field) -> DBusValue {
        field.chooser.isMultiple ? .array(element: .string, paths.map(DBusValue.string)) : .string(paths.first ?? "")
    }

    /// What the field holds, in a few words: the names chosen, or that none is.
    package static func summary(of value: DBusValue?, for field: RemoteForm.Field) -> String {
        let names = paths(in: value).map { path in path == "/" ? "/" : String(path.split(separator: "/").last ?? "") }
        switch names.count {
        case 0: return field.chooser.mode == .folder ? tr("no folder chosen") : field.chooser.isMultiple ? tr("no files chosen") : tr("no file chosen")
        case 1...3: return names.joined(separator: ", ")
        // TRANSLATORS: {0} is how many files are chosen (4 or more), {1} the first two names, as "a.txt, b.txt".
        default: return tr(one: "{0} file: {1}, …", other: "{0} files: {1}, …", count: names.count, names.count, names.prefix(2).joined(separator: ", "))
        }
    }

    /// "file", "files" or "folder", as the field chooses, in English: for
    /// messages that are not translated (usage errors).
    package static func noun(_ field: RemoteForm.Field) -> String {
        field.chooser.mode == .folder ? "folder" : field.chooser.isMultiple ? "files" : "file"
    }

    /// The folder a chooser opens in: the one of the first path chosen, if any.
    package static func startingFolder(of value: DBusValue?) -> String {
        guard let first = paths(in: value).first else { return "" }
        let parent = first.split(separator: "/").dropLast()
        return "/" + parent.joined(separator: "/")
    }
}
