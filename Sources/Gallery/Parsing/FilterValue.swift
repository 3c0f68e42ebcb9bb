import Foundation

/// The values of the search filters people type into a query string: a day and a file size.
/// Total: any text gives a value or nil, never a trap.
enum FilterValue {
    /// "YYYY-MM-DD" (years 1800-3000, a real date) as camera-time seconds at midnight.
    static func day(_ raw: String) -> Int64? {
        let parts = raw.split(separator: "-")
        guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1800...3000).contains(y), (1...12).contains(m), (1...31).contains(d) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: y, month: m, day: d)),
              calendar.component(.day, from: date) == d else { return nil }
        return Int64(date.timeIntervalSince1970)
    }

    /// The largest size a filter can name (1 EB); any file is smaller.
    static let maxBytes: Int64 = 1_000_000_000_000_000_000

    /// Bytes, with an optional KB/MB/GB suffix (decimal units), at most `maxBytes`.
    static func bytes(_ raw: String) -> Int64? {
        let upper = raw.uppercased().replacingOccurrences(of: " ", with: "")
        let units: [(String, Double)] = [("GB", 1_000_000_000), ("MB", 1_000_000), ("KB", 1_000), ("B", 1)]
        for (suffix, factor) in units where upper.hasSuffix(suffix) {
            // Checked as a Double first: 999999999999GB is past what an Int64 holds.
            if let n = Double(upper.dropLast(suffix.count)), n >= 0, n * factor <= Double(maxBytes) { return Int64(n * factor) }
        }
        if let n = Int64(upper), n >= 0, n <= maxBytes { return n }
        return nil
    }
}
