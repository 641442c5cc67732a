import Localization

/// The forms the daemon offers by name, written as specs whose words
/// (labels, messages) are in the language asked for.
public enum FormTemplates {
    /// The AboutYou screen: a birthday before today, a gender chosen by two
    /// buttons, a switch, a slider and a stepper growing a heart.
    public static func aboutYou(in language: Language = .process) -> String {
        """
    {
      "fields": [
        {"name": "birthday", "kind": "date", "label": \(word(tr("Birthday", in: language))), "initial": "today",
         "rules": {"max": "today-1", "messages": {"rangeOverflow": \(word(tr("Your birthday must be before today.", in: language)))}}},
        {"name": "gender", "kind": "choice", "label": \(word(tr("Gender", in: language))), "options": ["male", "female"], "initial": "notSelected",
         "optionLabels": {"male": \(word(tr("Male", in: language))), "female": \(word(tr("Female", in: language)))},
         "rules": {"required": true}},
        {"name": "knowSwift", "kind": "switch", "label": \(word(tr("I know Swift", in: language))), "initial": false},
        {"name": "swiftLevel", "kind": "slider", "label": \(word(tr("Swift level", in: language))), "initial": 0.5, "rules": {"min": 0, "max": 1}},
        {"name": "passionToLearn", "kind": "stepper", "label": \(word(tr("Passion to learn", in: language))), "initial": 1, "rules": {"min": 0, "max": 10, "step": 1}}
      ],
      "buttons": [
        {"name": "male", "field": "gender", "value": "male"},
        {"name": "female", "field": "gender", "value": "female"}
      ],
      "outputs": [
        {"name": "birthdayBorder", "kind": "validityColor", "field": "birthday", "valid": "green", "invalid": "clear"},
        {"name": "maleImage", "kind": "choiceImage", "field": "gender", "option": "male", "selected": "check", "unselected": "uncheck"},
        {"name": "femaleImage", "kind": "choiceImage", "field": "gender", "option": "female", "selected": "check", "unselected": "uncheck"},
        {"name": "heartHeight", "kind": "scaled", "field": "passionToLearn", "factor": 10, "offset": 30},
        {"name": "updateEnabled", "kind": "allValid", "fields": ["birthday", "gender"]}
      ]
    }
    """
    }

    /// Sign-up: a username and a password of at least 5 characters, and the
    /// password repeated.
    public static func signUp(in language: Language = .process) -> String {
        """
    {
      "fields": [
        {"name": "username", "kind": "text", "label": \(word(tr("Username", in: language))), "rules": {"required": true, "minLength": 5}},
        {"name": "password", "kind": "text", "label": \(word(tr("Password", in: language))), "secret": true, "rules": {"required": true, "minLength": 5}},
        {"name": "repeatPassword", "kind": "text", "label": \(word(tr("Repeat password", in: language))), "secret": true,
         "rules": {"required": true, "equalTo": "password", "messages": {"mismatch": \(word(tr("Passwords do not match.", in: language)))}}}
      ],
      "outputs": [
        {"name": "usernameBorder", "kind": "validityColor", "field": "username", "valid": "green", "invalid": "red", "empty": "clear"},
        {"name": "passwordBorder", "kind": "validityColor", "field": "password", "valid": "green", "invalid": "red", "empty": "clear"},
        {"name": "repeatPasswordBorder", "kind": "validityColor", "field": "repeatPassword", "valid": "green", "invalid": "red", "empty": "clear"}
      ]
    }
    """
    }

    /// RxSwift's GitHubSignup: a username that a remote validator
    /// (`usernameAvailable`) must accept once it has the right form, a
    /// password of at least 6 characters, and the password repeated.
    public static func gitHubSignup(in language: Language = .process) -> String {
        """
    {
      "fields": [
        {"name": "username", "kind": "text", "label": \(word(tr("Username", in: language))),
         "rules": {"required": true, "pattern": "[A-Za-z0-9_-]{1,39}", "remote": "usernameAvailable",
                   "messages": {"patternMismatch": \(word(tr("Use 1 to 39 letters, digits, '_' or '-'.", in: language))), "pending": \(word(tr("Checking availability…", in: language))),
                                "remote": \(word(tr("This username is taken.", in: language))), "unavailable": \(word(tr("Availability could not be checked.", in: language)))}}},
        {"name": "password", "kind": "text", "label": \(word(tr("Password", in: language))), "secret": true,
         "rules": {"required": true, "minLength": 6, "messages": {"tooShort": \(word(tr("Use at least 6 characters.", in: language)))}}},
        {"name": "repeatedPassword", "kind": "text", "label": \(word(tr("Password repeated", in: language))), "secret": true,
         "rules": {"required": true, "equalTo": "password", "messages": {"mismatch": \(word(tr("The passwords differ.", in: language)))}}}
      ]
    }
    """
    }

    /// The templates by name: `about-you`, `sign-up` and `github-signup`.
    public static let all: [String: @Sendable (Language) -> String] = [
        "about-you": { aboutYou(in: $0) },
        "sign-up": { signUp(in: $0) },
        "github-signup": { gitHubSignup(in: $0) },
    ]

    /// The spec of a template in `language`, or nil for an unknown name.
    public static func spec(named name: String, in language: Language = .process) -> FormSpec? {
        all[name].flatMap { try? FormSpec.parse(json: $0(language)) }
    }

    /// `text` as a JSON string.
    private static func word(_ text: String) -> String {
        JSONString.quoted(text)
    }
}
