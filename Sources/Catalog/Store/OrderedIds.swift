/// A group's file ids in its order, kept in four bytes each while every id fits (as they do
/// below four billion files), so a page index can keep every id of a 100,000-photo search in
/// 400 KB instead of stopping at a cap.
struct OrderedIds: Sendable {
    private var narrow: [UInt32] = []
    private var wide: [Int64]? = nil

    /// `ids` as they come, four bytes each when every one fits.
    init(_ ids: [Int64]) {
        if ids.allSatisfy({ UInt32(exactly: $0) != nil }) {
            narrow = ids.map { UInt32(truncatingIfNeeded: $0) }
        } else {
            wide = ids
        }
    }

    var count: Int { wide?.count ?? narrow.count }

    /// Memory the ids take, in bytes: what the page index cache weighs its entries by.
    var bytes: Int { wide.map { $0.count * 8 } ?? narrow.count * 4 }

    subscript(_ index: Int) -> Int64 { wide.map { $0[index] } ?? Int64(narrow[index]) }

    /// The ids from `range`, clamped to what there is.
    func slice(_ range: Range<Int>) -> [Int64] {
        let clamped = range.clamped(to: 0..<count)
        if let wide { return Array(wide[clamped]) }
        return narrow[clamped].map(Int64.init)
    }

    /// Where `id` stands, or nil.
    func firstIndex(of id: Int64) -> Int? {
        if let wide { return wide.firstIndex(of: id) }
        guard let small = UInt32(exactly: id) else { return nil }
        return narrow.firstIndex(of: small)
    }
}

/// A set of file ids, asked of once a row as a page index walks a group: a bit an id over the
/// range the ids span when they are dense there (a search matching 646,687 of a million files:
/// 125 KB, and a test is a shift and a mask), a hash set when they are few and far apart.
struct FileIdSet: Sendable {
    private var low: Int64 = 0
    private var bits: [UInt64] = []
    private var sparse: Set<Int64>? = nil

    /// The set of `ids`, in any order, repeats allowed.
    init(_ ids: [Int64]) {
        guard let least = ids.min(), let most = ids.max() else { return }
        let (span, overflow) = most.subtractingReportingOverflow(least)
        let words = span / 64 + 1
        // Bits while they take at most four words an id (32 bytes, a hash set's own cost).
        guard !overflow, words <= Int64(ids.count) * 4 else {
            sparse = Set(ids)
            return
        }
        low = least
        bits = [UInt64](repeating: 0, count: Int(words))
        for id in ids {
            let offset = id - least
            bits[Int(offset >> 6)] |= 1 << UInt64(offset & 63)
        }
    }

    func contains(_ id: Int64) -> Bool {
        if let sparse { return sparse.contains(id) }
        let offset = id &- low
        guard offset >= 0, offset >> 6 < Int64(bits.count) else { return false }
        return bits[Int(offset >> 6)] & (1 << UInt64(offset & 63)) != 0
    }
}
