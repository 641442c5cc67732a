/// Why a form spec was refused: every problem found, each with its JSON path.
public struct FormSpecError: Swift.Error, Equatable, CustomStringConvertible, Sendable {
    /// One problem: where, and what was expected.
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        /// The JSON path, such as `fields[2].rules.min` (`$` for the whole spec).
        public let path: String
        /// What is wrong there.
        public let message: String

        /// `path: message`.
        public var description: String {
            "\(path): \(message)"
        }
    }

    /// The problems, in document order.
    public let problems: [Problem]

    /// The problems, separated by semicolons.
    public var description: String {
        problems.map(\.description).joined(separator: "; ")
    }
}
