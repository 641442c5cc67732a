import DBus
import Foundation
import RxWidgetsClient
import XCTest

/// A form's `file` field (API.md, "File chooser"): one absolute path (`s`),
/// or a list (`as`) with `multiple`; `required` and `accept` judged as the
/// chooser's rules; the daemon checks paths as data and reads no file.
final class FileFieldTests: DaemonTestCase {
    private let path = "\(root)/form/upload"

    private func create(_ spec: String) throws {
        try call(root, managerInterface, "CreateForm", [.string("upload"), .string(spec), options([])])
    }

    private func paths(_ list: [String]) -> DBusValue {
        .array(element: .string, list.map(DBusValue.string))
    }

    private func validity(_ field: String) throws -> DBusValue? {
        try property(path, formInterface, "Validity")?.dictionaryEntries?.first { $0.key == .string(field) }?.value
    }

    func testPathsAreJudgedByRequiredAndAcceptAndRefusedWhenNotAbsolute() throws {
        try create(#"""
        {"fields": [
          {"name": "photo", "kind": "file", "label": "Photo", "rules": {"required": true, "accept": ["*.png", "*.jpg"]}},
          {"name": "extras", "kind": "file", "multiple": true, "initial": ["/srv/a.txt"]},
          {"name": "backup", "kind": "file", "mode": "folder"}
        ]}
        """#)
        let layout = try WidgetsClient(address: bus.address).form("upload").layout
        XCTAssertEqual(layout.map(\.kind), [.file, .file, .file])
        XCTAssertEqual(layout.map(\.chooser), [FileFieldChooser(), FileFieldChooser(mode: .open, isMultiple: true), FileFieldChooser(mode: .folder)])
        XCTAssertEqual(layout[0].accept, ["*.png", "*.jpg"])
        XCTAssertEqual(try property(path, formInterface, "Values"), .dictionary(key: .string, value: .variant, [
            (.string("photo"), .variant(.string(""))), (.string("extras"), .variant(paths(["/srv/a.txt"]))), (.string("backup"), .variant(.string(""))),
        ]))
        XCTAssertEqual(try validity("photo"), .structure([.boolean(false), .string("valueMissing"), .string("Please choose a file.")]))

        _ = takeEvents()
        try call(path, formInterface, "SetValue", [.string("photo"), .variant(.string("/home/ada/notes.txt"))])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Form Values,Validity,Revision", "ValueChanged('photo', <'/home/ada/notes.txt'>)",
                                      "ValidationChanged('photo', false, 'typeMismatch', 'Please choose a file matching *.png *.jpg.')", "reply"])
        try call(path, formInterface, "SetValue", [.string("photo"), .variant(.string("/home/ada/Cat.JPG.png"))])
        XCTAssertEqual(try validity("photo"), .structure([.boolean(true), .string(""), .string("")]))

        let revision = try property(path, formInterface, "Revision")
        for (field, value, message) in [
            ("photo", DBusValue.string("cat.png"), "field \"photo\" expects an absolute path (or \"\" for none), got \"cat.png\""),
            ("extras", paths(["/a.txt", "b.txt"]), "field \"extras\" expects absolute paths, got \"b.txt\" at index 1"),
            ("extras", .string("/a.txt"), "value: field 'extras' is a file field and expects 'as', got 's'"),
            ("photo", paths(["/a.png"]), "value: field 'photo' is a file field and expects 's', got 'as'"),
        ] {
            let refusal = error(path, formInterface, "SetValue", [.string(field), .variant(value)])
            XCTAssertEqual(refusal?.name, "org.freedesktop.DBus.Error.InvalidArgs", "\(field) \(value)")
            XCTAssertEqual(refusal?.message, message)
        }
        let long = "/" + String(repeating: "x", count: 70_000)
        XCTAssertEqual(error(path, formInterface, "SetValue", [.string("extras"), .variant(paths(["/a", long]))])?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(try property(path, formInterface, "Revision"), revision, "refused values change nothing")

        try call(path, formInterface, "SetValue", [.string("extras"), .variant(paths(["/srv/b.txt", "/srv/c d.txt"]))])
        try call(path, formInterface, "SetValue", [.string("backup"), .variant(.string("/srv"))])
        XCTAssertEqual(try call(path, formInterface, "Submit").first, .dictionary(key: .string, value: .variant, [
            (.string("photo"), .variant(.string("/home/ada/Cat.JPG.png"))), (.string("extras"), .variant(paths(["/srv/b.txt", "/srv/c d.txt"]))),
            (.string("backup"), .variant(.string("/srv"))),
        ]))
        try call(path, formInterface, "SetValue", [.string("photo"), .variant(.string(""))])
        XCTAssertEqual(error(path, formInterface, "Submit")?.name, errorPrefix + "ValidationFailed", "a required file cleared")
    }

    func testSpecMistakesOfFileFieldsAreNamedByTheirPath() throws {
        for (spec, message) in [
            (#"{"fields":[{"name":"f","kind":"file","initial":"notes.txt"}]}"#, "$.fields[0].initial: expected an absolute path (or \"\" for none), got \"notes.txt\""),
            (#"{"fields":[{"name":"f","kind":"file","multiple":true,"initial":"/a"}]}"#, "$.fields[0].initial: expected an array of absolute paths for a file field, got the string \"/a\""),
            (#"{"fields":[{"name":"f","kind":"file","multiple":true,"initial":["/a","b"]}]}"#, "$.fields[0].initial[1]: expected an absolute path, got \"b\""),
            (#"{"fields":[{"name":"f","kind":"file","mode":"save","multiple":true}]}"#, "$.fields[0].multiple: multiple applies to mode \"open\" only; this field's mode is \"save\""),
            (#"{"fields":[{"name":"f","kind":"file","mode":"delete"}]}"#, "$.fields[0].mode: expected \"open\", \"save\" or \"folder\", got the string \"delete\""),
            (#"{"fields":[{"name":"f","kind":"file","mode":"folder","rules":{"accept":["*.png"]}}]}"#, "$.fields[0].rules.accept: accept applies to files; this field chooses a folder"),
            (#"{"fields":[{"name":"f","kind":"file","rules":{"accept":[]}}]}"#, "$.fields[0].rules.accept: expected glob patterns such as \"*.png\", none of them empty"),
            (#"{"fields":[{"name":"f","kind":"text","multiple":true,"rules":{"accept":["*"]}}]}"#, "$.fields[0].multiple: multiple applies to file fields only; $.fields[0].rules.accept: accept applies to file fields only"),
        ] {
            let refusal = error(root, managerInterface, "CreateForm", [.string("bad"), .string(spec), options([])])
            XCTAssertEqual(refusal?.name, errorPrefix + "InvalidSpec", spec)
            XCTAssertEqual(refusal?.message, message)
        }
    }

}

/// The state file keeps a file field's paths; a restarted daemon has them.
final class FileFieldStateTests: XCTestCase {
    func testPathsSurviveARestart() throws {
        let run = try RestartingDaemon()
        defer { run.stop() }
        let spec = #"{"fields":[{"name":"extras","kind":"file","multiple":true},{"name":"photo","kind":"file"}]}"#
        do {
            let form = try WidgetsClient(address: run.bus.address).createForm("upload", spec: spec)
            try form.setValue(.array(element: .string, [.string("/srv/a.txt"), .string("/srv/b.txt")]), for: "extras")
            try form.setValue(.string("/srv/c.png"), for: "photo")
        }
        try run.restart()
        let restored = try WidgetsClient(address: run.bus.address).form("upload")
        XCTAssertEqual(restored.values["extras"], .array(element: .string, [.string("/srv/a.txt"), .string("/srv/b.txt")]), run.daemon.log)
        XCTAssertEqual(restored.values["photo"], .string("/srv/c.png"))
    }
}

/// A file field in the terminal form: Enter opens the browser over the
/// form, in the folder of what the field holds; what is chosen there is
/// the field's value; accessible mode takes typed paths.
final class FileFieldTerminalTests: DaemonTestCase {
    private var tree: URL!
    private var spec: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        tree = bus.directory.appendingPathComponent("files")
        for folder in ["photos/2024", ".cache"] {
            try FileManager.default.createDirectory(at: tree.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["notes.txt", "cat.png", "photos/dog.png", "photos/fish.jpg"] {
            try Data().write(to: tree.appendingPathComponent(file))
        }
        spec = bus.directory.appendingPathComponent("upload.json")
        try """
        {"fields": [
          {"name": "photo", "kind": "file", "label": "Photo", "initial": "\(tree.path)/notes.txt", "rules": {"required": true, "accept": ["*.png", "*.jpg"]}},
          {"name": "extras", "kind": "file", "label": "Extras", "multiple": true, "initial": ["\(tree.path)/photos/fish.jpg"]},
          {"name": "backup", "kind": "file", "label": "Backup to", "mode": "folder"}
        ]}
        """.write(to: spec, atomically: true, encoding: .utf8)
    }

    private var expected: String {
        "photo=\(tree.path)/cat.png\nextras=\(tree.path)/photos/fish.jpg\nextras=\(tree.path)/photos/dog.png\nbackup=\(tree.path)\n"
    }

    func testTheBrowserFillsEachFileField() throws {
        let form = try TerminalSession(["form", spec.path], address: bus.address, columns: 100, rows: 30)
        form.waitForScreen("Please choose a file matching *.png *.jpg.")
        XCTAssertTrue(form.screen.contains("notes.txt"), form.screen)
        form.send("Enter")
        form.waitForScreen("Choose file for Photo")
        XCTAssertTrue(form.screen.contains("cat.png") && !form.screen.contains("notes.txt"), "the accept patterns filter the browser:\n\(form.screen)")
        form.send("Down", "Down")   // ../, photos/, cat.png
        form.send("Enter")
        form.waitForScreen("cat.png")
        XCTAssertFalse(form.screen.contains("Please choose a file matching"), form.screen)
        form.send("Tab", "Enter")
        form.waitForScreen("✓ fish.jpg")
        form.send("Down", "Down", " ")   // ../, 2024/, dog.png
        form.waitForScreen("✓ dog.png")
        form.send("Enter")
        form.waitForScreen("fish.jpg, dog.png")
        form.send("Tab", "Enter")
        form.waitForScreen("Choose folder for Backup to")
        form.send("Left")   // from the working directory up, then into the tree by typing nothing: the field's folder is chosen below
        form.send("Escape")
        form.waitForScreen("no folder chosen")
        XCTAssertEqual(form.exitStatus(timeout: 1), nil, "Esc closes the browser, not the form")
        try WidgetsClient(address: bus.address).form(try formName()).setValue(.string(tree.path), for: "backup")
        form.waitForScreen("▸ files")
        form.send("Tab", "Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error)
        XCTAssertEqual(form.output, expected)
    }

    /// The same keys in one burst: each reaches the browser or the form in
    /// the order typed, so the answer is the one a person typing slowly gets.
    func testKeysTypedAheadReachTheBrowserInOrder() throws {
        let form = try TerminalSession(["form", spec.path], address: bus.address, columns: 100, rows: 30)
        form.waitForScreen("Please choose a file matching *.png *.jpg.")
        try WidgetsClient(address: bus.address).form(try formName()).setValue(.string(tree.appendingPathComponent("photos").path), for: "backup")
        form.waitForScreen("▸ photos")
        form.send("Enter", "Down", "Down", "Enter", "Tab", "Enter", "Down", "Down", " ", "Enter", "Tab", "Enter", "Enter", "Tab", "Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error)
        XCTAssertEqual(form.output, expected, form.screen)
    }

    func testAccessibleModeTakesTypedPaths() throws {
        let form = try TerminalSession(["form", "--accessible", spec.path], address: bus.address, columns: 100, rows: 30)
        form.waitForScreen("Photo (file, *.png *.jpg) [\(tree.path)/notes.txt]:")
        form.type("\(tree.path)/notes.txt")
        form.send("Enter")
        form.waitForScreen("Please choose a file matching *.png *.jpg.")
        form.type("\(tree.path)/cat.png")
        form.send("Enter")
        form.waitForScreen("Extras (files: one path a line")
        form.type("\(tree.path)/photos/fish.jpg")
        form.send("Enter")
        form.type("\(tree.path)/photos/dog.png")
        form.send("Enter")
        form.type(".")
        form.send("Enter")
        form.waitForScreen("Backup to (folder):")
        form.type(tree.path)
        form.send("Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error + form.screen)
        XCTAssertEqual(form.output, expected)
    }

    /// The name of the one form the command made.
    private func formName() throws -> String {
        let forms = try WidgetsClient(address: bus.address).widgets().filter { $0.kind == "form" }
        return try XCTUnwrap(forms.first?.path.rawValue.split(separator: "/").last.map(String.init))
    }
}
