import DBus
import WidgetsAPI
import Glibc
import RxCoreEssentials
import Service

/// Who owns the daemon's name, as the bus tells it: the unique name, its
/// uid and pid, and the command line of that pid when it is readable here
/// ("an unknown connection" when the bus will not say).
func nameHolder(on connection: Connection) -> String {
    func ask(_ member: String, _ argument: String) -> DBusValue? {
        (try? connection.callBus(member, [.string(argument)], timeoutMilliseconds: 5_000))?.first
    }
    guard let owner = connection.nameOwner(of: WidgetsAPI.busName) else { return "an unknown connection" }
    var facts: [String] = []
    if case .uint32(let uid)? = ask("GetConnectionUnixUser", owner) {
        facts.append("uid \(uid)")
    }
    if case .uint32(let pid)? = ask("GetConnectionUnixProcessID", owner) {
        facts.append("pid \(pid)")
        if let command = commandLine(of: pid) {
            facts.append(quoted(command))
        }
    }
    return facts.isEmpty ? owner : "\(owner) (\(facts.joined(separator: ", ")))"
}

/// A process's command line, its arguments joined by spaces, when readable.
private func commandLine(of pid: UInt32) -> String? {
    let descriptor = open("/proc/\(pid)/cmdline", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let bytes = buffer[..<count]
    let text = String(decoding: Array(bytes.split(separator: 0).joined(separator: [32])), as: UTF8.self)
    return text.isEmpty ? nil : text
}
