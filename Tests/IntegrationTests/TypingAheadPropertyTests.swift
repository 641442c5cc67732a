import BusTestSupport
import DBus
import Foundation
import FrontEndCore
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine
import XCTest

/// The ordering rule as a property (docs/behaviour.md, "Typing ahead"):
/// for each screen kind and both front ends' inputs — the terminal's keys,
/// GTK's keys (keysyms), clicks, check boxes, queries and controls —
/// random sequences delivered all at once give exactly the outcome and
/// daemon state the same inputs give one at a time, the screen settled
/// between them. Each kind runs `sequences` seeded sequences on the daemon.
final class TypingAheadPropertyTests: DaemonTestCase {
    private let sequences = Int(ProcessInfo.processInfo.environment["RXWIDGETS_TYPING_SEQUENCES"] ?? "") ?? 500
    private var widgetsClient: WidgetsClient!
    private var made = 0

    override func setUpWithError() throws {
        try super.setUpWithError()
        widgetsClient = try WidgetsClient(address: bus.address)
    }

    /// A front end of nothing but the core: its outcome is recorded.
    private final class Host: ScreenHost {
        let rows = 12
        var outcome: Outcome?
        func finish(_ outcome: Outcome) {
            if self.outcome == nil {
                self.outcome = outcome
            }
        }
        func modelChanged() {}
        func daemonAway(_ isAway: Bool) {}
    }

    private func nextName() -> String {
        made += 1
        return "typing_\(made)"
    }

    /// Delivers `inputs` in one burst or one at a time, waiting for the
    /// screen to settle after each; the outcome and the daemon's state then.
    private func run<Model>(_ inputs: [Model.Message], burst: Bool, program: Program<Model>, host: Host, isSettled: @escaping () -> Bool,
                            state: () throws -> String) throws -> String {
        func settle() {
            let settled = MainLoop.shared.run(while: { host.outcome == nil && (program.hasWaitingInput || !isSettled()) }, timeout: .seconds(20))
            XCTAssertTrue(settled, "the screen settles")
        }
        settle()
        if burst {
            inputs.forEach(program.input)
            settle()
        } else {
            for input in inputs where host.outcome == nil {
                program.input(input)
                settle()
            }
        }
        return "\(host.outcome.map { String(describing: $0) } ?? "going on") \(try state())"
    }

    private func check<Model>(_ kind: String, generate: (inout SeededGenerator) -> [Model.Message],
                              make: (Host) throws -> (program: Program<Model>, keep: AnyObject, isSettled: () -> Bool, state: () throws -> String, destroy: () throws -> Void)) throws {
        var random = SeededGenerator(for: "\(name) \(kind)")
        for sequence in 0..<sequences {
            let inputs = generate(&random)
            var results: [String] = []
            for burst in [true, false] {
                let host = Host()
                let screen = try make(host)
                results.append(try withExtendedLifetime(screen.keep) {
                    try run(inputs, burst: burst, program: screen.program, host: host, isSettled: screen.isSettled, state: screen.state)
                })
                try screen.destroy()
            }
            guard results[0] == results[1] else {
                return XCTFail("\(kind) sequence \(sequence) (seed \(random.seed)): \(inputs)\n  in one burst: \(results[0])\n  one at a time: \(results[1])")
            }
        }
    }

    // MARK: Pickers

    private let fruit = ["apple", "banana", "cherry", "date", "elderberry", "fig", "grape"]

    private func picker(_ host: Host) throws -> (program: Program<PickerModel>, keep: AnyObject, isSettled: () -> Bool, state: () throws -> String, destroy: () throws -> Void) {
        let picker = try CommandWidgets.choicePicker(widgetsClient, named: nextName(), titles: fruit, selected: nil)
        let core = PickerProgram(picker: picker, host: host, purpose: .choose, header: nil, height: nil)
        return (core.program, core, { core.model.isSettled }, {
            try picker.refresh()
            return "rows=\(picker.selectedRows) filter=\(picker.filter)"
        }, { try picker.destroy() })
    }

    func testPickerKeysInABurstAsOneAtATime() throws {
        let keys: [Key] = [.up, .down, .down, .pageDown, .home, .end, .character("/"), .character("a"), .character("e"), .character("r"),
                           .backspace, .tab, .character("j"), .character("k")]
        try check("terminal picker", generate: { random in
            sequence(&random) { random in
                if Int.random(in: 0..<25, using: &random) == 0 { return .key([.enter, .escape].randomElement(using: &random)!, rows: 12) }
                return .key(keys.randomElement(using: &random)!, rows: 12)
            }
        }, make: picker)
    }

    func testPickerGtkInputsInABurstAsOneAtATime() throws {
        let keysyms: [UInt32] = [0xff52, 0xff54, 0xff54, 0xff55, 0xff56, 0xff50, 0xff57, 0x20]
        try check("GTK picker", generate: { random in
            sequence(&random) { random in
                switch Int.random(in: 0..<20, using: &random) {
                case 0: return .key(Key(keysym: 0xff0d)!, rows: 12)
                case 1: return .activated(row: Int.random(in: 0..<7, using: &random), component: 0)
                case 2...5: return .clicked(row: Int.random(in: 0..<7, using: &random), component: 0)
                case 6...9: return .setQuery(["", "a", "an", "e", "rr", "ap", "zz"].randomElement(using: &random)!)
                default: return .key(Key(keysym: keysyms.randomElement(using: &random)!)!, rows: 12)
                }
            }
        }, make: picker)
    }

    // MARK: Tables (choose --limit 2)

    private func table(_ host: Host) throws -> (program: Program<TableModel>, keep: AnyObject, isSettled: () -> Bool, state: () throws -> String, destroy: () throws -> Void) {
        let table = try CommandWidgets.choiceTable(widgetsClient, named: nextName(), labels: fruit, selected: nil)
        let core = TableProgram(table: table, host: host, purpose: .choose, header: nil, height: nil, limit: 2)
        return (core.program, core, { core.model.isSettled }, {
            try table.refresh()
            return "selected=\(table.indexPathsForSelectedRows.sorted()) filter=\(table.filter)"
        }, { try table.destroy() })
    }

    func testTableKeysInABurstAsOneAtATime() throws {
        let keys: [Key] = [.up, .down, .down, .character(" "), .character(" "), .character("/"), .character("a"), .character("e"),
                           .backspace, .selectAll, .end, .home]
        try check("terminal table", generate: { random in
            sequence(&random) { random in
                if Int.random(in: 0..<25, using: &random) == 0 { return .key([.enter, .escape].randomElement(using: &random)!, rows: 12) }
                return .key(keys.randomElement(using: &random)!, rows: 12)
            }
        }, make: table)
    }

    func testTableGtkInputsInABurstAsOneAtATime() throws {
        let keys: [Key] = [Key(keysym: 0xff52)!, Key(keysym: 0xff54)!, Key(keysym: 0x20)!, Key(keysym: 0x61, control: true)!, Key(keysym: 0xff57)!]
        try check("GTK table", generate: { random in
            sequence(&random) { random in
                switch Int.random(in: 0..<20, using: &random) {
                case 0: return .activated(position: Int.random(in: 0..<7, using: &random))
                case 1...4: return .toggled(position: Int.random(in: 0..<7, using: &random))
                case 5...6: return .clicked(position: Int.random(in: 0..<7, using: &random))
                case 7...9: return .setQuery(["", "a", "an", "e", "rr", "zz"].randomElement(using: &random)!)
                default: return .key(keys.randomElement(using: &random)!, rows: 12)
                }
            }
        }, make: table)
    }

    // MARK: Forms

    private static let spec = #"""
    {"fields": [
      {"name": "name", "kind": "text", "label": "Name", "rules": {"required": true, "minLength": 2}},
      {"name": "news", "kind": "switch", "label": "News", "initial": false},
      {"name": "size", "kind": "choice", "label": "Size", "options": ["S", "M", "L"], "initial": "M"},
      {"name": "tone", "kind": "choice", "label": "Tone", "options": ["warm", "cool"], "initial": "notSelected", "rules": {"required": true}},
      {"name": "count", "kind": "stepper", "label": "Count", "initial": 1, "rules": {"min": 0, "max": 3, "step": 1}}
    ],
    "buttons": [{"name": "warm", "field": "tone", "value": "warm"}, {"name": "cool", "field": "tone", "value": "cool"}]}
    """#

    private func form(_ host: Host) throws -> (program: Program<FormModel>, keep: AnyObject, isSettled: () -> Bool, state: () throws -> String, destroy: () throws -> Void) {
        let form = try widgetsClient.createForm(nextName(), spec: Self.spec, transient: true)
        // Typed text is sent at most every 2 ms: one at a time waits for each send to settle.
        let core = FormProgram(form: form, host: host, purpose: .submit, header: nil, textInterval: 2_000_000)
        return (core.program, core, { core.model.isSettled }, {
            try form.refresh()
            return "values=\(form.values.sorted { $0.key < $1.key }.map { "\($0.key)=\(ValueText.plain($0.value))" })"
        }, { try form.destroy() })
    }

    func testFormKeysInABurstAsOneAtATime() throws {
        let keys: [Key] = [.character("a"), .character("b"), .backspace, .tab, .tab, .backTab, .character(" "), .left, .right, .right, .down, .up]
        try check("terminal form", generate: { random in
            sequence(&random) { random in
                switch Int.random(in: 0..<25, using: &random) {
                case 0: return .key(.escape)
                case 1...2: return .key(.enter)
                default: return .key(keys.randomElement(using: &random)!)
                }
            }
        }, make: form)
    }

    func testFormGtkInputsInABurstAsOneAtATime() throws {
        try check("GTK form", generate: { random in
            sequence(&random) { random in
                switch Int.random(in: 0..<14, using: &random) {
                case 0: return .submitRequested
                case 1...3: return .edited(field: "name", text: ["", "a", "ab", "abc", "x"].randomElement(using: &random)!)
                case 4...5: return .chose(field: "news", value: .boolean(Bool.random(using: &random)))
                case 6...7: return .chose(field: "size", value: .string(["S", "M", "L"].randomElement(using: &random)!))
                case 8...10: return .tapped(field: "tone", button: ["warm", "cool"].randomElement(using: &random)!)
                default: return .stepped(field: "count", up: Bool.random(using: &random))
                }
            }
        }, make: form)
    }

    // MARK: Pages and items

    private static let pagedSpec = #"""
    {"fields": [
      {"name": "name", "kind": "text", "label": "Name", "rules": {"required": true}},
      {"name": "more", "kind": "switch", "label": "More"},
      {"name": "extra", "kind": "text", "label": "Extra"},
      {"name": "rows", "kind": "array", "label": "Row", "max": 3, "item": [
        {"name": "a", "kind": "text", "label": "A"},
        {"name": "on", "kind": "switch", "label": "On"}
      ]}
    ],
    "pages": [
      {"title": "One", "fields": ["name", "more"]},
      {"title": "Two", "fields": ["extra"], "visibleWhen": {"field": "more", "equals": true}},
      {"title": "Three", "fields": ["rows"]}
    ]}
    """#

    private func pagedForm(_ host: Host) throws -> (program: Program<FormModel>, keep: AnyObject, isSettled: () -> Bool, state: () throws -> String, destroy: () throws -> Void) {
        let form = try widgetsClient.createForm(nextName(), spec: Self.pagedSpec, transient: true)
        let core = FormProgram(form: form, host: host, purpose: .submit, header: nil, textInterval: 2_000_000)
        return (core.program, core, { core.model.isSettled }, {
            try form.refresh()
            return "page=\(form.page) values=\(form.values.sorted { $0.key < $1.key }.map { "\($0.key)=\(ValueText.plain($0.value))" })"
        }, { try form.destroy() })
    }

    func testPagedFormWithItemsKeysInABurstAsOneAtATime() throws {
        let keys: [Key] = [.character("a"), .character("+"), .character("-"), .character(" "), .tab, .backTab, .down, .up, .pageDown, .pageUp, .altUp, .altDown, .backspace]
        try check("terminal form of pages and items", generate: { random in
            sequence(&random) { random in
                switch Int.random(in: 0..<30, using: &random) {
                case 0: return .key(.escape)
                case 1...3: return .key(.enter)
                default: return .key(keys.randomElement(using: &random)!)
                }
            }
        }, make: pagedForm)
    }

    func testPagedFormWithItemsGtkInputsInABurstAsOneAtATime() throws {
        try check("GTK form of pages and items", generate: { random in
            sequence(&random) { random in
                switch Int.random(in: 0..<16, using: &random) {
                case 0...1: return .submitRequested
                case 2: return .previousPageRequested
                case 3...4: return .edited(field: "name", text: ["", "a", "ab"].randomElement(using: &random)!)
                case 5...6: return .chose(field: "more", value: .boolean(Bool.random(using: &random)))
                case 7...8: return .itemsEdited(.addItem("rows"))
                case 9: return .itemsEdited(.removeItem(field: "rows", index: Int.random(in: 0...1, using: &random)))
                case 10: return .itemsEdited(.moveItem(field: "rows", from: 0, to: 1))
                case 11...12: return .edited(field: "rows[\(Int.random(in: 0...1, using: &random))].a", text: ["x", "yz"].randomElement(using: &random)!)
                case 13: return .chose(field: "rows[0].on", value: .boolean(Bool.random(using: &random)))
                default: return .edited(field: "extra", text: ["e", ""].randomElement(using: &random)!)
                }
            }
        }, make: pagedForm)
    }
}

/// 1 to 14 inputs.
private func sequence<Input>(_ random: inout SeededGenerator, _ input: (inout SeededGenerator) -> Input) -> [Input] {
    (0..<Int.random(in: 1...14, using: &random)).map { _ in input(&random) }
}
