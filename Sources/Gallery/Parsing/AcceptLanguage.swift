/// The languages a browser asks for (`Accept-Language`, RFC 9110 12.5.4), best first: each
/// range's tag lowercased, with its weight; ranges weighted 0 and anything that is not a range
/// are left out. Any text gives an answer; at most 32 ranges are read.
enum AcceptLanguage {
    struct Range: Equatable, Sendable {
        var tag: String
        /// From 0 to 1000 (the header's q times 1000).
        var weight: Int
    }

    static func parse(_ header: String) -> [Range] {
        var ranges: [(range: Range, order: Int)] = []
        for (order, item) in header.split(separator: ",", maxSplits: 32, omittingEmptySubsequences: true).prefix(32).enumerated() {
            let parts = item.split(separator: ";")
            guard let first = parts.first else { continue }
            let tag = first.trimmingSpaces.lowercased()
            guard (1...35).contains(tag.utf8.count),
                  tag.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2A }),
                  !tag.hasPrefix("-")
            else { continue }
            var weight = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" else { continue }
                weight = quality(pair[1].trimmingSpaces) ?? 0
            }
            if weight > 0 { ranges.append((Range(tag: tag, weight: weight), order)) }
        }
        // Heavier first; equal weights keep the header's order.
        return ranges.sorted { $0.range.weight != $1.range.weight ? $0.range.weight > $1.range.weight : $0.order < $1.order }.map(\.range)
    }

    /// `0`, `0.5`, `1.000`: thousandths; nil for anything else.
    private static func quality(_ text: String) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole == "0" || whole == "1" else { return nil }
        var value = whole == "1" ? 1000 : 0
        if parts.count == 2 {
            let fraction = parts[1]
            guard fraction.count <= 3, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            let padded = fraction + String(repeating: "0", count: 3 - fraction.count)
            value += Int(padded) ?? 0
        }
        return value <= 1000 ? value : nil
    }
}
