/// Moving through a form's pages, as a person does with Next and Back: the
/// current page is state of the form (every front end shows the same one),
/// a page whose `visibleWhen` is false is passed over, and Next is refused
/// while a field on the page is invalid.
extension Form {
    /// The names of the fields on page `index` (every field in a form without pages).
    public func fields(onPage index: Int) -> [String] {
        guard !spec.pages.isEmpty else { return fieldNames }
        return spec.pages.indices.contains(index) ? spec.pages[index].fields : []
    }

    /// Whether page `index` is shown now (a form without pages has its one page).
    public func isShown(page index: Int) -> Bool {
        spec.pages.isEmpty ? index == 0 : pagesShown.indices.contains(index) && pagesShown[index]
    }

    /// Whether the person is on the last shown page, where Submit is.
    public var isOnLastPage: Bool {
        shownPage(after: page, in: pagesShown) == nil
    }

    /// Goes to the next shown page, once every shown field of this page is
    /// valid (`updateOn: blur` fields judged on their latest values);
    /// returns whether anything changed. Throws `FormError.validationFailed`
    /// naming the page's invalid fields, or `.noSuchPage` on the last shown
    /// page, changing nothing.
    @discardableResult
    public func nextPage() throws -> Bool {
        guard shownPage(after: page, in: pagesShown) != nil else {
            throw FormError.noSuchPage(page: page, count: spec.pageCount, forward: true)
        }
        let onPage = Set(fields(onPage: page))
        let saved = snapshot()
        for field in fields where onPage.contains(field.spec.name) {
            commitValue(of: field)
        }
        settle(askingRemotely: false)
        let invalid = latestValidity.filter { onPage.contains($0.key) && !$0.value.isValid && latestStates[$0.key]?.visible != false }
        guard invalid.isEmpty, let next = shownPage(after: page, in: latestPagesShown) else {
            restore(saved)
            settle(askingRemotely: false)
            throw invalid.isEmpty ? FormError.noSuchPage(page: page, count: spec.pageCount, forward: true) : FormError.validationFailed(invalid)
        }
        return publish { latestPage = next }
    }

    /// Goes back to the previous shown page, whatever this one holds;
    /// throws `FormError.noSuchPage` on the first.
    @discardableResult
    public func previousPage() throws -> Bool {
        guard let previous = (0..<page).last(where: { pagesShown[$0] }) else {
            throw FormError.noSuchPage(page: page, count: spec.pageCount, forward: false)
        }
        return publish { latestPage = previous }
    }

    /// The first page after `index` that `shown` shows; nil when none is.
    func shownPage(after index: Int, in shown: [Bool]) -> Int? {
        shown.indices.first { $0 > index && shown[$0] }
    }

    /// `index` if shown, else the nearest shown page before it (the first
    /// page is always shown).
    func shownPage(atOrBefore index: Int, in shown: [Bool]) -> Int {
        (0...max(index, 0)).last { !shown.indices.contains($0) || shown[$0] } ?? 0
    }
}
