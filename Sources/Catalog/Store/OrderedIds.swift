/// A group's file ids in its order, kept in four bytes each while every id fits (as they do
/// below four billion files), so a page index can keep every id of a 100,000-photo search in
/// 400 KB instead of stopping at a cap.
struct OrderedIds: Sendable {
    private var narrow: [UInt32] = []
    private var wide: [Int64]? = nil

    var count: Int { wide?.count ?? narrow.count }

    /// Memory the ids take, in bytes: what the page index cache weighs its entries by.
    var bytes: Int { wide.map { $0.count * 8 } ?? narrow.count * 4 }

    mutating func append(_ id: Int64) {
        if wide == nil, let small = UInt32(exactly: id) {
            narrow.append(small)
        } else {
            if wide == nil { wide = narrow.map(Int64.init) ; narrow = [] }
            wide!.append(id)
        }
    }

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
