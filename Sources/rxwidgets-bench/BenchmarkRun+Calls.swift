import CLinux
import DBus
import Glibc
import RxCoreEssentials

extension BenchmarkRun {
    /// `a{sv}` setting the fields `prefix`0 … `prefix`255 to `text`.
    func allFields(_ prefix: String, _ text: String) -> DBusValue {
        .dictionary(key: .string, value: .variant, (0..<256).map { (.string("\(prefix)\($0)"), .variant(.string(text))) })
    }

    func message(_ path: String, _ interface: String, _ member: String, _ values: [DBusValue] = []) -> Message {
        do {
            let message = try Message.methodCall(destination: Widgets1.busName, path: path, interface: interface, member: member)
            try message.append(values)
            return message
        } catch {
            fail("cannot build \(member): \(error)")
        }
    }

    @discardableResult
    func call(_ path: String, _ interface: String, _ member: String, _ values: [DBusValue] = [], timeout: Int32 = 120_000) -> [DBusValue] {
        do {
            return try client.callAndWait(message(path, interface, member, values), timeoutMilliseconds: timeout).arguments()
        } catch {
            fail("\(member) failed: \(error)")
        }
    }

    /// Peer.Ping of the daemon whose unique name is `name`: libdbus answers
    /// it inside the daemon without running any of its code, the floor.
    func pingMessage(to name: String) -> Message {
        (try? Message.methodCall(destination: name, path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping")) ?? message("/", "x.y", "Z")
    }

    /// The bus's own `GetId`: answered by dbus-daemon, beside a call to the
    /// daemon it tells the bus's share of a wait.
    func busIdMessage() -> Message {
        (try? Message.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "GetId")) ?? message("/", "x.y", "Z")
    }

    /// Sequential round trips of `make(i)`; `check` runs on each reply. With
    /// `refused`, each call must fail with that error instead.
    func sequential(_ n: Int, refused: String? = nil, _ make: (Int) -> Message, check: (Message) -> Void = { _ in }) -> Latencies {
        var latencies = Latencies()
        latencies.samples.reserveCapacity(n)
        for index in 0..<n {
            let request = make(index)
            let start = now()
            do {
                let reply = try client.callAndWait(request)
                latencies.record(now() - start)
                if let refused {
                    fail("call \(index) was not refused with \(refused)")
                }
                check(reply)
            } catch let error as DBusError where error.name == refused {
                latencies.record(now() - start)
            } catch {
                fail("call \(index) failed: \(error)")
            }
        }
        return latencies
    }

    /// `n` calls with `window` in flight; returns calls per second.
    func pipelined(_ n: Int, window: Int, _ make: @escaping (Int) -> Message) -> Double {
        var sent = 0
        var answered = 0
        var failures = 0
        func send() {
            let index = sent
            sent += 1
            client.call(make(index)) { result in
                answered += 1
                if case .failure = result { failures += 1 }
                if sent < n { send() }
            }
        }
        let start = now()
        for _ in 0..<min(window, n) { send() }
        MainLoop.shared.run(while: { answered < n }, timeout: .seconds(600))
        let seconds = Double(now() - start) / 1e9
        if failures > 0 { log("\(failures) of \(n) pipelined calls failed") }
        return Double(n) / seconds
    }

    /// Microseconds `body` takes.
    func timed(_ body: () -> Void) -> Double {
        let start = now()
        body()
        return Double(now() - start) / 1_000
    }

    // MARK: Arguments

    func options(_ pairs: [(String, DBusValue)]) -> DBusValue {
        .dictionary(key: .string, value: .variant, pairs.map { (.string($0.0), .variant($0.1)) })
    }

    func strings(_ values: [String]) -> DBusValue {
        .array(element: .string, values.map { .string($0) })
    }

    /// Picker items of one component.
    func pickerItems(_ titles: [String]) -> DBusValue {
        .array(element: .array(.string), [strings(titles)])
    }

    /// A memfd holding `rows`, one a line, for `LoadItems`.
    func memfd(holding rows: [String]) -> Int32 {
        let fd = clinux_memfd("rxwidgets-bench")
        if fd < 0 { fail("memfd_create failed") }
        let bytes = Array(rows.joined(separator: "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if count <= 0 { fail("cannot write the rows into a memfd") }
            written += count
        }
        return fd
    }

    func rowTitles(_ n: Int) -> [String] {
        (0..<n).map { "row \($0)" }
    }

    func itemTitles(_ n: Int) -> [String] {
        (0..<n).map { "item \($0)" }
    }

    // MARK: Widgets

    /// Creates a picker, with one component of `titles` unless nil, and
    /// returns its path.
    @discardableResult
    func createPicker(_ name: String, titles: [String]? = nil) -> String {
        call(Widgets1.root, Widgets1.manager, "CreatePicker", [.string(name), options(titles.map { [("items", pickerItems($0))] } ?? [])])
        return "\(Widgets1.root)/picker/\(name)"
    }

    /// Creates a form from `spec` (JSON, or a built-in spec's name) and returns its path.
    @discardableResult
    func createForm(_ name: String, spec: String) -> String {
        call(Widgets1.root, Widgets1.manager, "CreateForm", [.string(name), .string(spec), options([])])
        return "\(Widgets1.root)/form/\(name)"
    }

    /// Creates a table, with `titles` as its items unless nil, and returns its path.
    @discardableResult
    func createTable(_ name: String, titles: [String]? = nil) -> String {
        call(Widgets1.root, Widgets1.manager, "CreateTable", [.string(name), options(titles.map { [("items", strings($0))] } ?? [])])
        return "\(Widgets1.root)/table/\(name)"
    }
}
