import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import XCTest

/// `rxwidgets` asking without a terminal (a cron job, a service): the
/// question waits in the daemon as a prompt, another process answers it
/// (`rxwidgets answer`), and the job prints the answer as if a person had
/// answered at its terminal.
final class PromptCommandTests: DaemonTestCase {
    private typealias Job = HeadlessJob

    override var daemonArguments: [String] { super.daemonArguments + ["--max-waiting-prompts", "2"] }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try runCommand(frontEndExecutable, arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8"])
    }

    /// `rxwidgets` run as uid 65534 (nobody), as another user's agent would be.
    private func runAsNobody(_ arguments: [String]) throws -> CommandResult {
        guard getuid() == 0 else { throw XCTSkip("needs root to run a command as another uid") }
        return try runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", frontEndExecutable] + arguments,
                              environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8", "HOME": "/tmp"])
    }

    /// Waits until a prompt waits at `path`.
    private func waitForPrompt(_ path: String) -> Bool {
        waitUntil(timeout: 20) {
            (try? self.property(root, managerInterface, "Prompts"))?.arrayElements?.contains(.objectPath(ObjectPath(path)!)) == true
        }
    }

    func testAJobWithoutATerminalAsksAndAnotherProcessAnswers() throws {
        let job = try Job(["confirm", "Deploy to production?", "--name", "deploy"], bus: bus)
        XCTAssertTrue(waitForPrompt("\(root)/picker/deploy"), job.said)
        // The prompt is up before the job says so on standard error.
        XCTAssertTrue(waitUntil(timeout: 10) { job.said.contains(#"waiting for an answer to "Deploy to production?" at /org/rxwidgets/Widgets1/picker/deploy"#) }, job.said)
        XCTAssertEqual(try property("\(root)/picker/deploy", "org.rxwidgets.Widgets1.Prompt", "Title"), .string("Deploy to production?"))
        XCTAssertNil(job.status(within: 0.3), "it waits for an answer")

        let neither = try run(["answer", "deploy", "true"])
        XCTAssertEqual(neither.status, 2)
        XCTAssertTrue(neither.error.contains("'true' is neither one of the titles of /org/rxwidgets/Widgets1/picker/deploy, 'Yes' or 'No', nor yes or no (y, n), which name them in that order"), neither.error)
        let answered = try run(["answer", "deploy", "yes"])
        XCTAssertEqual(answered.status, 0, answered.error)
        XCTAssertEqual(job.status(within: 20), 0, "confirm's affirmative: \(job.said)")
        XCTAssertEqual(job.printed, "")
        XCTAssertEqual(try property(root, managerInterface, "Widgets"), .array(element: .objectPath, []), "the asker destroys the prompt it collected")
    }

    func testAChoiceAndAFormAreAnsweredAndARefusedAnswerChangesNothing() throws {
        let choice = try Job(["choose", "--name", "fruit", "apple", "banana", "cherry"], bus: bus)
        let form = try Job(["form", "sign-up", "--name", "signup"], bus: bus)
        XCTAssertTrue(waitForPrompt("\(root)/picker/fruit"), choice.said)
        XCTAssertTrue(waitForPrompt("\(root)/form/signup"), form.said)

        let notATitle = try run(["answer", "fruit", "durian"])
        XCTAssertEqual(notATitle.status, 2)
        XCTAssertTrue(notATitle.error.contains("'durian' is not one of the titles of /org/rxwidgets/Widgets1/picker/fruit: 'apple', 'banana', 'cherry'"), notATitle.error)
        XCTAssertEqual(try run(["answer", "fruit", "banana"]).status, 0)
        XCTAssertEqual(choice.status(within: 20), 0, choice.said)
        XCTAssertEqual(choice.printed, "banana\n")

        let invalid = try run(["answer", "signup", "username=ada_l", "password=s3cret!!", "repeatPassword=different"])
        XCTAssertEqual(invalid.status, 3, "the daemon refuses it: \(invalid.error)")
        XCTAssertTrue(invalid.error.contains("ValidationFailed") || invalid.error.contains("repeatPassword"), invalid.error)
        XCTAssertNil(form.status(within: 0.3), "a refused answer finishes nothing")
        let valid = try run(["answer", "signup", "repeatPassword=s3cret!!"])
        XCTAssertEqual(valid.status, 0, valid.error)
        XCTAssertEqual(form.status(within: 20), 0, form.said)
        XCTAssertEqual(form.printed, "username=ada_l\npassword=s3cret!!\nrepeatPassword=s3cret!!\n")
    }

    /// `answer` sets a form's fields in one SetValues: one value the
    /// daemon refuses (a choice it does not offer) changes none of them.
    func testAnAnswerWithOneRefusedValueChangesNoField() throws {
        let spec = bus.directory.appendingPathComponent("order.json")
        try #"{"fields":[{"name":"name","kind":"text"},{"name":"size","kind":"choice","options":["S","M"]}]}"#
            .write(to: spec, atomically: true, encoding: .utf8)
        let form = try Job(["form", spec.path, "--name", "order"], bus: bus)
        XCTAssertTrue(waitForPrompt("\(root)/form/order"), form.said)
        let refused = try run(["answer", "order", "name=Ada", "size=XL"])
        XCTAssertEqual(refused.status, 3, refused.error)
        XCTAssertTrue(refused.error.contains("XL"), refused.error)
        let values = try property("\(root)/form/order", formInterface, "Values")
        XCTAssertEqual(values?.dictionaryEntries?.first { $0.key == .string("name") }?.value.variantValue, .string(""), "name was not set: \(String(describing: values))")
        XCTAssertEqual(try run(["answer", "order", "name=Ada", "size=M"]).status, 0)
        XCTAssertEqual(form.status(within: 20), 0, form.said)
        XCTAssertEqual(form.printed, "name=Ada\nsize=M\n")
    }

    /// A file field is answered FIELD=PATH, once per file of a field that
    /// takes several; the job prints them as it takes them, a line each.
    func testAFormsFileFieldsAreAnsweredOnePathAtATime() throws {
        let spec = bus.directory.appendingPathComponent("upload.json")
        try #"{"fields":[{"name":"photo","kind":"file","rules":{"required":true,"accept":["*.png"]}},{"name":"extras","kind":"file","multiple":true}]}"#
            .write(to: spec, atomically: true, encoding: .utf8)
        let form = try Job(["form", spec.path, "--name", "upload"], bus: bus)
        XCTAssertTrue(waitForPrompt("\(root)/form/upload"), form.said)
        let twice = try run(["answer", "upload", "photo=/srv/a.png", "photo=/srv/b.png"])
        XCTAssertEqual(twice.status, 2, twice.error)
        XCTAssertTrue(twice.error.contains("photo chooses one file; 2 were given"), twice.error)
        let valid = try run(["answer", "upload", "photo=/srv/cat.png", "extras=/srv/a.txt", "extras=/srv/b c.txt"])
        XCTAssertEqual(valid.status, 0, valid.error)
        XCTAssertEqual(form.status(within: 20), 0, form.said)
        XCTAssertEqual(form.printed, "photo=/srv/cat.png\nextras=/srv/a.txt\nextras=/srv/b c.txt\n")
    }

    /// A table and a filter ask without a terminal too, titled and
    /// explained as given; `answer` chooses their rows by title.
    func testATableAndAFilterAskWithoutATerminal() throws {
        let table = try Job(["table", "--multiple", "--name", "rows", "--title", "Which hosts?", "--message", "They restart at once.", "web1", "web2", "db1"], bus: bus)
        XCTAssertTrue(waitForPrompt("\(root)/table/rows"), table.said)
        XCTAssertEqual(try property("\(root)/table/rows", "org.rxwidgets.Widgets1.Prompt", "Title"), .string("Which hosts?"))
        XCTAssertEqual(try property("\(root)/table/rows", "org.rxwidgets.Widgets1.Prompt", "Message"), .string("They restart at once."))
        XCTAssertEqual(try run(["answer", "rows", "web2", "db1"]).status, 0)
        XCTAssertEqual(table.status(within: 20), 0, table.said + " / " + table.printed)
        XCTAssertEqual(table.printed, "web2\ndb1\n")
        let filter = try Job(["filter", "--name", "lines", "--timeout", "1", "alpha", "beta"], bus: bus)
        XCTAssertTrue(waitForPrompt("\(root)/table/lines"), filter.said)
        XCTAssertEqual(filter.status(within: 20), 124, filter.said)
        XCTAssertEqual(filter.printed, "", "nothing was chosen before the deadline")
    }

    /// A table's answer is exactly the rows given: a row selected before
    /// (by its asker or another front end) does not stay beside them.
    func testAnAnswerToATableIsExactlyItsRows() throws {
        let path = "\(root)/table/toppings"
        try call(root, managerInterface, "CreateTable", [.string("toppings"), options([
            ("items", .array(element: .string, [.string("cheese"), .string("olives"), .string("ham")])),
            ("prompt", options([("title", .string("Toppings?"))])),
        ])])
        try call(path, "org.freedesktop.DBus.Properties", "Set", [.string("org.rxwidgets.Widgets1.Table"), .string("AllowsMultipleSelection"), .variant(.boolean(true))])
        try call(path, "org.rxwidgets.Widgets1.Table", "SelectRow", [.int32(0), .int32(0)])
        let answered = try run(["answer", "toppings", "olives", "ham"])
        XCTAssertEqual(answered.status, 0, answered.error)
        XCTAssertEqual(try property(path, "org.rxwidgets.Widgets1.Prompt", "Answer"),
                       .variant(.array(element: .structure([.int32, .int32]), [.structure([.int32(0), .int32(1)]), .structure([.int32(0), .int32(2)])])),
                       "cheese, selected before, is not part of the answer")
    }

    func testNoWaitPrintsThePathAndResultCollectsTheAnswerLater() throws {
        let asked = try run(["pick", "--component", "S,M,L", "--component", "red,blue", "--no-wait", "--name", "shirt"])
        XCTAssertEqual(asked.status, 0, asked.error)
        XCTAssertEqual(asked.output, "\(root)/picker/shirt\n")
        let result = try Job(["result", "\(root)/picker/shirt"], bus: bus)
        XCTAssertNil(result.status(within: 0.3), "it waits for the answer")
        XCTAssertEqual(try run(["answer", "\(root)/picker/shirt", "L", "blue"]).status, 0)
        XCTAssertEqual(result.status(within: 20), 0, result.said)
        XCTAssertEqual(result.printed, "L\tblue\n")
        XCTAssertEqual(try run(["result", "shirt"]).output, "L\tblue\n", "a finished prompt's answer stays until it is destroyed")
        let again = try run(["answer", "shirt", "S", "red"])
        XCTAssertEqual(again.status, 2, "only a waiting prompt is answered: \(again.error)")
    }

    func testASignalledAskerLeavesItsPromptForResult() throws {
        let job = try Job(["input", "--prompt", "Name?", "--name", "who"], bus: bus)
        XCTAssertTrue(waitForPrompt("\(root)/form/who"), job.said)
        job.process.terminate()
        XCTAssertEqual(job.status(within: 20), 128 + SIGTERM)
        XCTAssertTrue(job.said.contains("'rxwidgets result /org/rxwidgets/Widgets1/form/who' prints its answer"), job.said)
        XCTAssertEqual(try run(["answer", "who", "value=Ada"]).status, 0)
        XCTAssertEqual(try run(["result", "who"]).output, "value=Ada\n")
    }

    func testADeadlineTheDaemonKeepsEndsTheJobWithTheDefaultAndStatus124() throws {
        let job = try Job(["choose", "--timeout", "1", "--default", "cherry", "--name", "late", "apple", "banana", "cherry"], bus: bus)
        XCTAssertTrue(waitForPrompt("\(root)/picker/late"), job.said)
        XCTAssertNotEqual(try property("\(root)/picker/late", "org.rxwidgets.Widgets1.Prompt", "Deadline"), .uint64(0), "the deadline is the daemon's")
        XCTAssertEqual(job.status(within: 20), 124, job.said)
        XCTAssertEqual(job.printed, "cherry\n", "the default, as gum and timeout(1) end")
    }

    /// A uid-0 asker addresses one user with `for_uid`: that uid may answer
    /// (and is named as the answerer), a third uid may not.
    func testForUIDLetsThatUserAnswerAndRefusesAThird() throws {
        let items = ("items", titles([["start", "stop"]]))
        try call(root, managerInterface, "CreatePicker", [.string("other"), options([items, ("popup", .boolean(true)), ("prompt", options([("for_uid", .uint32(1_234))]))])])
        let refused = try runAsNobody(["answer", "other", "stop"])
        XCTAssertEqual(refused.status, 3, refused.error)
        XCTAssertTrue(refused.error.contains("AccessDenied") || refused.error.contains("belongs to uid 0; uid 65534"), refused.error)
        XCTAssertEqual(try property("\(root)/picker/other", "org.rxwidgets.Widgets1.Prompt", "State"), .string("waiting"))
        XCTAssertEqual(try property("\(root)/picker/other", pickerInterface, "SelectedRows"), .array(element: .int32, [.int32(0)]), "the refused answer changed nothing")

        try call(root, managerInterface, "CreatePicker", [.string("mine"), options([items, ("popup", .boolean(true)), ("prompt", options([("for_uid", .uint32(65_534))]))])])
        let answered = try runAsNobody(["answer", "mine", "stop"])
        XCTAssertEqual(answered.status, 0, answered.error)
        XCTAssertEqual(try property("\(root)/picker/mine", "org.rxwidgets.Widgets1.Prompt", "Answer"), .variant(.array(element: .string, [.string("stop")])))
        guard case .structure(let by)? = try property("\(root)/picker/mine", "org.rxwidgets.Widgets1.Prompt", "AnsweredBy") else { return XCTFail("AnsweredBy") }
        XCTAssertEqual(by.first, .uint32(65_534))
        let afterwards = try runAsNobody(["select", "mine", "start"])
        XCTAssertEqual(afterwards.status, 3, "for_uid answers the prompt while it waits, not the widget for good: \(afterwards.error)")
        XCTAssertTrue(afterwards.error.contains("belongs to uid 0; uid 65534 may only read it"), afterwards.error)
    }

    /// A prompt for one user is that user's (and its asker's, and 0's) to
    /// read: a third uid's Get, GetManagedObjects and method calls do not
    /// show it, and its signals go to the readers' connections alone.
    func testForUIDKeepsThePromptFromAThirdUIDsEyes() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to run a command as another uid") }
        let items = ("items", titles([["start", "stop"]]))
        for (name, prompt) in [("other", [("for_uid", DBusValue.uint32(1_234))]), ("mine", [("for_uid", .uint32(65_534))]), ("open", [])] {
            try call(root, managerInterface, "CreatePicker", [.string(name), options([items, ("prompt", options(prompt))])])
        }
        let asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        let title = try runCommand(asNobody[0], Array(asNobody.dropFirst()) + ["/usr/bin/busctl", "--address=\(bus.address)", "get-property", busName,
                                                                            "\(root)/picker/other", "org.rxwidgets.Widgets1.Prompt", "State"])
        XCTAssertNotEqual(title.status, 0)
        XCTAssertTrue(title.error.contains("Access denied"), title.error)
        let titles = try runAsNobody(["select", "other", "stop"])
        XCTAssertTrue(titles.error.contains("may be read by uid 0, 1234 only"), titles.error)
        let managed = try runCommand(asNobody[0], Array(asNobody.dropFirst()) + ["/usr/bin/busctl", "--address=\(bus.address)", "call", busName, root,
                                                                              "org.freedesktop.DBus.ObjectManager", "GetManagedObjects"])
        XCTAssertEqual(managed.status, 0, managed.error)
        XCTAssertTrue(managed.output.contains("picker/mine") && managed.output.contains("picker/open") && !managed.output.contains("picker/other"), managed.output)

        // A watcher of uid 65534 hears the open prompt and its own, not the one for uid 1234.
        let heard = bus.directory.appendingPathComponent("heard")
        _ = FileManager.default.createFile(atPath: heard.path, contents: nil)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: heard.path)
        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: asNobody[0])
        watch.arguments = Array(asNobody.dropFirst()) + [frontEndExecutable, "watch", "--address", bus.address]
        watch.standardOutput = try FileHandle(forWritingTo: heard)
        try watch.run()
        defer { watch.terminate() }
        let read = { (try? String(contentsOf: heard, encoding: .utf8)) ?? "" }
        XCTAssertTrue(waitUntil(timeout: 10) {
            _ = try? self.call("\(root)/picker/open", pickerInterface, "SelectRow", [.int32(1), .int32(0)])
            _ = try? self.call("\(root)/picker/open", pickerInterface, "SelectRow", [.int32(0), .int32(0)])
            return read().contains("picker/open ItemSelected")
        }, "the watcher is listening: \(read())")
        // Made while the watcher listens: not even its InterfacesAdded reaches uid 65534.
        try call(root, managerInterface, "CreatePicker", [.string("later"), options([items, ("prompt", options([("for_uid", .uint32(1_234))]))])])
        try call(root, managerInterface, "CreatePicker", [.string("own"), options([items, ("transient", .boolean(true)), ("private", .boolean(true))])])
        for name in ["other", "mine", "later", "own"] {
            try call("\(root)/picker/\(name)", pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        }
        try call("\(root)/picker/open", pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        XCTAssertTrue(waitUntil(timeout: 10) { read().contains("picker/mine ItemSelected row=1") && read().hasSuffix("picker/open ModelSelected models=[\"stop\"]\n") }, read())
        for hidden in ["picker/other", "picker/later", "picker/own"] {
            XCTAssertFalse(read().contains(hidden), "nothing of \(hidden) reached uid 65534: \(read())")
        }
        let privateRead = try runCommand(asNobody[0], Array(asNobody.dropFirst()) + ["/usr/bin/busctl", "--address=\(bus.address)", "get-property", busName,
                                                                                  "\(root)/picker/own", pickerInterface, "RowCounts"])
        XCTAssertTrue(privateRead.error.contains("Access denied"), "a private picker is its owner's to read: \(privateRead.error)")
        XCTAssertEqual(error(root, managerInterface, "CreatePicker", [.string("kept"), options([("private", .boolean(true))])])?.name,
                       "org.freedesktop.DBus.Error.InvalidArgs", "only a transient picker is private")
    }

    /// A user's agent offers what that user may answer: root's prompts
    /// and its own, not a prompt for a third uid nor another user's.
    func testAUsersAgentOffersOnlyWhatItMayAnswer() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to run a command as another uid") }
        let items = ("items", titles([["start", "stop"]]))
        for (name, prompt) in [("forThird", [("for_uid", DBusValue.uint32(1_234)), ("title", .string("For uid 1234"))]),
                               ("forNobody", [("for_uid", .uint32(65_534)), ("title", .string("For nobody"))])] {
            try call(root, managerInterface, "CreatePicker", [.string(name), options([items, ("prompt", options(prompt))])])
        }
        // uid 2 (bin): a uid the bus knows, so it may be answered (one without a passwd entry is not).
        let theirs = try runCommand("/usr/bin/setpriv", ["--reuid=2", "--regid=2", "--clear-groups", frontEndExecutable, "confirm", "Of uid 2?", "--no-wait", "--name", "theirs"],
                                    environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8", "HOME": "/tmp"])
        XCTAssertEqual(theirs.status, 0, theirs.error)
        let agent = try TerminalSession(["agent"], address: bus.address, columns: 100, runAs: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
        agent.waitForScreen("For nobody — uid 0")
        XCTAssertFalse(agent.screen.contains("For uid 1234") || agent.screen.contains("Of uid 2?"), agent.screen)
        agent.send("Enter")
        agent.waitForScreen("stop")
        agent.send("Down", "Enter")
        XCTAssertEqual(agent.exitStatus(), 0, agent.error + agent.screen)
        XCTAssertEqual(try property("\(root)/picker/forNobody", "org.rxwidgets.Widgets1.Prompt", "Answer"), .variant(.array(element: .string, [.string("stop")])))
    }

    /// An asker of another uid may keep only so many questions waiting.
    func testAnotherUIDsWaitingPromptsAreBounded() throws {
        for name in ["q1", "q2"] {
            let asked = try runAsNobody(["confirm", "Again?", "--no-wait", "--name", name])
            XCTAssertEqual(asked.status, 0, asked.error)
        }
        let third = try runAsNobody(["confirm", "Again?", "--no-wait", "--name", "q3"])
        XCTAssertEqual(third.status, 3, third.error)
        XCTAssertTrue(third.error.contains("uid 65534 has 2 prompts waiting; the limit per uid is 2"), third.error)
        XCTAssertEqual(try property(root, managerInterface, "Prompts")?.arrayElements?.count, 2)
    }

    /// The scene of a cron job and a person: jobs without a terminal ask,
    /// an agent in a terminal shows each question as it comes, the person
    /// answers there, and each job prints its answer.
    func testAnAgentInATerminalAnswersJobsThatHaveNone() throws {
        let agent = try TerminalSession(["agent", "--watch"], address: bus.address)
        let deploy = try Job(["confirm", "Deploy to production?", "--name", "deploy"], bus: bus)
        agent.waitForScreen("Deploy to production?", timeout: 20)
        agent.send("Enter")
        XCTAssertEqual(deploy.status(within: 20), 0, "the affirmative, chosen at the agent: \(deploy.said)")

        let name = try Job(["input", "--prompt", "Your name?", "--name", "who"], bus: bus)
        agent.waitForScreen("Your name?", timeout: 20)
        agent.type("Ada")
        agent.send("Enter")
        XCTAssertEqual(name.status(within: 20), 0, name.said + agent.screen)
        XCTAssertEqual(name.printed, "Ada\n")

        // Another agent answers first: the screen closes and says who did.
        let raced = try Job(["confirm", "Restart?", "--name", "restart"], bus: bus)
        agent.waitForScreen("Restart?", timeout: 20)
        XCTAssertEqual(try run(["answer", "restart", "no"]).status, 0)
        XCTAssertEqual(raced.status(within: 20), 1, "the negative, answered by the other agent")
        XCTAssertTrue(waitUntil(timeout: 10) { agent.error.contains("\(root)/picker/restart: answered by uid \(getuid()) (rxwidgets)") }, agent.error)
        XCTAssertFalse(agent.screen.contains("Restart?"), agent.screen)
        agent.send("C-c")
        XCTAssertEqual(agent.exitStatus(), 130)
    }

    /// An agent that shows a prompt and never answers holds nothing up: it
    /// counts the asker's deadline down, which passes, the job exits 124
    /// with its default, and the agent's screen closes saying so.
    func testAnAgentThatNeverAnswersLetsTheDeadlinePass() throws {
        let agent = try TerminalSession(["agent", "--watch"], address: bus.address)
        let job = try Job(["choose", "--timeout", "4", "--default", "cherry", "--name", "idle", "apple", "banana", "cherry"], bus: bus)
        agent.waitForScreen("Choose one", timeout: 20)
        agent.waitForScreen("s · then \"cherry\"")
        XCTAssertEqual(job.status(within: 20), 124, job.said)
        XCTAssertEqual(job.printed, "cherry\n")
        XCTAssertTrue(waitUntil(timeout: 10) { agent.error.contains("\(root)/picker/idle: it timed out") }, agent.error)
        agent.send("C-c")
        XCTAssertEqual(agent.exitStatus(), 130)
    }

    func testAnAgentListsTheWaitingPromptsAndAnswersTheOneChosen() throws {
        XCTAssertEqual(try run(["confirm", "Reboot now?", "--no-wait", "--name", "reboot"]).status, 0)
        XCTAssertEqual(try run(["choose", "--header", "Which shell?", "--no-wait", "--name", "shell", "bash", "zsh", "fish"]).status, 0)
        let agent = try TerminalSession(["agent"], address: bus.address, columns: 100)
        agent.waitForScreen("Waiting prompts")
        XCTAssertTrue(agent.screen.contains("Reboot now? — uid \(getuid())"), agent.screen)
        XCTAssertTrue(agent.screen.contains("Which shell? — uid \(getuid())"), agent.screen)
        agent.send("Down")
        agent.send("Enter")
        agent.waitForScreen("fish")
        agent.send("Down")
        agent.send("Enter")
        XCTAssertEqual(agent.exitStatus(), 0, agent.error)
        XCTAssertEqual(try run(["result", "shell"]).output, "zsh\n")
        XCTAssertEqual(try property("\(root)/picker/reboot", "org.rxwidgets.Widgets1.Prompt", "State"), .string("waiting"), "the other one still waits")
    }

    /// Preseeding, as debconf-set-selections: one file answers three jobs.
    func testAnAnswerFileAnswersThreePrompts() throws {
        let confirm = try Job(["confirm", "Proceed?", "--name", "go"], bus: bus)
        let shell = try Job(["choose", "--name", "shell", "bash", "zsh", "fish"], bus: bus)
        let form = try Job(["form", "sign-up", "--json", "--name", "account"], bus: bus)
        for path in ["picker/go", "picker/shell", "form/account"] {
            XCTAssertTrue(waitForPrompt("\(root)/\(path)"), path)
        }
        let file = bus.directory.appendingPathComponent("answers.json")
        try #"{"go": "no", "shell": ["fish"], "account": {"username": "ada_l", "password": "s3cret!!", "repeatPassword": "s3cret!!"}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let answered = try run(["answer", "--file", file.path])
        XCTAssertEqual(answered.status, 0, answered.error)
        XCTAssertEqual(confirm.status(within: 20), 1, "the negative")
        XCTAssertEqual(shell.status(within: 20), 0)
        XCTAssertEqual(shell.printed, "fish\n")
        XCTAssertEqual(form.status(within: 20), 0, form.said)
        XCTAssertEqual(form.printed, #"{"username":"ada_l","password":"s3cret!!","repeatPassword":"s3cret!!"}"# + "\n")

        try #"{"nobody": "yes", "also": 3}"#.write(to: file, atomically: true, encoding: .utf8)
        let unknown = try run(["answer", "--file", file.path])
        XCTAssertEqual(unknown.status, 3)
        XCTAssertTrue(unknown.error.contains("2 of 2 prompts not answered") && unknown.error.contains("no waiting prompt is named 'nobody'"), unknown.error)
        try "[1, 2".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["answer", "--file", file.path]).status, 2, "not JSON: a usage error")
    }

    /// `--keep NAME`: a half-filled form outlives its front end (SIGKILL)
    /// and comes back with its values when the same command runs again.
    func testAKeptFormResumesAfterItsFrontEndIsKilled() throws {
        let first = try TerminalSession(["form", "sign-up", "--keep", "signup"], address: bus.address)
        first.waitForScreen("› Username")
        first.type("ada_l")
        XCTAssertTrue(waitUntil(timeout: 10) {
            (try? self.property("\(root)/form/signup", "org.rxwidgets.Widgets1.Form", "Values"))?.description.contains("ada_l") == true
        }, "the value reached the daemon")
        let pid = try XCTUnwrap(first.pid)
        kill(pid, SIGKILL)
        XCTAssertNotNil(first.exitStatus())
        XCTAssertEqual(try property("\(root)/form/signup", "org.rxwidgets.Widgets1.Prompt", "State"), .string("waiting"), "the prompt outlives its front end")

        try resumeSignUp(on: bus)
        XCTAssertEqual(try property(root, managerInterface, "Widgets"), .array(element: .objectPath, []), "answered, the kept prompt is gone")
    }
}

/// A kept prompt across a daemon upgrade: `rxwidgetsd --replace` takes the
/// state over, and the command run again resumes the half-filled form.
final class KeptPromptRestartTests: DaemonTestCase {
    private lazy var stateDirectory = bus.directory.appendingPathComponent("state").path

    override var daemonArguments: [String] { ["--state-dir", stateDirectory] }

    func testAKeptFormResumesAfterTheDaemonIsReplaced() throws {
        let asked = try runCommand(frontEndExecutable, ["form", "sign-up", "--keep", "signup", "--no-wait"], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8"])
        XCTAssertEqual(asked.status, 0, asked.error)
        try call("\(root)/form/signup", "org.rxwidgets.Widgets1.Form", "SetValues", [options([("username", .string("ada_l")), ("password", .string("s3cret!!"))]), .uint64(0)])

        let replacement = try Daemon(bus: bus, arguments: ["--state-dir", stateDirectory, "--replace"])
        defer { XCTAssertEqual(replacement.stop(), 0, replacement.log) }
        XCTAssertEqual(daemon.stop(), 0, "the replaced daemon hands over and exits")
        XCTAssertTrue(waitUntil(timeout: 20) { (try? self.property("\(root)/form/signup", "org.rxwidgets.Widgets1.Prompt", "State")) == .string("waiting") }, replacement.log)

        try resumeSignUp(on: bus)
    }
}

/// Runs `form sign-up --keep signup` again, finds the username kept, types
/// the passwords (a secret is never kept) and submits.
private func resumeSignUp(on bus: PrivateBus, file: StaticString = #filePath, line: UInt = #line) throws {
    let again = try TerminalSession(["form", "sign-up", "--keep", "signup"], address: bus.address)
    again.waitForScreen("ada_l", file: file, line: line)
    for _ in 0..<2 {
        again.send("Tab")
        again.type("s3cret!!")
    }
    again.send("Tab")
    again.waitForScreen("› [ Submit ]", file: file, line: line)
    again.send("Enter")
    XCTAssertEqual(again.exitStatus(), 0, again.error, file: file, line: line)
    XCTAssertEqual(again.output, "username=ada_l\npassword=s3cret!!\nrepeatPassword=s3cret!!\n", file: file, line: line)
}
