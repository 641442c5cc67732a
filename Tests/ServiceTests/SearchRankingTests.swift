@testable import Service
import XCTest

/// The daemon's search ranks as fzf 0.38 ranks (`fzf --filter`, its
/// default scheme): each expectation below is fzf's own output for the
/// same lines and query.
final class SearchRankingTests: XCTestCase {
    private let lines = [
        "src/main/FooBar.swift", "foo-bar", "fuzzyfinder", "fuzzy-finder", "fuzzy-blurry-finder", "foobar", "foo_bar", "FooBar",
        "out-of-bound", "fo-bar", "foob-r", "to-go", "ongoing", "app/controllers/user_controller.rb", "app/models/user.rb",
        "lib/util/userful.rb", "README.md", "readme.txt", "Makefile", "make.sh",
    ]

    private func ranked(_ query: String, fuzzy: Bool = true, caseMode: SearchQuery.CaseMode = .smart) throws -> [String] {
        let matcher = RowMatcher(try SearchQuery(query, fuzzy: fuzzy, caseMode: caseMode))
        return lines.enumerated().compactMap { matcher.key(of: $0.element, row: $0.offset) }.sorted().map { lines[Int($0.row)] }
    }

    func testFuzzyQueriesRankAsFzfDoes() throws {
        let expected: [String: [String]] = [
            "ff": ["fuzzy-finder", "fuzzyfinder", "fuzzy-blurry-finder", "src/main/FooBar.swift"],
            "foob": ["foobar", "FooBar", "foob-r", "foo-bar", "foo_bar", "src/main/FooBar.swift"],
            "oob": ["out-of-bound", "FooBar", "src/main/FooBar.swift", "foo-bar", "foo_bar", "foobar", "foob-r", "app/controllers/user_controller.rb"],
            "br": ["fo-bar", "foo-bar", "foo_bar", "fuzzy-blurry-finder", "FooBar", "src/main/FooBar.swift", "foob-r", "foobar", "lib/util/userful.rb"],
            "og": ["ongoing", "to-go"],
            "ogo": ["ongoing", "to-go"],
            "usr": ["app/models/user.rb", "lib/util/userful.rb", "app/controllers/user_controller.rb"],
            "fb": ["fo-bar", "FooBar", "foo-bar", "foo_bar", "fuzzy-blurry-finder", "src/main/FooBar.swift", "foobar", "foob-r", "out-of-bound", "lib/util/userful.rb"],
            "FB": ["FooBar", "src/main/FooBar.swift"],
            "ur": ["app/models/user.rb", "lib/util/userful.rb", "app/controllers/user_controller.rb", "fuzzy-blurry-finder", "fuzzyfinder", "fuzzy-finder"],
        ]
        for (query, order) in expected {
            XCTAssertEqual(try ranked(query), order, "query \(query)")
        }
    }

    func testExtendedTermsAsFzfReadsThem() throws {
        let expected: [String: [String]] = [
            "user rb": ["app/models/user.rb", "lib/util/userful.rb", "app/controllers/user_controller.rb"],
            "^app": ["app/models/user.rb", "app/controllers/user_controller.rb"],
            ".rb$": ["app/models/user.rb", "lib/util/userful.rb", "app/controllers/user_controller.rb"],
            "'user": ["app/models/user.rb", "lib/util/userful.rb", "app/controllers/user_controller.rb"],
            "!test user": ["app/models/user.rb", "lib/util/userful.rb", "app/controllers/user_controller.rb"],
            "mak | read": ["README.md", "readme.txt", "make.sh", "Makefile"],
            "^foo$": [],
            "^foobar$": ["foobar", "FooBar"],
            "!foo !fuzzy !app !lib !read !mak": ["out-of-bound", "fo-bar", "to-go", "ongoing"],
            "! ^ $": [],
        ]
        for (query, order) in expected {
            XCTAssertEqual(try ranked(query), order, "query \(query)")
        }
    }

    func testExactModeAndCaseModes() throws {
        XCTAssertEqual(try ranked("oo", fuzzy: false), ["foobar", "FooBar", "foob-r", "foo-bar", "foo_bar", "src/main/FooBar.swift"])
        XCTAssertEqual(try ranked("bar", fuzzy: false), ["fo-bar", "foo-bar", "foo_bar", "FooBar", "src/main/FooBar.swift", "foobar"])
        XCTAssertEqual(try ranked("^fo", fuzzy: false), ["foobar", "FooBar", "fo-bar", "foob-r", "foo-bar", "foo_bar"])
        XCTAssertEqual(try ranked("Foo", caseMode: .sensitive), ["FooBar", "src/main/FooBar.swift"])
        XCTAssertEqual(try ranked("foo", caseMode: .sensitive), ["foobar", "foob-r", "foo-bar", "foo_bar"])
        XCTAssertEqual(try ranked("Foo", caseMode: .insensitive).count, 6, "insensitive: Foo matches every foo")
        XCTAssertEqual(try ranked("Foo"), ["FooBar", "src/main/FooBar.swift"], "smart: an upper-case letter makes the term sensitive")
    }

    func testMatchedPlacesAreScalarOffsets() throws {
        let matcher = RowMatcher(try SearchQuery("fb", fuzzy: true, caseMode: .smart))
        var places: [Int]? = []
        XCTAssertNotNil(matcher.match("src/main/FooBar.swift", positions: &places))
        XCTAssertEqual(places, [9, 12], "F of Foo and B of Bar: word starts")
        places = []
        XCTAssertNotNil(RowMatcher(try SearchQuery("çé", fuzzy: true, caseMode: .smart)).match("Ça Été", positions: &places))
        XCTAssertEqual(places, [0, 3], "offsets count Unicode scalars, and case folds beyond ASCII")
        places = []
        XCTAssertNotNil(RowMatcher(try SearchQuery("ist", fuzzy: true, caseMode: .smart)).match("İstanbul", positions: &places), "a capital that lowers to ASCII still matches")
        places = []
        XCTAssertNotNil(RowMatcher(try SearchQuery("^make", fuzzy: true, caseMode: .smart)).match("Makefile", positions: &places))
        XCTAssertEqual(places, [0, 1, 2, 3])
    }

    func testQueriesThatNarrowSearchOnlyThePreviousMatches() throws {
        func narrows(_ new: String, _ old: String) throws -> Bool {
            try SearchQuery(new, fuzzy: true, caseMode: .smart).narrows(SearchQuery(old, fuzzy: true, caseMode: .smart))
        }
        XCTAssertTrue(try narrows("foo", "fo"))
        XCTAssertTrue(try narrows("fo ba", "fo"))
        XCTAssertTrue(try narrows("^foo", "^fo"))
        XCTAssertTrue(try narrows("fooB", "foo"), "sensitive narrows insensitive")
        XCTAssertFalse(try narrows("foo", "Fo"), "insensitive does not narrow sensitive")
        XCTAssertFalse(try narrows("!foob", "!foo"), "a longer excluded text excludes less")
        XCTAssertFalse(try narrows("fo | x", "fo"), "alternatives widen")
        XCTAssertFalse(try narrows("fo$x", "fo$"), "a suffix is not narrowed by more text")
        XCTAssertFalse(try narrows("", "fo"))
    }

    func testHostileQueriesAreBounded() throws {
        XCTAssertThrowsError(try SearchQuery(Array(repeating: "a", count: 10_000).joined(separator: " "), fuzzy: true, caseMode: .smart)) { error in
            XCTAssertTrue("\(error)".contains("more than 256 terms"), "\(error)")
        }
        let long = String(repeating: "ab", count: 32_768)
        let matcher = RowMatcher(try SearchQuery(long, fuzzy: true, caseMode: .smart))
        XCTAssertNil(matcher.key(of: "abab", row: 0))
        let title = String(repeating: "ab", count: 40_000)
        let start = ContinuousClock.now
        XCTAssertNotNil(matcher.key(of: title, row: 0), "past the matrix bound the first shortest alignment is scored")
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
        XCTAssertTrue(try SearchQuery("! ^ '", fuzzy: true, caseMode: .smart).isEmpty, "marks alone are no terms")
    }

    func testRankingDeepPagesSelectsAsSortingWould() {
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        print("SearchRankingTests seed \(seed)")
        var state = seed
        let keys = (0..<20_000).map { row -> MatchKey in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return MatchKey(score: Int32(state >> 58), length: Int32((state >> 40) & 15), row: Int32(row))
        }
        var list = MatchList(unranked: keys.shuffled())
        let sorted = keys.sorted()
        for rank in [0, 1, 1_023, 1_024, 5_000, 19_999, 3] {
            XCTAssertEqual(list.key(atRank: rank), sorted[rank], "rank \(rank), seed \(seed)")
        }
    }
}
