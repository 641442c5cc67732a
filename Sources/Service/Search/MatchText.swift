/// One title as the matcher reads it, in buffers reused from row to row
/// (one `MatchText` per searching thread): its scalars as they are and in
/// lower case, and each place's bonus. Also the matcher's score matrices.
final class MatchText {
    private(set) var count = 0
    private(set) var original: UnsafeMutablePointer<UInt32>
    private(set) var lowered: UnsafeMutablePointer<UInt32>
    private(set) var bonus: UnsafeMutablePointer<Int16>
    private var capacity: Int
    /// The score and run-length matrices of `FuzzyScore.optimal`.
    private(set) var scores: UnsafeMutablePointer<Int32>
    private(set) var runs: UnsafeMutablePointer<Int16>
    private var matrixCapacity: Int
    /// Where each pattern character first occurs (`FuzzyScore.optimal`).
    private(set) var firsts: UnsafeMutablePointer<Int>
    private var firstsCapacity: Int

    init() {
        capacity = 256
        original = .allocate(capacity: capacity)
        lowered = .allocate(capacity: capacity)
        bonus = .allocate(capacity: capacity)
        matrixCapacity = 1_024
        scores = .allocate(capacity: matrixCapacity)
        runs = .allocate(capacity: matrixCapacity)
        firstsCapacity = 64
        firsts = .allocate(capacity: firstsCapacity)
    }

    deinit {
        original.deallocate()
        lowered.deallocate()
        bonus.deallocate()
        scores.deallocate()
        runs.deallocate()
        firsts.deallocate()
    }

    /// Reads a title from its UTF-8 bytes (valid UTF-8: a D-Bus string's);
    /// `ascii` whether they all are ASCII.
    func load(utf8: UnsafeBufferPointer<UInt8>, ascii: Bool) {
        reserve(utf8.count)
        if ascii {
            for index in 0..<utf8.count {
                original[index] = UInt32(utf8[index])
            }
            count = utf8.count
        } else {
            var index = 0
            var place = 0
            while place < utf8.count {
                let lead = UInt32(utf8[place])
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                var scalar = length == 1 ? lead : lead & (0x7F >> UInt32(length))
                for next in 1..<max(length, 1) where place + next < utf8.count {
                    scalar = scalar << 6 | UInt32(utf8[place + next] & 0x3F)
                }
                original[index] = scalar
                index += 1
                place += length
            }
            count = index
        }
        var previous = CharacterClass.white
        for index in 0..<count {
            let scalar = original[index]
            let current = CharacterClass.of(scalar)
            bonus[index] = CharacterClass.bonus(after: previous, current)
            lowered[index] = current == .upper ? CharacterClass.lowered(scalar) : scalar
            previous = current
        }
    }

    /// The scalars a term compares: as they are, or in lower case.
    func chars(caseSensitive: Bool) -> UnsafeMutablePointer<UInt32> {
        caseSensitive ? original : lowered
    }

    /// Makes `firsts` hold at least `count` places.
    func reserveFirsts(_ count: Int) {
        guard count > firstsCapacity else { return }
        firsts.deallocate()
        firstsCapacity = max(count, firstsCapacity * 2)
        firsts = .allocate(capacity: firstsCapacity)
    }

    /// Makes the matrices hold at least `cells` cells.
    func reserveMatrix(_ cells: Int) {
        guard cells > matrixCapacity else { return }
        scores.deallocate()
        runs.deallocate()
        matrixCapacity = max(cells, matrixCapacity * 2)
        scores = .allocate(capacity: matrixCapacity)
        runs = .allocate(capacity: matrixCapacity)
    }

    private func reserve(_ scalars: Int) {
        guard scalars > capacity else { return }
        original.deallocate()
        lowered.deallocate()
        bonus.deallocate()
        capacity = max(scalars, capacity * 2)
        original = .allocate(capacity: capacity)
        lowered = .allocate(capacity: capacity)
        bonus = .allocate(capacity: capacity)
    }
}
