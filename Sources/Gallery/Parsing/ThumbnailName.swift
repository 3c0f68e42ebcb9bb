#if canImport(Imaging)
    import Imaging
#endif

/// The file name of a rendition address, without `.jpg`: `<sha256>` (64 lowercase hex digits),
/// or `<sha256>-r90` (`-r180`, `-r270`) for a picture the household turned. Total: anything
/// else, a `-r0` or a `-r090` included, is nil, so every picture has exactly one name per turn.
enum ThumbnailName {
    static func parse(_ name: Substring) -> (sha256: String, rotation: Rotation)? {
        // Every thumbnail request comes through here: the digits are checked over contiguous bytes.
        var sha = name.prefix(64)
        let isHex = sha.withUTF8 { bytes in
            bytes.count == 64 && bytes.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
        }
        guard isHex else { return nil }
        let turn = name.dropFirst(64)
        if turn.isEmpty { return (String(sha), .none) }
        guard turn.hasPrefix("-r"), let rotation = Rotation.allCases.first(where: { $0 != .none && turn.dropFirst(2) == "\($0.rawValue)" }) else {
            return nil
        }
        return (String(sha), rotation)
    }

    /// The name `parse` reads back.
    static func name(sha256: String, rotation: Rotation) -> String {
        rotation == .none ? sha256 : "\(sha256)-r\(rotation.rawValue)"
    }
}
