/// How a call's body is read as a server's input (`Message.inputArguments`):
/// its arguments' names for the errors, and the server's string limit. A
/// value, so a bulk call's reader thread reads with it and touches nothing
/// of the server's.
struct InputReading: Sendable {
    let names: [String]
    let maximumStringBytes: Int
    let maximumDecodedBytes: Int
    let limitErrorName: String

    func arguments(of message: Message) throws -> [DBusValue] {
        try message.inputArguments(named: names, maximumStringBytes: maximumStringBytes, maximumDecodedBytes: maximumDecodedBytes, limitErrorName: limitErrorName)
    }
}
