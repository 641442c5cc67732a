/// One part's titles laid out for searching: every title's UTF-8 bytes one
/// after another and where each starts. Made once for the rows as they are
/// (on the search queue, by the first search that needs it) and kept until
/// they change: a search then reads bytes, not the rows' values (a million
/// rows rejected in a few milliseconds, formats rendered once).
///
/// `@unchecked Sendable`: made on one thread, then only read, from any
/// thread; freed when the last search or widget holding it lets go.
final class SearchIndex: @unchecked Sendable {
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let starts: UnsafeMutableBufferPointer<UInt32>

    /// What it holds, counted in the widget's footprint.
    var footprint: Int { bytes.count + starts.count * MemoryLayout<UInt32>.stride }

    /// The index of `titles`; nil when cancelled, or when the titles hold
    /// more bytes than offsets of 32 bits reach (they are then searched
    /// without an index).
    init?(_ titles: SearchTitles, cancellation: SearchCancellation) {
        let total = titles.count
        var laid: [UInt8] = []
        var offsets: [UInt32] = []
        offsets.reserveCapacity(total + 1)
        var overflow = false
        var sinceCheck = 0
        titles.forEach(in: 0..<total) { _, title in
            sinceCheck += 1
            if sinceCheck == SearchRun.checkEvery {
                sinceCheck = 0
                if cancellation.isCancelled { return false }
            }
            guard laid.count <= Int(UInt32.max) else {
                overflow = true
                return false
            }
            offsets.append(UInt32(laid.count))
            if laid.capacity - laid.count < title.utf8.count {
                // Grown by the estimate of the rows to come, not only doubled.
                laid.reserveCapacity(max(laid.count * 2, laid.count / max(offsets.count, 1) * total + 64))
            }
            laid.append(contentsOf: title.utf8)
            return true
        }
        guard !overflow, !cancellation.isCancelled, offsets.count == total, laid.count <= Int(UInt32.max) else { return nil }
        offsets.append(UInt32(laid.count))
        bytes = .allocate(capacity: laid.count)
        _ = bytes.initialize(from: laid)
        starts = .allocate(capacity: offsets.count)
        _ = starts.initialize(from: offsets)
    }

    deinit {
        bytes.deallocate()
        starts.deallocate()
    }

    /// Row `row`'s title, as bytes.
    @inline(__always)
    func title(_ row: Int) -> UnsafeBufferPointer<UInt8> {
        let start = Int(starts[row])
        return UnsafeBufferPointer(rebasing: bytes[start..<Int(starts[row + 1])])
    }
}
