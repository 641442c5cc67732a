import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import XCTest

private let promptInterface = "org.rxwidgets.Widgets1.Prompt"

/// A widget created with the option `prompt` (API.md, "Prompt"): a question
/// any allowed front end finishes — the first one wins — or a deadline does.
final class PromptTests: DaemonTestCase {
    private let fruit = "\(root)/picker/fruit"

    private func fields(_ value: DBusValue?) -> [DBusValue] {
        if case .structure(let fields)? = value { return fields }
        return []
    }

    override var daemonArguments: [String] { super.daemonArguments + ["--max-waiting-prompts", "2"] }

    private func createFruit(_ prompt: [(String, DBusValue)]) throws {
        try call(root, managerInterface, "CreatePicker", [.string("fruit"), options([
            ("items", titles([["apple", "banana", "cherry"], ["small", "large"]])), ("prompt", options(prompt)),
        ])])
    }

    func testTheFirstFinishAnswersWithTheSelectionAndALaterOneIsRefused() throws {
        try createFruit([("title", .string("Which fruit?")), ("message", .string("Pick one"))])
        XCTAssertEqual(try property(root, managerInterface, "Prompts"), .array(element: .objectPath, [.objectPath(ObjectPath(fruit)!)]))
        XCTAssertEqual(try property(fruit, promptInterface, "Title"), .string("Which fruit?"))
        XCTAssertEqual(try property(fruit, promptInterface, "State"), .string("waiting"))
        XCTAssertEqual(try property(fruit, promptInterface, "AnsweredBy"), .structure([.uint32(0), .string("")]))
        let asker = try property(fruit, promptInterface, "Asker")
        XCTAssertEqual(fields(asker).first, .uint32(getuid()))
        XCTAssertEqual(fields(asker).dropFirst().first, .uint32(UInt32(getpid())), "the asker's process, as the bus tells it")
        try call(fruit, pickerInterface, "SelectRow", [.int32(2), .int32(0)])
        _ = takeEvents()
        try call(fruit, promptInterface, "Finish")
        let events = takeEvents()
        XCTAssertEqual(events, [
            "PropertiesChanged Picker Revision", "PropertiesChanged Prompt State,Answer,AnsweredBy",
            "PropertiesChanged Manager Prompts", "Finished('answered', <['cherry', 'small']>)", "reply",
        ])
        XCTAssertEqual(try property(fruit, promptInterface, "State"), .string("answered"))
        XCTAssertEqual(try property(fruit, promptInterface, "Answer"), .variant(.array(element: .string, [.string("cherry"), .string("small")])))
        let answeredBy = try property(fruit, promptInterface, "AnsweredBy")
        XCTAssertEqual(fields(answeredBy).first, .uint32(getuid()))
        XCTAssertFalse(fields(answeredBy).last?.stringValue?.isEmpty ?? true, "the answering process is named")
        XCTAssertEqual(try property(root, managerInterface, "Prompts"), .array(element: .objectPath, []))

        let again = error(fruit, promptInterface, "Finish")
        XCTAssertEqual(again?.name, "org.rxwidgets.Widgets1.Error.AlreadyFinished")
        XCTAssertTrue(again?.message.hasPrefix("Finish: the prompt of picker 'fruit' is answered by uid \(getuid())") == true, again?.message ?? "")
        XCTAssertEqual(error(fruit, promptInterface, "Cancel")?.name, "org.rxwidgets.Widgets1.Error.AlreadyFinished")
        XCTAssertEqual(try property(fruit, promptInterface, "Answer"), .variant(.array(element: .string, [.string("cherry"), .string("small")])), "the first answer stays")
    }

    func testADeadlineFinishesItTimedOutWithTheDefault() throws {
        try createFruit([("timeout", .uint32(200)), ("default", .variant(.array(element: .string, [.string("apple")])))])
        let deadline = try property(fruit, promptInterface, "Deadline")
        XCTAssertNotEqual(deadline, .uint64(0))
        XCTAssertTrue(waitUntil(timeout: 5) { self.events.contains { $0.hasPrefix("Finished('timedOut'") } }, "\(events)")
        XCTAssertEqual(try property(fruit, promptInterface, "State"), .string("timedOut"))
        XCTAssertEqual(try property(fruit, promptInterface, "Answer"), .variant(.array(element: .string, [.string("apple")])))
        XCTAssertEqual(try property(fruit, promptInterface, "AnsweredBy"), .structure([.uint32(0), .string("")]))
    }

    func testADeadlineAlreadyPastTimesItOutAtOnceAndTheLatestOneNever() throws {
        try createFruit([("deadline", .uint64(1))])
        XCTAssertEqual(try property(fruit, promptInterface, "State"), .string("timedOut"), "past when asked: over before anyone could answer")
        XCTAssertEqual(try property(root, managerInterface, "Prompts"), .array(element: .objectPath, []))
        try call(root, managerInterface, "CreatePicker", [.string("never"), options([("prompt", options([("deadline", .uint64(.max))]))])])
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(300))
        XCTAssertEqual(try property("\(root)/picker/never", promptInterface, "State"), .string("waiting"))
        XCTAssertEqual(try property("\(root)/picker/never", promptInterface, "Deadline"), .uint64(.max))
    }

    func testMovingTheDeadlineIntoThePastTimesItOutAndCancelEndsIt() throws {
        try createFruit([("deadline", .uint64(UInt64.max))])
        try call(fruit, promptInterface, "SetDeadline", [.uint64(1)])
        XCTAssertTrue(waitUntil(timeout: 5) { self.events.contains { $0.hasPrefix("Finished('timedOut'") } }, "\(events)")
        XCTAssertEqual(try property(fruit, promptInterface, "Answer"), .variant(.array(element: .string, [.string("apple"), .string("small")])), "no default: the widget's state")

        try call(root, managerInterface, "CreateForm", [.string("later"), .string("sign-up"), options([("prompt", options([]))])])
        try call("\(root)/form/later", promptInterface, "Cancel")
        XCTAssertEqual(try property("\(root)/form/later", promptInterface, "State"), .string("cancelled"))
    }

    func testAnInvalidFormIsNotFinishedAndAValidOnesSecretIsRedactedInTheSignal() throws {
        let form = "\(root)/form/signup"
        try call(root, managerInterface, "CreateForm", [.string("signup"), .string("sign-up"), options([("prompt", options([("title", .string("Sign up"))]))])])
        XCTAssertEqual(error(form, promptInterface, "Finish")?.name, "org.rxwidgets.Widgets1.Error.ValidationFailed")
        XCTAssertEqual(try property(form, promptInterface, "State"), .string("waiting"), "a refused Finish changes nothing")
        try call(form, formInterface, "SetValues", [options([
            ("username", .string("ada_l")), ("password", .string("s3cret!!")), ("repeatPassword", .string("s3cret!!")),
        ]), .uint64(0)])
        _ = takeEvents()
        try call(form, promptInterface, "Finish")
        let finished = takeEvents().first { $0.hasPrefix("Finished(") } ?? ""
        XCTAssertTrue(finished.contains("'ada_l'"), finished)
        XCTAssertFalse(finished.contains("s3cret"), "a broadcast never carries a secret: \(finished)")
        let answer = try property(form, promptInterface, "Answer")
        XCTAssertTrue(answer?.description.contains("s3cret") == true, "the owner reads the whole answer: \(answer?.description ?? "")")
    }

    func testWrongPromptOptionsAreRefusedNamingThemAndCreateNothing() throws {
        let cases: [([(String, DBusValue)], String)] = [
            ([("title", .int32(1))], "options 'prompt': key 'title' expects 's'"),
            ([("colour", .string("red"))], "options 'prompt'"),
            ([("deadline", .uint64(5)), ("timeout", .uint32(5))], "not both"),
            ([("title", .string(String(repeating: "t", count: 65_537)))], "options 'prompt' 'title'"),
            // The default is the kind's answer, not any value: one wrapped in 30 variants is not.
            ([("default", (0..<30).reduce(DBusValue.array(element: .string, [.string("a")])) { inner, _ in .variant(inner) })], "options 'prompt' 'default': a picker's answer is 'as', got 'v'"),
            ([("default", .variant(.int32(2)))], "options 'prompt' 'default': a picker's answer is 'as', got 'i'"),
        ]
        for (prompt, named) in cases {
            let refused = error(root, managerInterface, "CreatePicker", [.string("fruit"), options([("prompt", options(prompt))])])
            XCTAssertNotNil(refused, "\(prompt.map(\.0))")
            XCTAssertTrue(refused?.message.contains(named) == true, "\(refused?.message.prefix(300) ?? "")")
        }
        XCTAssertEqual(try property(root, managerInterface, "Widgets"), .array(element: .objectPath, []))
        XCTAssertEqual(try property(root, managerInterface, "Prompts"), .array(element: .objectPath, []))
    }

    func testWaitingPromptsOfAUIDAreBounded() throws {
        for name in ["one", "two", "three"] {
            let created = Result { try call(root, managerInterface, "CreatePicker", [.string(name), options([("prompt", options([("for_uid", .uint32(65_534))]))])]) }
            if name == "three" {
                XCTAssertThrowsError(try created.get()) { XCTAssertTrue("\($0)".contains("uid 65534 has 2 prompts waiting; the limit per uid is 2"), "\($0)") }
            } else {
                XCTAssertNoThrow(try created.get())
            }
        }
        try call("\(root)/picker/one", promptInterface, "Cancel")
        XCTAssertNoThrow(try call(root, managerInterface, "CreatePicker", [.string("three"), options([("prompt", options([("for_uid", .uint32(65_534))]))])]), "a finished prompt no longer counts")
    }
}

/// 10,000 prompts asked by one uid against the default limits: the
/// waiting-prompt bound refuses all but 64, each refusal named, and the
/// daemon keeps answering the others.
final class ManyPromptsTests: DaemonTestCase {
    func testTenThousandPromptsOfOneUIDStopAtItsBound() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to run a command as another uid") }
        let script = """
        import collections, dbus, sys
        bus = dbus.bus.BusConnection(sys.argv[1])
        manager = dbus.Interface(bus.get_object("\(busName)", "\(root)"), "\(managerInterface)")
        outcomes = collections.Counter()
        for n in range(10000):
            options = dbus.Dictionary({"prompt": dbus.Dictionary({"title": "Question %d?" % n}, signature="sv")}, signature="sv")
            try:
                manager.CreatePicker("q%d" % n, options)
                outcomes["created"] += 1
            except dbus.exceptions.DBusException as error:
                outcomes[error.get_dbus_name() + " " + error.get_dbus_message()] += 1
        for outcome, count in sorted(outcomes.items()):
            print(count, outcome)
        """
        let started = Date()
        let asked = Process()
        asked.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        asked.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script, bus.address]
        let output = Pipe()
        asked.standardOutput = output
        try asked.run()
        // Root's calls are answered while the other uid asks.
        var slowest = 0.0
        while asked.isRunning {
            let ping = Date()
            _ = try call(root, "org.freedesktop.DBus.Peer", "Ping")
            slowest = max(slowest, Date().timeIntervalSince(ping))
            usleep(20_000)
        }
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        print("10,000 CreatePicker with a prompt from uid 65534: \(String(format: "%.1f", Date().timeIntervalSince(started))) s; slowest Ping of root meanwhile \(String(format: "%.1f", slowest * 1_000)) ms")
        XCTAssertEqual(said, "64 created\n9936 org.rxwidgets.Widgets1.Error.LimitExceeded options 'prompt': uid 65534 has 64 prompts waiting; the limit per uid is 64\n")
        XCTAssertEqual(try property(root, managerInterface, "Prompts")?.arrayElements?.count, 64)
        XCTAssertLessThan(slowest, 1.0, "root is answered while another uid asks 10,000 times")
    }
}
