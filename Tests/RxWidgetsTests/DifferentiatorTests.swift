import BusTestSupport
import FoundationEssentials
import RxWidgets
import XCTest

/// The Differentiator's stages as a table applies them, and as the one row
/// difference the bus's `ItemsChanged` carries.
final class DifferentiatorTests: WidgetTestCase {
    private struct Row: IdentifiableType, Equatable {
        let identity: Int
        let content: String
    }

    private typealias Section = AnimatableSectionModel<String, Row>

    private func sections(_ rows: [[(Int, String)]]) -> [Section] {
        rows.enumerated().map { index, section in Section(model: "s\(index)", items: section.map { Row(identity: $0.0, content: $0.1) }) }
    }

    func testRowsMovedAcrossSectionsAndUpdatedAreOneDifference() throws {
        let old = sections([[(1, "a"), (2, "b"), (3, "c")], [(4, "d")]])
        let new = sections([[(1, "a"), (3, "c")], [(2, "B"), (4, "d"), (5, "e")]])
        let stages = try Diff.differencesForSectionedView(initialSections: old, finalSections: new)
        XCTAssertFalse(stages.contains(where: \.changesSections))
        XCTAssertEqual(RowDifference(stages: stages), RowDifference(
            deleted: [],
            inserted: [IndexPath(row: 2, section: 1)],
            // c moves too: when its section is walked, b (bound for a later
            // section) is still undecided, so c is not next in place, as in RxDataSources.
            moved: [
                RowDifference.Move(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 1, section: 0)),
                RowDifference.Move(from: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 1)),
            ],
            updated: [IndexPath(row: 0, section: 1)]
        ))
        XCTAssertEqual(RowDifference(stages: try Diff.differencesForSectionedView(initialSections: old, finalSections: old)),
                       RowDifference(deleted: [], inserted: [], moved: [], updated: []), "no change is an empty difference")
    }

    func testAChangeOfSectionsIsNoRowDifference() throws {
        let old = sections([[(1, "a")], [(2, "b")]])
        let swapped = [old[1], old[0]]
        let stages = try Diff.differencesForSectionedView(initialSections: old, finalSections: swapped)
        XCTAssertEqual(stages.map(\.movedSections.count), [1])
        XCTAssertNil(RowDifference(stages: stages))
        XCTAssertNil(RowDifference(stages: try Diff.differencesForSectionedView(initialSections: old, finalSections: [old[0]])))
        XCTAssertNil(RowDifference(stages: [Changeset.initialValue(old)]), "a reload")
    }

    func testTheSelectionFollowsItsRowsThroughSectionMovesAndDeletions() {
        let tableView = TableView()
        let dataSource = RxTableViewSectionedAnimatedDataSource<Section>(configureCell: { _, _, _, row in
            let cell = TableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = row.content
            return cell
        })
        tableView.allowsMultipleSelection = true
        let data = BehaviorRelay(value: [
            Section(model: "x", items: [Row(identity: 1, content: "a"), Row(identity: 2, content: "b")]),
            Section(model: "y", items: [Row(identity: 3, content: "c")]),
            Section(model: "z", items: [Row(identity: 4, content: "d")]),
        ])
        let binding = data.bind(to: tableView.rx.items(dataSource: dataSource))
        tableView.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        tableView.selectRow(at: IndexPath(row: 0, section: 1), animated: false, scrollPosition: .none)
        tableView.selectRow(at: IndexPath(row: 0, section: 2), animated: false, scrollPosition: .none)

        data.accept([
            Section(model: "z", items: [Row(identity: 4, content: "d")]),
            Section(model: "w", items: []),
            Section(model: "x", items: [Row(identity: 2, content: "b"), Row(identity: 1, content: "a")]),
        ])

        XCTAssertEqual(tableView.rowCounts, [1, 0, 2])
        XCTAssertEqual(Set(tableView.indexPathsForSelectedRows ?? []), [IndexPath(row: 0, section: 0), IndexPath(row: 0, section: 2)],
                       "d and b stay selected where they went; c left with its section")
        binding.dispose()
    }

    func testABatchThatDoesNotAgreeWithTheCountsReloads() {
        let tableView = TableView()
        let data = BehaviorRelay(value: ["a", "b", "c"])
        let binding = data.bind(to: tableView.rx.items) { _, _, _ in TableViewCell(style: .default, reuseIdentifier: nil) }
        tableView.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        XCTAssertEqual(tableView.numberOfRows(inSection: 0), 3)
        tableView.performBatchUpdates {
            tableView.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            tableView.deleteRows(at: [IndexPath(row: 7, section: 0)], with: .fade)
        }
        XCTAssertEqual(tableView.indexPathsForSelectedRows, [IndexPath(row: 2, section: 0)], "a row outside the table: reloaded, the selection kept")
        binding.dispose()
    }

    /// Random changes within fixed sections (rows deleted, inserted, updated
    /// and moved within and across sections): the one difference, applied as
    /// a front end applies `ItemsChanged`, gives the new data.
    func testRandomChangesAreOneDifferenceThatGivesTheNewData() throws {
        var random = SeededGenerator(for: "testRandomChangesAreOneDifferenceThatGivesTheNewData")
        var next = 0
        var old: [Section] = (0..<4).map { index in
            Section(model: "s\(index)", items: (0..<Int.random(in: 0...8, using: &random)).map { _ in next += 1; return Row(identity: next, content: "v0") })
        }
        for round in 0..<300 {
            var rows = old.flatMap(\.items).filter { _ in Int.random(in: 0..<5, using: &random) != 0 }
            rows = rows.map { Int.random(in: 0..<6, using: &random) == 0 ? Row(identity: $0.identity, content: "v\(round)") : $0 }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                next += 1
                rows.insert(Row(identity: next, content: "new"), at: Int.random(in: 0...rows.count, using: &random))
            }
            if rows.count > 1, Bool.random(using: &random) {
                rows.swapAt(Int.random(in: 0..<rows.count, using: &random), Int.random(in: 0..<rows.count, using: &random))
            }
            var new = old.map { Section(original: $0, items: []) }
            for row in rows {
                let section = Int.random(in: 0..<new.count, using: &random)
                new[section] = Section(original: new[section], items: new[section].items + [row])
            }
            let stages = try Diff.differencesForSectionedView(initialSections: old, finalSections: new)
            let difference = try XCTUnwrap(RowDifference(stages: stages), "round \(round): rows only")
            XCTAssertEqual(applied(difference, to: old, giving: new), new.map(\.items), "round \(round)")
            old = new
        }
    }

    /// `difference` applied to `old` as a front end applies `ItemsChanged`,
    /// the inserted and updated rows' content taken from `new`.
    private func applied(_ difference: RowDifference, to old: [Section], giving new: [Section]) -> [[Row]] {
        let leaving = Set(difference.deleted + difference.moved.map(\.from))
        var result: [[Row?]] = new.map { Array(repeating: nil, count: $0.items.count) }
        for path in difference.inserted {
            result[path.section][path.row] = new[path.section].items[path.row]
        }
        for move in difference.moved {
            result[move.to.section][move.to.row] = old[move.from.section].items[move.from.row]
        }
        for (section, part) in old.enumerated() {
            var free = result[section].indices.filter { result[section][$0] == nil }.makeIterator()
            for (row, item) in part.items.enumerated() where !leaving.contains(IndexPath(row: row, section: section)) {
                guard let place = free.next() else { return [] }
                result[section][place] = item
            }
        }
        for path in difference.updated {
            result[path.section][path.row] = new[path.section].items[path.row]
        }
        return result.map { $0.compactMap { $0 } }
    }
}
