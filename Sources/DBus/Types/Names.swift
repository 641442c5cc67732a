import Glibc
/// The D-Bus naming rules, checked in Swift before any value reaches
/// libdbus, whose own checks abort the process.
public enum DBusNames {
    /// The longest bus, interface, member or error name.
    public static let maximumNameLength = 255

    private static func isElementCharacter(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    /// Stops the program when an interface declared in code has an invalid
    /// name or member name: a programming error, found at declaration.
    static func requireValidDeclaration(_ interface: String, members: [String]) {
        precondition(isValidInterfaceName(interface), "invalid interface name '\(interface)'")
        for member in members {
            precondition(isValidMemberName(member), "invalid member name '\(member)' in \(interface)")
        }
    }

    /// One element of an object path, `[A-Za-z0-9_]{1,maximumLength}`.
    public static func isValidPathElement(_ element: some StringProtocol, maximumLength: Int = .max) -> Bool {
        let bytes = element.utf8
        return !bytes.isEmpty && bytes.count <= maximumLength && bytes.allSatisfy(isElementCharacter)
    }

    /// `/` or `/`-separated non-empty elements of `[A-Za-z0-9_]`, no trailing `/`.
    public static func isValidObjectPath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        guard bytes.last != UInt8(ascii: "/") else { return false }
        var previousWasSlash = true
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: "/") {
                if previousWasSlash { return false }
                previousWasSlash = true
            } else {
                guard isElementCharacter(byte) else { return false }
                previousWasSlash = false
            }
        }
        return true
    }

    /// Two or more `.`-separated elements of `[A-Za-z0-9_]`, none starting with a digit.
    public static func isValidInterfaceName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumNameLength else { return false }
        let elements = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return elements.count >= 2 && elements.allSatisfy { element in
            guard let first = element.first, !isDigit(first) else { return false }
            return element.allSatisfy(isElementCharacter)
        }
    }

    /// Error names follow the interface-name rules.
    public static func isValidErrorName(_ name: String) -> Bool {
        isValidInterfaceName(name)
    }

    /// `[A-Za-z0-9_]+`, not starting with a digit.
    public static func isValidMemberName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= maximumNameLength, !isDigit(first) else { return false }
        return bytes.allSatisfy(isElementCharacter)
    }

    /// A unique name (`:1.42`) or a well-known name (`org.example.App`), as the specification defines them.
    public static func isValidBusName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumNameLength else { return false }
        let unique = bytes[0] == UInt8(ascii: ":")
        let body = unique ? Array(bytes.dropFirst()) : bytes
        let elements = body.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard elements.count >= 2 else { return false }
        return elements.allSatisfy { element in
            guard let first = element.first else { return false }
            if !unique && isDigit(first) { return false }
            return element.allSatisfy { isElementCharacter($0) || $0 == UInt8(ascii: "-") }
        }
    }

    /// Whether libdbus accepts `text` as a string: valid UTF-8 (every Swift
    /// string is) with no NUL, which a C string would silently cut at.
    public static func isValidString(_ text: String) -> Bool {
        // Native strings are contiguous UTF-8, so one memchr decides; only a
        // bridged or lazily built string is walked byte by byte.
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false
        }
        return !(found ?? text.utf8.contains(0))
    }
}
