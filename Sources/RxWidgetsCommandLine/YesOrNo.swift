import Localization

/// A yes-or-no answer as a person types it: y, yes, n and no in every
/// language, and the language's own words and letters (ja/j, oui/o).
package enum YesOrNo {
    /// True for yes, false for no, nil for neither.
    package static func read(_ answer: String) -> Bool? {
        let word = answer.lowercased()
        if word == "y" || word == "yes" || word == yes || word == yesLetter {
            return true
        }
        if word == "n" || word == "no" || word == no || word == noLetter {
            return false
        }
        return nil
    }

    /// The letter that answers yes in the person's language (y, j, o).
    package static var yesLetter: String {
        // TRANSLATORS: the letter a yes-or-no question's yes is typed as (lower case: j, o).
        tr("y").lowercased()
    }

    /// The letter that answers no in the person's language (n).
    package static var noLetter: String {
        // TRANSLATORS: the letter a yes-or-no question's no is typed as (lower case).
        tr("n").lowercased()
    }

    private static var yes: String {
        // TRANSLATORS: an answer to a yes-or-no question, as typed (lower case).
        tr("yes").lowercased()
    }

    private static var no: String {
        // TRANSLATORS: an answer to a yes-or-no question, as typed (lower case).
        tr("no").lowercased()
    }
}
