import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import XCTest

private let chooserInterface = "org.rxwidgets.Widgets1.FileChooser"

/// A file chooser (API.md, "File chooser"): the front end sets the folder
/// and the selection, the daemon checks them as data — absolute, matching
/// the filter, one unless multiple — and never reads the file system.
final class FileChooserTests: DaemonTestCase {
    private let path = "\(root)/file/photo"

    private func create(_ pairs: [(String, DBusValue)]) throws {
        try call(root, managerInterface, "CreateFileChooser", [.string("photo"), options(pairs)])
    }

    private var images: (String, DBusValue) {
        ("filters", .array(element: .structure([.string, .array(.string)]), [
            .structure([.string("Images"), .array(element: .string, [.string("*.png"), .string("*.jpg")])]),
            .structure([.string("All files"), .array(element: .string, [.string("*")])]),
        ]))
    }

    private func paths(_ list: [String]) -> DBusValue {
        .array(element: .string, list.map(DBusValue.string))
    }

    func testAChoiceIsAnnouncedAfterItsStateAndCheckedAgainstTheFilter() throws {
        try create([images, ("folder", .string("/home/ada"))])
        XCTAssertEqual(try property(path, chooserInterface, "Mode"), .string("open"))
        XCTAssertEqual(try property(path, chooserInterface, "Filter"), .int32(0))
        XCTAssertEqual(error(path, chooserInterface, "Choose")?.name, "org.rxwidgets.Widgets1.Error.ValidationFailed", "nothing selected yet")
        XCTAssertEqual(error(path, chooserInterface, "Select", [paths(["/home/ada/notes.txt"])])?.message,
                       "paths[0] '/home/ada/notes.txt' does not match the filter 'Images' (*.png *.jpg)")
        XCTAssertEqual(error(path, chooserInterface, "Select", [paths(["cat.png"])])?.message, "paths[0] 'cat.png' is not an absolute path")
        XCTAssertEqual(error(path, chooserInterface, "Select", [paths(["/a.png", "/b.png"])])?.message, "2 paths given; this chooser chooses one (open, not multiple)")
        XCTAssertEqual(try property(path, chooserInterface, "Revision"), .uint64(1), "refused calls change nothing")
        try call(path, chooserInterface, "Select", [paths(["/home/ada/cat.png"])])
        _ = takeEvents()
        try call(path, chooserInterface, "Choose")
        XCTAssertEqual(takeEvents(), ["PropertiesChanged FileChooser Revision", "Chosen(['/home/ada/cat.png'])", "reply"])
        try call(path, chooserInterface, "SetFilter", [.int32(1)])
        try call(path, chooserInterface, "Select", [paths(["/home/ada/notes.txt"])])
        try call(path, chooserInterface, "SetFilter", [.int32(0)])
        XCTAssertEqual(try property(path, chooserInterface, "Selection"), paths([]), "a filter lets go of what it would not show")
        _ = takeEvents()
        try call(path, chooserInterface, "Cancel")
        XCTAssertEqual(takeEvents(), ["PropertiesChanged FileChooser Revision", "Closed()", "reply"])
    }

    func testModesMultipleAndWrongOptionsAreRefusedNamingThem() throws {
        try call(root, managerInterface, "CreateFileChooser", [.string("many"), options([("multiple", .boolean(true))])])
        try call("\(root)/file/many", chooserInterface, "Select", [paths(["/a", "/b/c"])])
        XCTAssertEqual(try property("\(root)/file/many", chooserInterface, "Selection"), paths(["/a", "/b/c"]))
        try call(root, managerInterface, "CreateFileChooser", [.string("dir"), options([("mode", .string("folder")), images])])
        try call("\(root)/file/dir", chooserInterface, "Select", [paths(["/srv/backups"])])
        XCTAssertEqual(try property("\(root)/file/dir", chooserInterface, "Selection"), paths(["/srv/backups"]), "a folder is not filtered by file patterns")
        for (pairs, message) in [([("mode", DBusValue.string("delete"))], "options 'mode': expected 'open', 'save' or 'folder', got 'delete'"),
                                 ([("folder", .string("relative/dir"))], "options 'folder' 'relative/dir' is not an absolute path"),
                                 ([("name", .string("../escape.txt"))], "options 'name' '../escape.txt' is a file name, without '/'")] {
            XCTAssertEqual(error(root, managerInterface, "CreateFileChooser", [.string("bad"), options(pairs)])?.message, message)
        }
        XCTAssertEqual(error("\(root)/file/dir", chooserInterface, "SetFolder", [.string("tmp")])?.message, "path 'tmp' is not an absolute path")
        XCTAssertEqual(error("\(root)/file/dir", chooserInterface, "SetFilter", [.int32(7)])?.name, "org.rxwidgets.Widgets1.Error.OutOfRange")
        let long = "/" + String(repeating: "x", count: 70_000)
        XCTAssertEqual(error("\(root)/file/dir", chooserInterface, "SetFolder", [.string(long)])?.name, "org.rxwidgets.Widgets1.Error.LimitExceeded")
    }

    /// The daemon never reads the file system for a chooser: a chooser for
    /// /root, asked to show and choose in it, answers from its own data
    /// only; as a prompt its answer is the selection.
    func testAPromptsAnswerIsTheSelectionAndNothingIsRead() throws {
        try call(root, managerInterface, "CreateFileChooser", [.string("secret"), options([("folder", .string("/root")), ("mode", .string("save")),
                                                                                       ("name", .string("report.pdf")), ("prompt", options([("title", .string("Save the report"))]))])])
        let chooser = "\(root)/file/secret"
        try call(chooser, chooserInterface, "Select", [paths(["/root/no/such/dir/report.pdf"])])
        try call(chooser, "org.rxwidgets.Widgets1.Prompt", "Finish")
        XCTAssertEqual(try property(chooser, "org.rxwidgets.Widgets1.Prompt", "Answer"), .variant(paths(["/root/no/such/dir/report.pdf"])),
                       "a path that exists nowhere is data like any other: nothing was looked up")
        XCTAssertEqual(try property(chooser, chooserInterface, "Name"), .string("report.pdf"))
        // The daemon has no file of /root open, and never had one under it.
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon.process.processIdentifier)/fd")) ?? []
        let targets = open.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(daemon.process.processIdentifier)/fd/\($0)") }
        XCTAssertFalse(targets.contains { $0.hasPrefix("/root") }, "\(targets)")
    }

    /// Another uid may read a chooser, not drive it: each gesture is
    /// refused, names the owner, and changes nothing.
    func testAnotherUIDsGesturesAreRefused() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to run a command as another uid") }
        try create([images, ("folder", .string("/home/ada"))])
        let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/busctl", "--address=\(bus.address)", "call", busName, path, chooserInterface]
        for gesture in [["Select", "as", "1", "/home/ada/cat.png"], ["SetFolder", "s", "/tmp"], ["SetFilter", "i", "1"], ["Choose"], ["Cancel"]] {
            let refused = try runCommand(nobody[0], Array(nobody.dropFirst()) + gesture)
            XCTAssertNotEqual(refused.status, 0, "\(gesture)")
            XCTAssertTrue(refused.error.contains("Access denied"), "\(gesture): \(refused.error)")
        }
        let read = try runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/busctl", "--address=\(bus.address)", "get-property", busName, path, chooserInterface, "Folder"])
        XCTAssertEqual(read.output, "s \"/home/ada\"\n", read.error)
        XCTAssertEqual(try property(path, chooserInterface, "Revision"), .uint64(1))
        XCTAssertEqual(try property(path, chooserInterface, "Selection"), paths([]))
    }

    func testTheClientLibraryHearsTheChoice() throws {
        let widgets = try WidgetsClient(address: bus.address)
        let chooser = try widgets.createFileChooser("lib", filters: [("Text", ["*.txt"])])
        var chosen: [[String]] = []
        let bag = DisposeBag()
        chooser.rx.chosen.subscribe(onNext: { chosen.append($0) }).disposed(by: bag)
        try chooser.select(["/tmp/a.txt"])
        try widgets.fileChooser("lib").choose()
        XCTAssertTrue(waitUntil(timeout: 5) { chosen == [["/tmp/a.txt"]] }, "\(chosen)")
        XCTAssertEqual(chooser.filters.map(\.name), ["Text"])
    }
}

/// `rxwidgets file` in a terminal: this process lists the folders, the
/// daemon's chooser holds folder, filter and choice, and the path chosen is
/// printed.
final class FileCommandTests: DaemonTestCase {
    private var tree: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        tree = bus.directory.appendingPathComponent("files")
        for folder in ["photos", "photos/2024", ".cache"] {
            try FileManager.default.createDirectory(at: tree.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["notes.txt", "cat.png", "photos/dog.png", "photos/fish.jpg", ".hidden.png"] {
            try Data().write(to: tree.appendingPathComponent(file))
        }
    }

    private func start(_ arguments: [String]) throws -> TerminalSession {
        try TerminalSession(arguments, address: bus.address, columns: 100)
    }

    func testFiltersFoldersAndTheChoiceArePrinted() throws {
        let file = try start(["file", "--filter", "Images | *.png *.jpg", "--name", "pick", tree.path])
        file.waitForScreen("cat.png")
        XCTAssertFalse(file.screen.contains("notes.txt"), "the filter hides it:\n\(file.screen)")
        XCTAssertFalse(file.screen.contains(".hidden.png"), "hidden files wait for '.'")
        XCTAssertEqual(try property("\(root)/file/pick", "org.rxwidgets.Widgets1.FileChooser", "Folder"), .string(tree.path))
        file.send(".")
        file.waitForScreen(".hidden.png")
        file.send(".")
        file.send("Down")   // ../ is first; photos/ second
        file.send("Enter")
        file.waitForScreen("dog.png")
        XCTAssertTrue(waitUntil(timeout: 5) {
            (try? self.property("\(root)/file/pick", "org.rxwidgets.Widgets1.FileChooser", "Folder")) == .string(self.tree.appendingPathComponent("photos").path)
        }, "the daemon's chooser shows the folder the person went to")
        file.send("Down", "Down")   // ../, 2024/, dog.png
        file.send("Enter")
        XCTAssertEqual(file.exitStatus(), 0, file.error)
        XCTAssertEqual(file.output, tree.appendingPathComponent("photos/dog.png").path + "\n")
    }

    func testSeveralFilesAFolderAndACancel() throws {
        let many = try start(["file", "--multiple", tree.appendingPathComponent("photos").path])
        many.waitForScreen("fish.jpg")
        many.send("Down", "Down", " ", "Down", " ")
        many.waitForScreen("✓ fish.jpg")
        many.send("Enter")
        XCTAssertEqual(many.exitStatus(), 0, many.error)
        XCTAssertEqual(many.output, ["dog.png", "fish.jpg"].map { tree.appendingPathComponent("photos/\($0)").path + "\n" }.joined())

        let folder = try start(["file", "--directory", tree.path])
        folder.waitForScreen("photos/")
        XCTAssertFalse(folder.screen.contains("cat.png"), "a folder chooser lists folders only")
        folder.send("Down", "Down", "Enter")   // ./, ../, .cache hidden → photos/
        XCTAssertEqual(folder.exitStatus(), 0, folder.error)
        XCTAssertEqual(folder.output, tree.appendingPathComponent("photos").path + "\n")

        let cancelled = try start(["file", tree.path])
        cancelled.waitForScreen("cat.png")
        cancelled.send("Escape")
        XCTAssertEqual(cancelled.exitStatus(), 1)
        XCTAssertEqual(cancelled.output, "")
    }

    /// The pickers on the daemon: a filter's search is one.
    private func pickers() throws -> [String] {
        (try property(root, managerInterface, "Widgets")?.arrayElements ?? []).compactMap(\.stringValue).filter { $0.hasPrefix("\(root)/picker/") }
    }

    /// `/` filters the folder through the daemon's search: the names go to
    /// a transient picker of the browser's once a filter is typed, its
    /// ranked matches are shown with the matched letters bold and
    /// underlined, and Enter chooses the one under the cursor, the best.
    func testASlashFilterShowsTheDaemonsMatchesMarkedAndEnterChoosesTheBest() throws {
        let file = try start(["file", tree.appendingPathComponent("photos").path])
        file.waitForScreen("fish.jpg")
        XCTAssertEqual(try pickers(), [], "no name goes to the daemon before a filter is typed")
        file.send("/")
        file.type("dg")
        file.waitForScreen("1 of 3")
        let lines = file.screen.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.dropFirst().first, "›   dog.png", "the match first, under the cursor:\n\(file.screen)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("/ dg ") }, "the query typed:\n\(file.screen)")
        XCTAssertFalse(file.screen.contains("fish.jpg") || file.screen.contains("2024/") || file.screen.contains("../"), "what does not match is hidden:\n\(file.screen)")
        let styled = file.styledScreen
        XCTAssertTrue(styled.contains("\u{1B}[4md") && styled.contains("\u{1B}[4mg"), "d and g underlined (bold too) on the cursor's row:\n\(styled.debugDescription)")
        let searched = try pickers()
        XCTAssertEqual(searched.count, 1, "one picker holds the names")
        XCTAssertEqual(try searched.first.map { try property($0, "org.rxwidgets.Widgets1.Picker", "RowCounts") }, .array(element: .int32, [.int32(3)]),
                       "the names listed, . and .. left out")
        file.send("Enter")
        XCTAssertEqual(file.exitStatus(), 0, file.error)
        XCTAssertEqual(file.output, tree.appendingPathComponent("photos/dog.png").path + "\n")
        XCTAssertTrue(waitUntil(timeout: 5) { (try? self.pickers()) == [] }, "the picker goes with the screen")
    }

    /// A query and Enter typed in one burst, ahead of the daemon's answers:
    /// Enter waits for the matches of the whole query and chooses what they
    /// show first — never a row shown before (`..`), nor the best match of
    /// a shorter query (`a.txt` for a, `ab.txt` for ab).
    func testAQueryAndEnterInOneBurstChooseWhatTheWholeQueryMatches() throws {
        let folder = tree.appendingPathComponent("burst")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["a.txt", "ab.txt", "abc.txt", "b.txt"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        let file = try start(["file", folder.path])
        file.waitForScreen("b.txt")
        file.send("/", "a", "b", "c", "Enter")
        XCTAssertEqual(file.exitStatus(), 0, file.error + file.screen)
        XCTAssertEqual(file.output, folder.appendingPathComponent("abc.txt").path + "\n")
    }

    /// `file` asks as any question does: with a deadline the daemon keeps
    /// (exit 124, what was chosen then), and without a terminal, answered
    /// with `rxwidgets answer NAME PATH…` and collected with `result`.
    func testAFileQuestionHasADeadlineAndCanBeAnsweredFromAScript() throws {
        let timed = try start(["file", "--multiple", "--timeout", "2", tree.appendingPathComponent("photos").path])
        timed.waitForScreen("fish.jpg")
        timed.send("Down", "Down", " ")
        timed.waitForScreen("✓ dog.png")
        XCTAssertTrue(timed.screen.contains("times out in "), timed.screen)
        XCTAssertEqual(timed.exitStatus(), 124, timed.error)
        XCTAssertEqual(timed.output, tree.appendingPathComponent("photos/dog.png").path + "\n", "what was marked when the deadline passed")

        let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8", "RXWIDGETS_FRONTEND": "tty"]
        let asked = try runCommand(frontEndExecutable, ["file", "--no-wait", "--name", "report", "--title", "Where is the report?", tree.path], environment: environment)
        XCTAssertEqual(asked.status, 0, asked.error)
        XCTAssertEqual(asked.output, "\(root)/file/report\n")
        XCTAssertEqual(try property("\(root)/file/report", "org.rxwidgets.Widgets1.Prompt", "Title"), .string("Where is the report?"))
        let refused = try runCommand(frontEndExecutable, ["answer", "report", "relative/notes.txt"], environment: environment)
        XCTAssertEqual(refused.status, 0, "a relative path is taken from where answer runs: \(refused.error)")
        let result = try runCommand(frontEndExecutable, ["result", "report"], environment: environment)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.hasSuffix("/relative/notes.txt\n") && result.output.hasPrefix("/"), result.output)
    }

    func testASaveOverAnExistingFileIsConfirmedFirst() throws {
        let save = try start(["file", "--save", "notes.txt", tree.path])
        save.waitForScreen("saves notes.txt here")
        save.send("Enter")   // on ./
        save.waitForScreen("notes.txt exists · enter overwrite")
        save.send("Enter")
        XCTAssertEqual(save.exitStatus(), 0, save.error)
        XCTAssertEqual(save.output, tree.appendingPathComponent("notes.txt").path + "\n")
        let fresh = try start(["file", "--save", "new.txt", tree.path])
        fresh.waitForScreen("saves new.txt here")
        fresh.send("Enter")
        XCTAssertEqual(fresh.exitStatus(), 0, fresh.error)
        XCTAssertEqual(fresh.output, tree.appendingPathComponent("new.txt").path + "\n", "a name that is free needs no confirmation")
    }
}
