/// A message `Connection.send` kept back: sending it would have made the bus
/// disconnect this connection (a message over the bus's size limit, or an
/// array over the protocol's 64 MiB).
public struct MessageTooLarge: Error, CustomStringConvertible {
    /// What the message would have cost.
    public let extent: Message.Extent
    /// The limit it passes: the connection's `maximumMessageBytes`, or an
    /// object server's `maximumSignalBytes` for a signal.
    public let limit: Int
    /// What the limit is for: "a message", "a signal".
    public var bounded = "a message"

    /// Names the size and the limit it passes: "would be 75497472 bytes; …".
    public var description: String {
        if extent.largestArray > Connection.protocolArrayLimit {
            return "would hold an array of \(extent.largestArray) bytes; D-Bus carries at most \(Connection.protocolArrayLimit) in one array"
        }
        return "would be about \(extent.bytes) bytes; \(bounded) may carry at most \(limit)"
    }
}
