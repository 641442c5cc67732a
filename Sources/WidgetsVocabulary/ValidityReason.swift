/// Why a field is invalid, named as HTML's ValidityState.
public enum ValidityReason: String, CaseIterable, Sendable {
    /// A required value is missing.
    case valueMissing
    /// The value is not of the field's type.
    case typeMismatch
    /// The text does not match the pattern.
    case patternMismatch
    /// The text is shorter than `minLength`.
    case tooShort
    /// The text is longer than `maxLength`.
    case tooLong
    /// The number or day is below `min`.
    case rangeUnderflow
    /// The number or day is above `max`.
    case rangeOverflow
    /// The number is not on a step.
    case stepMismatch
    /// The value differs from the field it must equal.
    case mismatch
    /// A custom rule refused the value.
    case custom
    /// The application said so (`Form.setErrors`), until the value changes.
    case server
    /// A remote check of the value is due or running.
    case pending
    /// The remote check said no.
    case remote
    /// The remote check could not be made: no answer in time, or its validator left.
    case unavailable
}
