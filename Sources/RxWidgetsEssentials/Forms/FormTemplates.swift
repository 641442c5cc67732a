/// The forms the daemon offers by name, written as specs.
public enum FormTemplates {
    /// The AboutYou screen: a birthday before today, a gender chosen by two
    /// buttons, a switch, a slider and a stepper growing a heart.
    public static let aboutYou = """
    {
      "fields": [
        {"name": "birthday", "kind": "date", "label": "Birthday", "initial": "today",
         "rules": {"max": "today-1", "messages": {"rangeOverflow": "Your birthday must be before today."}}},
        {"name": "gender", "kind": "choice", "label": "Gender", "options": ["male", "female"], "initial": "notSelected",
         "rules": {"required": true}},
        {"name": "knowSwift", "kind": "switch", "label": "I know Swift", "initial": false},
        {"name": "swiftLevel", "kind": "slider", "label": "Swift level", "initial": 0.5, "rules": {"min": 0, "max": 1}},
        {"name": "passionToLearn", "kind": "stepper", "label": "Passion to learn", "initial": 1, "rules": {"min": 0, "max": 10, "step": 1}}
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

    /// Sign-up: a username and a password of at least 5 characters, and the
    /// password repeated.
    public static let signUp = """
    {
      "fields": [
        {"name": "username", "kind": "text", "label": "Username", "rules": {"required": true, "minLength": 5}},
        {"name": "password", "kind": "text", "label": "Password", "secret": true, "rules": {"required": true, "minLength": 5}},
        {"name": "repeatPassword", "kind": "text", "label": "Repeat password", "secret": true,
         "rules": {"required": true, "equalTo": "password", "messages": {"mismatch": "Passwords do not match."}}}
      ],
      "outputs": [
        {"name": "usernameBorder", "kind": "validityColor", "field": "username", "valid": "green", "invalid": "red", "empty": "clear"},
        {"name": "passwordBorder", "kind": "validityColor", "field": "password", "valid": "green", "invalid": "red", "empty": "clear"},
        {"name": "repeatPasswordBorder", "kind": "validityColor", "field": "repeatPassword", "valid": "green", "invalid": "red", "empty": "clear"}
      ]
    }
    """

    /// RxSwift's GitHubSignup: a username that a remote validator
    /// (`usernameAvailable`) must accept once it has the right form, a
    /// password of at least 6 characters, and the password repeated.
    public static let gitHubSignup = """
    {
      "fields": [
        {"name": "username", "kind": "text", "label": "Username",
         "rules": {"required": true, "pattern": "[A-Za-z0-9_-]{1,39}", "remote": "usernameAvailable",
                   "messages": {"patternMismatch": "Use 1 to 39 letters, digits, '_' or '-'.", "pending": "Checking availability…",
                                "remote": "This username is taken.", "unavailable": "Availability could not be checked."}}},
        {"name": "password", "kind": "text", "label": "Password", "secret": true,
         "rules": {"required": true, "minLength": 6, "messages": {"tooShort": "Use at least 6 characters."}}},
        {"name": "repeatedPassword", "kind": "text", "label": "Password repeated", "secret": true,
         "rules": {"required": true, "equalTo": "password", "messages": {"mismatch": "The passwords differ."}}}
      ]
    }
    """

    /// The templates by name: `about-you`, `sign-up` and `github-signup`.
    public static let all: [String: String] = [
        "about-you": aboutYou,
        "sign-up": signUp,
        "github-signup": gitHubSignup,
    ]

    /// The spec of a template, or nil for an unknown name.
    public static func spec(named name: String) -> FormSpec? {
        all[name].flatMap { try? FormSpec.parse(json: $0) }
    }
}
