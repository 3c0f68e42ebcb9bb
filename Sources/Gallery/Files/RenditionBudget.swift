import Foundation

/// How much disk the rendition cache may hold: a size, a share of the room it could have on its
/// disk (its own bytes plus the disk's free space, so the share does not shrink as the cache
/// grows), or no limit.
public enum RenditionBudget: Sendable, Equatable, CustomStringConvertible {
    case bytes(Int64)
    case percentOfRoom(Int)
    case unlimited

    /// The bytes the cache may hold now, given its own size and the free space on its disk.
    func limit(cached: Int64, free: Int64) -> Int64? {
        switch self {
        case .bytes(let bytes): bytes
        case .percentOfRoom(let percent): (max(0, cached) + max(0, free)) / 100 * Int64(percent)
        case .unlimited: nil
        }
    }

    /// Reads `5GB`, `800MB` (decimal units, as disks are sold, through the search filters' own
    /// reader), `20%` or `unlimited`; nil for anything else, or for less than 10 MB.
    public static func parse(_ raw: String) -> RenditionBudget? {
        let text = raw.trimmingCharacters(in: .whitespaces).uppercased()
        if text == "UNLIMITED" { return .unlimited }
        if text.hasSuffix("%") {
            guard let percent = Int(text.dropLast()), (1...95).contains(percent) else { return nil }
            return .percentOfRoom(percent)
        }
        guard let bytes = FilterValue.bytes(text), bytes >= 10_000_000 else { return nil }
        return .bytes(bytes)
    }

    public var description: String {
        switch self {
        case .bytes(let bytes): bytes % 1_000_000_000 == 0 ? "\(bytes / 1_000_000_000)GB" : "\(bytes / 1_000_000)MB"
        case .percentOfRoom(let percent): "\(percent)%"
        case .unlimited: "unlimited"
        }
    }
}
