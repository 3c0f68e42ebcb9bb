import Foundation

/// A single `Range: bytes=…` request (RFC 9110 §14.1.2) against a file's size.
enum ByteRange {
    /// The bytes asked for, clamped to the file; nil when the header is not one satisfiable range.
    static func parse(_ header: String, size: Int) -> ClosedRange<Int>? {
        guard size > 0, header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let spec = header.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard spec.count == 2 else { return nil }
        let (a, b) = (spec[0].trimmingCharacters(in: .whitespaces), spec[1].trimmingCharacters(in: .whitespaces))
        if a.isEmpty {
            guard let suffix = position(b), suffix > 0 else { return nil }
            return max(0, size - suffix)...(size - 1)
        }
        guard let start = position(a), start < size else { return nil }
        if b.isEmpty { return start...(size - 1) }
        guard let end = position(b), end >= start else { return nil }
        return start...min(end, size - 1)
    }

    /// A byte position: digits only (no sign, no inner space). One too large for an Int reads as
    /// Int.max, which lies past any file, so `bytes=0-99999999999999999999` still means "to the end".
    private static func position(_ text: String) -> Int? {
        guard !text.isEmpty else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard (0x30...0x39).contains(byte) else { return nil }
            let (shifted, over) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = shifted.addingReportingOverflow(Int(byte - 0x30))
            value = over || carry ? Int.max : sum
        }
        return value
    }
}
