extension JPEGHeader {
    /// Bounds-checked big- and little-endian reads over the header bytes; out of range reads 0.
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var count: Int { bytes.count }

        subscript(_ index: Int) -> UInt8 { index >= 0 && index < bytes.count ? bytes[index] : 0 }

        func u16(_ at: Int, bigEndian: Bool) -> Int {
            let a = Int(self[at]), b = Int(self[at + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }

        func u32(_ at: Int, bigEndian: Bool) -> Int {
            let high = u16(at, bigEndian: bigEndian), low = u16(at + 2, bigEndian: bigEndian)
            return bigEndian ? high << 16 | low : low << 16 | high
        }

        /// The rest of `segment` after `signature`, when the segment begins with it (and holds it whole).
        /// Every sub-range of a segment is made here, so none can be built from an unchecked length.
        func after(_ signature: [UInt8], in segment: Range<Int>) -> Range<Int>? {
            guard segment.count >= signature.count, starts(with: signature, at: segment.lowerBound) else { return nil }
            return segment.lowerBound + signature.count..<segment.upperBound
        }

        func starts(with prefix: [UInt8], at: Int) -> Bool {
            guard at >= 0, at + prefix.count <= bytes.count else { return false }
            for (offset, byte) in prefix.enumerated() where bytes[at + offset] != byte { return false }
            return true
        }

        func slice(_ range: Range<Int>) -> [UInt8] {
            let clamped = range.clamped(to: 0..<bytes.count)
            return Array(bytes[clamped])
        }
    }
}
