import RxCoreEssentials

/// `table --columns`: the rows are records of delimited fields (CSV, TSV)
/// shown as columns under these headers.
package struct TableColumns: Equatable {
    package var headers: [String]
    /// Between fields: `,` by default, a tab for TSV.
    package var separator: Character = ","
    /// `--return-column N`: print the Nth field (from 1) of a chosen row instead of the whole row.
    package var returnColumn: Int?

    package init(headers: [String], separator: Character = ",", returnColumn: Int? = nil) {
        self.headers = headers
        self.separator = separator
        self.returnColumn = returnColumn
    }

    /// The separator `--separator` names: one character, or `tab` / `\t`.
    package static func separator(_ text: String) throws -> Character {
        if text == "tab" || text == "\\t" { return "\t" }
        guard text.count == 1, let character = text.first, character != "\"", !character.isNewline else {
            throw UsageError(description: "--separator \(quoted(text)) is not one character (other than a quote or a line break), nor tab")
        }
        return character
    }

    /// What is printed of a chosen row's fields.
    package func printed(_ fields: [String]) -> String {
        guard let returnColumn else { return DelimitedRecords.line(fields, separator: separator) }
        return returnColumn <= fields.count ? fields[returnColumn - 1] : ""
    }
}

/// `choose`'s and `filter`'s item lines split into what is shown and what
/// is printed: `LABEL D VALUE` (`--label-delimiter D`: LABEL shown, VALUE
/// printed), its label `TITLE E DESCRIPTION` (`--description-delimiter E`:
/// the description drawn under the title).
package struct ItemDelimiters: Equatable {
    package var label: String?
    package var description: String?

    package init(label: String? = nil, description: String? = nil) {
        self.label = label
        self.description = description
    }

    /// Whether the items are lines as they are.
    package var isEmpty: Bool { label == nil && description == nil }
}
