import Foundation

/// Human-readable numbers, sizes and dates for pages.
enum Formatting {
    /// "1,234".
    static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// A video's length as players show it: "0:42", "12:05", "1:02:03"; under a second is "0:01".
    static func playTime(milliseconds: Int64) -> String {
        let whole = max(1, Int((Double(max(0, milliseconds)) / 1_000).rounded()))
        let (hours, minutes, seconds) = (whole / 3600, whole % 3600 / 60, whole % 60)
        let twoDigits = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))" : "\(minutes):\(twoDigits(seconds))"
    }

    /// "2.4 MB" (decimal units, as file managers show them).
    static func bytes(_ n: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(n)
        var unit = 0
        while value >= 1000, unit < units.count - 1 { value /= 1000; unit += 1 }
        if unit == 0 { return "\(n) bytes" }
        return String(format: value < 10 ? "%.1f" : "%.0f", value) + " " + units[unit]
    }

    /// "4 Jul 2021, 10:20" for camera time (stored as if UTC, shown as the camera said it).
    static func cameraDate(_ seconds: Int64) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return "\(c.day!) \(months[c.month! - 1]) \(c.year!), " + String(format: "%02d:%02d", c.hour!, c.minute!)
    }

    /// "Sunday 4 July 2021" for a camera day (stored as if UTC), as a day's heading says it.
    static func weekday(_ seconds: Int64) -> String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return "\(days[c.weekday! - 1]) \(c.day!) \(months[c.month! - 1]) \(c.year!)"
    }

    /// "July 2021" (UTC), as a month of the timeline is titled.
    static func monthName(_ seconds: Int64) -> String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return "\(months[c.month! - 1]) \(c.year!)"
    }

    /// "4 Jul 2021" (UTC).
    static func day(_ seconds: Int64) -> String {
        String(cameraDate(seconds).split(separator: ",").first ?? "")
    }

    /// "Jul 2021".
    static func monthYear(_ seconds: Int64) -> String {
        let full = cameraDate(seconds)
        let parts = full.split(separator: " ")
        return "\(parts[1]) \(parts[2].dropLast())"
    }

    /// The months photos were taken in: "Jul 2021", "Jan – Mar 2021" or "Dec 2020 – Jan 2021";
    /// nil when no photo has a date from its camera. A month stays with its year and a short
    /// range stays whole on a narrow card; a long one may break after its dash.
    static func monthRange(_ from: Int64?, _ to: Int64?) -> String? {
        guard let first = from ?? to, let last = to ?? from else { return nil }
        let (start, end) = (monthYear(min(first, last)), monthYear(max(first, last)))
        let glued = { (text: String) in text.replacingOccurrences(of: " ", with: "\u{A0}") }
        if start == end { return glued(start) }
        let (startParts, endParts) = (start.split(separator: " "), end.split(separator: " "))
        // A word joiner after the dash: browsers may break after a dash even before a no-break space.
        if startParts.last == endParts.last { return glued("\(startParts[0]) –\u{2060} \(end)") }
        return glued(start) + "\u{A0}– " + glued(end)
    }
}
