#if canImport(Imaging)
    import Imaging
#endif

/// The file name of a rendition address, without `.jpg`: `<sha256>` (64 lowercase hex digits),
/// or `<sha256>-r90` (`-r180`, `-r270`) for a picture the household turned. Total: anything
/// else, a `-r0` or a `-r090` included, is nil, so every picture has exactly one name per turn.
enum ThumbnailName {
    static func parse(_ name: Substring) -> (sha256: String, rotation: Rotation)? {
        // Every thumbnail request comes through here: it reads contiguous bytes, never characters.
        var name = name
        return name.withUTF8 { bytes -> (sha256: String, rotation: Rotation)? in
            guard bytes.count >= 64 else { return nil }
            for byte in bytes[..<64] where !((48...57).contains(byte) || (97...102).contains(byte)) { return nil }
            let turn = UnsafeBufferPointer(rebasing: bytes[64...])
            guard let rotation = turn.isEmpty ? Rotation.none : turns.first(where: { $0.suffix.elementsEqual(turn) })?.rotation else {
                return nil
            }
            return (String(decoding: UnsafeBufferPointer(rebasing: bytes[..<64]), as: UTF8.self), rotation)
        }
    }

    /// The suffix of each turned picture's name: `-r90`, `-r180`, `-r270`.
    private static let turns: [(suffix: [UInt8], rotation: Rotation)] = Rotation.allCases.filter { $0 != .none }
        .map { (Array("-r\($0.rawValue)".utf8), $0) }

    /// The name `parse` reads back.
    static func name(sha256: String, rotation: Rotation) -> String {
        rotation == .none ? sha256 : "\(sha256)-r\(rotation.rawValue)"
    }
}
