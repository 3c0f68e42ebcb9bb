/// Which measured photos look alike (pure, beside the SQL that finds candidates): two photos
/// whose difference hashes differ in at most `maxDistance` bits. Candidates are found down four
/// indexes, one a 16-bit band of the hash: if two hashes differ in at most 11 bits, one of their
/// four bands differs in at most 2 (pigeonhole), so looking up each band's 137 neighbours within
/// 2 bits finds every pair that can qualify, and the distance of each candidate is then counted.
public enum SimilarPairs {
    /// The loosest likeness kept: the Similar collection's thresholds go up to it.
    public static let maxDistance = 10
    /// The most candidates looked at for one photo (a band of a common, plain hash can be crowded).
    static let maxCandidates = 2_000

    /// A band of the hash as SQL over `photo.likeness` (the same text as its index's).
    static func band(_ index: Int) -> String {
        index == 0 ? "likeness & 65535" : "(likeness >> \(16 * index)) & 65535"
    }

    /// The hash's four 16-bit bands.
    static func bands(_ hash: UInt64) -> [Int] {
        (0..<4).map { Int((hash >> UInt64(16 * $0)) & 0xFFFF) }
    }

    /// The values within two bits of `band` (itself, 16 one bit away and 120 two bits away).
    static func neighbours(_ band: Int) -> [Int] {
        var out = [band]
        for i in 0..<16 {
            out.append(band ^ (1 << i))
            for j in (i + 1)..<16 { out.append(band ^ (1 << i) ^ (1 << j)) }
        }
        return out
    }

    /// Whether a hash says enough of its picture to be compared: a flat or nearly flat picture
    /// (a dark pocket shot, a blank page) hashes to almost all zeros or ones, like every other.
    public static func informative(_ hash: UInt64) -> Bool {
        (8...56).contains(hash.nonzeroBitCount)
    }

    /// The pairs within `maxDistance` among `photos` themselves (measured together, so neither
    /// finds the other in the catalog yet), each once, the smaller id first.
    static func among(_ photos: [(id: Int64, hash: UInt64)]) -> [(Int64, Int64, Int)] {
        var out: [(Int64, Int64, Int)] = []
        for (i, a) in photos.enumerated() {
            for b in photos[(i + 1)...] where a.id != b.id {
                let distance = (a.hash ^ b.hash).nonzeroBitCount
                if distance <= maxDistance { out.append((min(a.id, b.id), max(a.id, b.id), distance)) }
            }
        }
        return out
    }
}
