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
    /// The most look-alikes a newly measured photo is paired with for its own sake: its nearest.
    /// With the pairs that bring another photo's nearest closer (at most `maxDistance + 1` a
    /// photo, ever), the pairs grow with the library by a bounded number a photo, however many
    /// copies of one picture it holds (without it, up to `maxCandidates` a photo).
    static let keptPerPhoto = 16

    /// A photo measured before, found to look like the one being measured: how far apart their
    /// hashes are, and the nearest look-alike it has so far (nil: none).
    struct Candidate: Equatable {
        let id: Int64
        let distance: Int
        let nearest: Int?
    }

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

    /// Which of `candidates` are paired with the photo `id`, each pair the smaller id first: its
    /// `keptPerPhoto` nearest (the smaller id first among equals), so its own nearest is among
    /// them, and every other whose nearest the pair brings closer, so each photo's kept nearest
    /// (`photo.nearest`) is that of its nearest look-alike among those measured. `nearest` holds
    /// the nearest each photo will have once the pairs chosen so far are written; it is
    /// brought up to date with these, the photo's own included.
    static func kept(_ id: Int64, _ candidates: [Candidate], nearest: inout [Int64: Int]) -> [(Int64, Int64, Int)] {
        var out: [(Int64, Int64, Int)] = []
        let sorted = candidates.filter { $0.id != id && $0.distance <= maxDistance }
            .sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
        for (rank, candidate) in sorted.enumerated() {
            let theirs = nearest[candidate.id] ?? candidate.nearest
            guard rank < keptPerPhoto || theirs.map({ candidate.distance < $0 }) ?? true else { continue }
            out.append((min(id, candidate.id), max(id, candidate.id), candidate.distance))
            nearest[candidate.id] = min(theirs ?? .max, candidate.distance)
        }
        if let first = sorted.first { nearest[id] = min(nearest[id] ?? .max, first.distance) }
        return out
    }
}
