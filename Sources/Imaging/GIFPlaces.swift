/// Whether a GIF says nothing of where it was taken: its blocks walked from the header to the
/// trailer. XMP (and anything else) would sit in an application extension or a comment, which
/// cannot be blanked safely inside GIF's sub-blocks: a GIF with any application extension other
/// than looping (`NETSCAPE2.0`, `ANIMEXTS1.0`) or with a comment is nil. Otherwise there is
/// nothing to take out (no patches). Pure and total.
enum GIFPlaces {
    /// No patches for a GIF known to say nothing of where, nil for any other.
    static func patches(_ data: JPEGHeader.Reader) -> [GPSRedaction.Patch]? {
        guard data.count >= 13, data.starts(with: Array("GIF87a".utf8), at: 0) || data.starts(with: Array("GIF89a".utf8), at: 0) else { return nil }
        var at = 13
        // A global colour table: 3 × 2^(n+1) bytes when the flag's top bit is set.
        if data[10] & 0x80 != 0 { at += 3 << (Int(data[10] & 7) + 1) }
        for _ in 0..<1_000_000 {
            guard at < data.count else { return nil }
            switch data[at] {
            case 0x3B:
                for rest in at + 1..<data.count where data[rest] != 0 { return nil }
                return []
            case 0x21:
                guard at + 2 < data.count else { return nil }
                let label = data[at + 1]
                if label == 0xFE { return nil }
                if label == 0xFF {
                    guard data[at + 2] == 11, data.starts(with: Array("NETSCAPE2.0".utf8), at: at + 3) || data.starts(with: Array("ANIMEXTS1.0".utf8), at: at + 3)
                    else { return nil }
                }
                guard label == 0xF9 || label == 0xFF || label == 0x01, let next = subBlocks(data, from: at + 2) else { return nil }
                at = next
            case 0x2C:
                guard at + 10 <= data.count else { return nil }
                let flags = data[at + 9]
                at += 10
                if flags & 0x80 != 0 { at += 3 << (Int(flags & 7) + 1) }
                // The LZW minimum code size, then the picture's sub-blocks.
                guard at < data.count, let next = subBlocks(data, from: at + 1) else { return nil }
                at = next
            default:
                return nil
            }
        }
        return nil
    }

    /// Where the sub-blocks starting at `from` end (after their zero-length terminator).
    private static func subBlocks(_ data: JPEGHeader.Reader, from: Int) -> Int? {
        var at = from
        while at < data.count {
            let size = Int(data[at])
            if size == 0 { return at + 1 }
            at += 1 + size
        }
        return nil
    }
}
