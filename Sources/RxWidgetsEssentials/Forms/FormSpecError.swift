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

    /// The most problems `description` lists; a hostile spec can have a
    /// problem per element.
    public static let problemsShown = 20

    /// The problems, separated by semicolons; past `problemsShown`, how many more.
    public var description: String {
        let shown = problems.prefix(FormSpecError.problemsShown).map(\.description).joined(separator: "; ")
        let rest = problems.count - FormSpecError.problemsShown
        return rest > 0 ? "\(shown); and \(rest) more problems" : shown
    }
}
