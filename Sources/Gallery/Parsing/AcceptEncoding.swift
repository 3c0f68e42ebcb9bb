/// Whether a request's `Accept-Encoding` lets the answer be gzip (RFC 9110 §12.5.3): `gzip` or
/// `x-gzip` listed with a weight above 0, or `*` with one when gzip is not refused by name.
/// Read byte by byte (not by Character: a comma followed by a combining mark is one Character)
/// without trusting its shape: any text gives an answer, never a trap.
enum AcceptEncoding {
    static func allowsGzip(_ header: String?) -> Bool {
        guard let header, header.utf8.count <= 4_096 else { return false }
        var named: Bool?
        var star: Bool?
        for item in Array(header.utf8).split(separator: 0x2C, omittingEmptySubsequences: true) {
            let parts = item.split(separator: 0x3B, omittingEmptySubsequences: false)
            let coding = lowered(trimmed(parts[0]))
            var weight = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: 0x3D, maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, lowered(trimmed(pair[0])) == "q" else { continue }
                weight = Double(String(decoding: trimmed(pair[1]), as: UTF8.self)) ?? 0
            }
            let allowed = weight > 0 && weight <= 1
            switch coding {
            case "gzip", "x-gzip": named = (named ?? false) || allowed
            case "*": star = (star ?? false) || allowed
            default: continue
            }
        }
        return named ?? star ?? false
    }

    /// Without the spaces and tabs at either end.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
        return bytes
    }

    /// ASCII letters in lower case; other bytes as they are.
    private static func lowered(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
