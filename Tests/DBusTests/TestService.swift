import DBus
import Dispatch
import Glibc
import RxCoreEssentials

/// An object with one of everything, served for the bus tests.
final class TestService {
    static let interfaceName = "org.rxwidgets.Test1"
    static let path = ObjectPath("/org/rxwidgets/Test1")!
    static let managerPath = ObjectPath("/org/rxwidgets")!

    let server: ObjectServer
    /// Runs as `Work` begins.
    var onWork: (() -> Void)?
    /// With it, `Work` breathes on past its time until this holds (at most
    /// 10 s), so a test need not guess how long the bus takes to bring a call.
    var workUntil: (() -> Bool)?
    var count: Int32 = 0
    var name = "initial"
    var calls: [String] = []
    /// How often each property was read, by "object/name": what a kept
    /// `GetManagedObjects` answer saves shows here.
    var propertyReads: [String: Int] = [:]
    /// Holds the preparation of `Bind` (which a bulk call runs off the loop)
    /// until a test signals it, so a test can act while one is under way.
    let bindGate = DispatchSemaphore(value: 0)
    let gatesBind: Bool
    /// The replies of `Later` calls, sent when a test says.
    var laterReplies: [LaterReply] = []

    init(connection: Connection, resolvesCredentials: Bool = false, gatesBind: Bool = false) throws {
        self.gatesBind = gatesBind
        server = ObjectServer(connection: connection, resolvesCredentials: resolvesCredentials)
        try server.export(TestService.managerPath, interfaces: [])
        server.addObjectManager(at: TestService.managerPath)
        try server.export(TestService.path, interfaces: [interface()])
    }

    private func bindPreparation() -> Method.Preparation {
        let (gate, gated) = (bindGate, gatesBind)
        return { values in
            if gated { gate.wait() }
            guard let rows = values.first?.arrayElements else { throw DBusError.invalidArgs("rows: expected 'as'") }
            return rows.count
        }
    }

    func interface() -> Interface {
        Interface(TestService.interfaceName, methods: [
            Method("Echo", in: [Argument("value", "v")], out: [Argument("value", "v")]) { [unowned self] call in
                calls.append("Echo")
                return [call.arguments[0]]
            },
            Method("EchoHandle", in: [Argument("handle", "h")], out: [Argument("handle", "h")]) { call in
                [call.arguments[0]]
            },
            Method("EchoAll", in: [Argument("values", "av")], out: [Argument("values", "av")]) { call in
                [call.arguments[0]]
            },
            Method("Bind", in: [Argument("rows", "as")], out: [Argument("count", "u")], prepare: { [unowned self] in bindPreparation() }) { [unowned self] call in
                let count = try call.prepared.map { try $0.get() as? Int } ?? call.arguments[0].arrayElements?.count
                calls.append("Bind \(count ?? -1)\(call.prepared == nil ? "" : " prepared")")
                return [.uint32(UInt32(count ?? 0))]
            },
            Method("Note", in: [Argument("note", "s"), Argument("milliseconds", "u")]) { [unowned self] call in
                let note: String = try call.argument(0)
                let milliseconds: UInt32 = try call.argument(1)
                calls.append(note)
                usleep(milliseconds * 1_000)
                return []
            },
            // Works for `milliseconds` as a long call does: breathing between its steps.
            Method("Work", in: [Argument("note", "s"), Argument("milliseconds", "u")]) { [unowned self] call in
                let note: String = try call.argument(0)
                let milliseconds: UInt32 = try call.argument(1)
                calls.append(note)
                onWork?()
                let end = MonotonicClock.now().adding(Int64(milliseconds) * 1_000_000)
                let latest = MonotonicClock.now().adding(10_000_000_000)
                while MonotonicClock.now() < end || (workUntil.map { !$0() } ?? false) && MonotonicClock.now() < latest {
                    usleep(100)
                    Breathing.shared.breathe()
                }
                calls.append("\(note) done")
                return []
            },
            Method("Later", in: [Argument("note", "s")], out: [Argument("note", "s")]) { [unowned self] call in
                calls.append("Later")
                laterReplies.append(call.replyInOrder())
                throw LaterReply.Pending()
            },
            Method("Add", in: [Argument("a", "i"), Argument("b", "i")], out: [Argument("sum", "i")]) { [unowned self] call in
                calls.append("Add")
                let a: Int32 = try call.argument(0)
                let b: Int32 = try call.argument(1)
                return [.int32(a &+ b)]
            },
            Method("Fail", in: [Argument("name", "s"), Argument("message", "s")]) { call in
                throw DBusError(name: try call.argument(0), message: try call.argument(1))
            },
            Method("Touch", in: [Argument("times", "i")], out: [Argument("count", "i")]) { [unowned self] call in
                let times: Int32 = try call.argument(0)
                for _ in 0..<times {
                    count += 1
                    try server.emit(path: TestService.path, interface: TestService.interfaceName, member: "Touched", [.int32(count)])
                    server.propertiesChanged(path: TestService.path, interface: TestService.interfaceName, names: ["Count", "Stamp"])
                }
                return [.int32(count)]
            },
            Method("WhoAmI", out: [Argument("sender", "s"), Argument("uid", "u")]) { call in
                [.string(call.sender), .uint32(call.senderUID ?? UInt32.max)]
            },
            Method("Spawn", in: [Argument("child", "s")], out: [Argument("path", "o")]) { [unowned self] call in
                let child: String = try call.argument(0)
                guard let path = TestService.managerPath.appending(child) else {
                    throw DBusError.invalidArgs("child: '\(child)' is not a path element")
                }
                try server.export(path, interfaces: [Interface("org.rxwidgets.Child1", properties: [Property("Label", .string) { [unowned self] in
                    propertyReads["\(child)/Label", default: 0] += 1
                    return .string(child)
                }])])
                return [.objectPath(path)]
            },
            Method("Remove", in: [Argument("path", "o")]) { [unowned self] call in
                try server.unexport(try call.argument(0))
                return []
            },
            Method("WrongReply", out: [Argument("value", "i")]) { _ in [.string("not an int")] },
        ], signals: [
            SignalDeclaration("Touched", [Argument("count", "i")]),
        ], properties: [
            Property("Count", .int32) { [unowned self] in
                propertyReads["Test1/Count", default: 0] += 1
                return .int32(count)
            },
            Property("Stamp", .int32, emitsChanged: .invalidates) { [unowned self] in .int32(count * 10) },
            Property("Version", .uint32, emitsChanged: .const) { .uint32(1) },
            Property("Name", .string, get: { [unowned self] in .string(name) }, set: { [unowned self] value, _ in
                guard case .string(let text) = value, !text.isEmpty else { throw DBusError.invalidArgs("Name: expected a non-empty string") }
                name = text
                server.propertiesChanged(path: TestService.path, interface: TestService.interfaceName, names: ["Name"])
            }),
        ])
    }
}
