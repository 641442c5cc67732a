extension SpecDecoder {
    /// A spec's `pages`: each a title, its fields (every field of the form
    /// on exactly one page) and an optional `visibleWhen` that reads only
    /// fields of earlier pages — so skipping is decided by answers already
    /// given, and the first page, which nothing precedes, is always shown.
    /// Conditions count against the form's condition budget.
    mutating func decodePages(_ entry: (JSONValue, String), fields: [FieldSpec]) -> [PageSpec] {
        guard let elements = array(entry) else { return [] }
        guard !elements.isEmpty else {
            problem(entry.1, "a form with pages needs at least one page; leave out \"pages\" for a form of one page")
            return []
        }
        let byName = Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var placed: [String: Int] = [:]
        var pages: [PageSpec] = []
        for (index, (value, path)) in elements.enumerated() {
            guard let members = object(value, path, keys: ["title", "fields", "visibleWhen"]) else { continue }
            let title = string(members["title"], required: true, in: path, key: "title") ?? ""
            guard let names = strings(members["fields"]) else {
                if members["fields"] == nil { problem(path, "missing \"fields\"") }
                continue
            }
            if names.isEmpty, let fieldsPath = members["fields"]?.1 {
                problem(fieldsPath, "a page needs at least one field")
            }
            for (position, name) in names.enumerated() {
                let namePath = "\(path).fields[\(position)]"
                if byName[name] == nil {
                    problem(namePath, "no field is named \(quoted(name, quote: "\""))")
                } else if let earlier = placed[name] {
                    problem(namePath, "field \(quoted(name, quote: "\"")) is already on page \(earlier + 1); a field is on one page")
                } else {
                    placed[name] = index
                }
            }
            var condition: FieldCondition?
            if let conditionEntry = members["visibleWhen"] {
                condition = decodePageCondition(conditionEntry, page: index, placed: placed, byName)
            }
            pages.append(PageSpec(title: title, fields: names, visibleWhen: condition))
        }
        for field in fields where placed[field.name] == nil {
            problem(entry.1, "field \(quoted(field.name, quote: "\"")) is on no page; every field of a form with pages is on one")
        }
        return pages
    }

    /// A page's `visibleWhen`, refused on the first page and wherever it reads a field not on an earlier page.
    private mutating func decodePageCondition(_ entry: (JSONValue, String), page: Int, placed: [String: Int], _ byName: [String: FieldSpec]) -> FieldCondition? {
        guard page > 0 else {
            problem(entry.1, "the first page is always shown; visibleWhen applies to later pages")
            return nil
        }
        var nodes = 0
        let condition = decodeCondition(entry, owner: "", byName, nodes: &nodes)
        chargeConditions(nodes, at: entry.1)
        for name in condition?.fields ?? [] where (placed[name] ?? page) >= page {
            problem(entry.1, "a page's visibleWhen reads fields of earlier pages; \(quoted(name, quote: "\"")) is on page \((placed[name] ?? page) + 1) of a condition on page \(page + 1)")
            return nil
        }
        return condition
    }
}
