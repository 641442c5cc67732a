import FoundationEssentials

/// A table data source over sections of items (RxDataSources'), with cells
/// from `configureCell` and headers from `titleForHeaderInSection`.
///
/// A move the user makes is applied to the sections; deleting or inserting
/// rows is left to the application, which hears of it through `rx.itemDeleted`.
open class TableViewSectionedDataSource<Section: SectionModelType>: TableViewDataSource, SectionedViewDataSourceType {
    /// The item type.
    public typealias Item = Section.Item
    /// Makes the cell of a row.
    public typealias ConfigureCell = (TableViewSectionedDataSource<Section>, TableView, IndexPath, Item) -> TableViewCell
    /// Gives a section's header title.
    public typealias TitleForHeaderInSection = (TableViewSectionedDataSource<Section>, Int) -> String?
    /// Gives a section's footer title.
    public typealias TitleForFooterInSection = (TableViewSectionedDataSource<Section>, Int) -> String?
    /// Tells whether a row may be edited or moved.
    public typealias CanChangeRowAtIndexPath = (TableViewSectionedDataSource<Section>, IndexPath) -> Bool
    /// Gives the section index's titles.
    public typealias SectionIndexTitles = (TableViewSectionedDataSource<Section>) -> [String]?
    /// Gives the section an index title shows.
    public typealias SectionForSectionIndexTitle = (TableViewSectionedDataSource<Section>, _ title: String, _ index: Int) -> Int

    /// Makes the cell of a row.
    public var configureCell: ConfigureCell
    /// Gives a section's header title.
    public var titleForHeaderInSection: TitleForHeaderInSection
    /// Gives a section's footer title.
    public var titleForFooterInSection: TitleForFooterInSection
    /// Tells whether a row may be edited.
    public var canEditRowAtIndexPath: CanChangeRowAtIndexPath
    /// Tells whether a row may be moved.
    public var canMoveRowAtIndexPath: CanChangeRowAtIndexPath
    /// Gives the section index's titles.
    public var sectionIndexTitles: SectionIndexTitles
    /// Gives the section an index title shows.
    public var sectionForSectionIndexTitle: SectionForSectionIndexTitle

    /// The current sections.
    public private(set) var sectionModels: [Section] = []

    /// A data source with these closures.
    public init(
        configureCell: @escaping ConfigureCell,
        titleForHeaderInSection: @escaping TitleForHeaderInSection = { _, _ in nil },
        titleForFooterInSection: @escaping TitleForFooterInSection = { _, _ in nil },
        canEditRowAtIndexPath: @escaping CanChangeRowAtIndexPath = { _, _ in true },
        canMoveRowAtIndexPath: @escaping CanChangeRowAtIndexPath = { _, _ in true },
        sectionIndexTitles: @escaping SectionIndexTitles = { _ in nil },
        sectionForSectionIndexTitle: @escaping SectionForSectionIndexTitle = { _, _, index in index }
    ) {
        self.configureCell = configureCell
        self.titleForHeaderInSection = titleForHeaderInSection
        self.titleForFooterInSection = titleForFooterInSection
        self.canEditRowAtIndexPath = canEditRowAtIndexPath
        self.canMoveRowAtIndexPath = canMoveRowAtIndexPath
        self.sectionIndexTitles = sectionIndexTitles
        self.sectionForSectionIndexTitle = sectionForSectionIndexTitle
    }

    /// Replaces the sections (the table is not told; bind through `rx.items(dataSource:)` for that).
    public func setSections(_ sections: [Section]) {
        sectionModels = sections
    }

    /// A section.
    public subscript(section: Int) -> Section {
        sectionModels[section]
    }

    /// The item at `indexPath`, which must exist.
    public subscript(indexPath: IndexPath) -> Item {
        sectionModels[indexPath.section].items[indexPath.row]
    }

    /// The item at `indexPath`; `RxCocoaError.itemsNotYetBound` outside the items.
    public func model(at indexPath: IndexPath) throws -> Any {
        guard contains(indexPath) else {
            throw RxCocoaError.itemsNotYetBound(object: "\(type(of: self))")
        }
        return self[indexPath]
    }

    private func contains(_ indexPath: IndexPath) -> Bool {
        sectionModels.indices.contains(indexPath.section) && sectionModels[indexPath.section].items.indices.contains(indexPath.row)
    }

    /// The number of sections.
    public func numberOfSections(in tableView: TableView) -> Int {
        sectionModels.count
    }

    /// The number of items in `section`.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        sectionModels.indices.contains(section) ? sectionModels[section].items.count : 0
    }

    /// The configured cell of the row's item.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard contains(indexPath) else {
            return TableViewCell(style: .default, reuseIdentifier: nil)
        }
        return configureCell(self, tableView, indexPath, self[indexPath])
    }

    /// The section's header title.
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        titleForHeaderInSection(self, section)
    }

    /// The section's footer title.
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        titleForFooterInSection(self, section)
    }

    /// The section index's titles.
    public func sectionIndexTitles(for tableView: TableView) -> [String]? {
        sectionIndexTitles(self)
    }

    /// The section the index title shows.
    public func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        sectionForSectionIndexTitle(self, title, index)
    }

    /// Whether the row may be edited.
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
        canEditRowAtIndexPath(self, indexPath)
    }

    /// Whether the row may be moved.
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        canMoveRowAtIndexPath(self, indexPath)
    }

    /// Leaves the edit to the application.
    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}

    /// Moves the item in the sections, as the user moved its row.
    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard contains(sourceIndexPath), sectionModels.indices.contains(destinationIndexPath.section) else { return }
        var sourceItems = sectionModels[sourceIndexPath.section].items
        let item = sourceItems.remove(at: sourceIndexPath.row)
        sectionModels[sourceIndexPath.section] = Section(original: sectionModels[sourceIndexPath.section], items: sourceItems)
        var destinationItems = sectionModels[destinationIndexPath.section].items
        destinationItems.insert(item, at: min(max(destinationIndexPath.row, 0), destinationItems.count))
        sectionModels[destinationIndexPath.section] = Section(original: sectionModels[destinationIndexPath.section], items: destinationItems)
    }
}

/// Binds sections and reloads the whole table on every change.
open class RxTableViewSectionedReloadDataSource<Section: SectionModelType>: TableViewSectionedDataSource<Section>, RxTableViewDataSourceType {
    /// Takes the new sections and reloads the table.
    public func tableView(_ tableView: TableView, observedEvent: Event<[Section]>) {
        guard case .next(let sections) = observedEvent else { return }
        setSections(sections)
        tableView.reloadData()
    }
}

/// Binds sections and updates the table by the Differentiator's staged
/// changes from the sections before, as RxDataSources' animated data source
/// does: each stage's sections are set, then the table applies the stage in
/// one batch update (`changes` publishes each binding's stages). The first
/// binding, duplicate identities, data past `maximumDiffRows` and a
/// `decideViewTransition` that answers `.reload` reload the table instead.
open class RxTableViewSectionedAnimatedDataSource<Section: AnimatableSectionModelType>: TableViewSectionedDataSource<Section>, RxTableViewDataSourceType {
    /// Decides, for the changesets of one binding, whether the table applies
    /// them or reloads.
    public typealias DecideViewTransition = (TableViewSectionedDataSource<Section>, TableView, [Changeset<Section>]) -> ViewTransition

    private let changesRelay = PublishRelay<[Changeset<Section>]>()
    private var hasBound = false

    /// How a front end that animates shows inserted, reloaded and deleted
    /// rows; the headless table applies every change at once.
    public var animationConfiguration: AnimationConfiguration
    /// Decides whether a binding's changes are applied or the table reloads;
    /// by default they are applied (`.animated`).
    public var decideViewTransition: DecideViewTransition

    /// A data source with these closures, animation and transition.
    public init(
        animationConfiguration: AnimationConfiguration = AnimationConfiguration(),
        decideViewTransition: @escaping DecideViewTransition = { _, _, _ in .animated },
        configureCell: @escaping ConfigureCell,
        titleForHeaderInSection: @escaping TitleForHeaderInSection = { _, _ in nil },
        titleForFooterInSection: @escaping TitleForFooterInSection = { _, _ in nil },
        canEditRowAtIndexPath: @escaping CanChangeRowAtIndexPath = { _, _ in true },
        canMoveRowAtIndexPath: @escaping CanChangeRowAtIndexPath = { _, _ in true },
        sectionIndexTitles: @escaping SectionIndexTitles = { _ in nil },
        sectionForSectionIndexTitle: @escaping SectionForSectionIndexTitle = { _, _, index in index }
    ) {
        self.animationConfiguration = animationConfiguration
        self.decideViewTransition = decideViewTransition
        super.init(
            configureCell: configureCell,
            titleForHeaderInSection: titleForHeaderInSection,
            titleForFooterInSection: titleForFooterInSection,
            canEditRowAtIndexPath: canEditRowAtIndexPath,
            canMoveRowAtIndexPath: canMoveRowAtIndexPath,
            sectionIndexTitles: sectionIndexTitles,
            sectionForSectionIndexTitle: sectionForSectionIndexTitle
        )
    }

    /// The most rows, old and new together, that a new binding is diffed
    /// over; past it the table reloads. Diffing costs time and memory in
    /// proportion to the rows, which a UI thread cannot always afford.
    public var maximumDiffRows = Int.max

    /// Each binding's stages, once the table applied them: the
    /// Differentiator's changesets (none when nothing changed), or
    /// `[Changeset.initialValue(sections)]` when the table reloaded.
    public var changes: Observable<[Changeset<Section>]> {
        changesRelay.asObservable()
    }

    /// Takes the new sections and updates the table by their staged changes.
    public func tableView(_ tableView: TableView, observedEvent: Event<[Section]>) {
        guard case .next(let sections) = observedEvent else { return }
        guard hasBound, let differences = differences(to: sections),
              decideViewTransition(self, tableView, differences) == .animated else {
            hasBound = true
            setSections(sections)
            tableView.announcingChanges {
                tableView.selectRow(at: nil, animated: false, scrollPosition: .none)
                tableView.reloadData()
            }
            changesRelay.accept([.initialValue(sections)])
            return
        }
        // The stages pass through states no one asked for: only the end is announced.
        tableView.announcingChanges {
            for difference in differences {
                setSections(difference.finalSections)
                tableView.performBatchUpdates(difference, animationConfiguration: animationConfiguration)
            }
        }
        setSections(sections)
        changesRelay.accept(differences)
    }

    private func differences(to sections: [Section]) -> [Changeset<Section>]? {
        let rows = sections.reduce(0) { $0 + $1.items.count } + sectionModels.reduce(0) { $0 + $1.items.count }
        guard rows <= maximumDiffRows else { return nil }
        do {
            return try Diff.differencesForSectionedView(initialSections: sectionModels, finalSections: sections)
        } catch {
            Hooks.log("<4>rx: table data cannot be diffed (\(error)); reloading instead")
            return nil
        }
    }
}
