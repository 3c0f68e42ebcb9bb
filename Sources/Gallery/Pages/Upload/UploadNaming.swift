import Catalog
import Foundation
import Imaging

/// Where an upload lands and under what name.
struct UploadNaming: Sendable {
    /// The folder pattern, e.g. `Uploads/{yyyy}/{mm}`; `{yyyy}`, `{mm}` and `{dd}` are filled in.
    let pattern: String

    /// What is wrong with a pattern, as the end of a sentence its setting begins; nil when it is fine.
    static func validate(_ pattern: String) -> String? {
        let sample = UploadNaming(pattern: pattern).folder(for: Date(timeIntervalSince1970: 0), member: "member")
        guard SourceKey.isValid(sample), !sample.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
            return "must be a relative folder inside the library, like Uploads/{yyyy}/{mm}, not “\(pattern)”"
        }
        return nil
    }

    /// Whether uploads may land in the folder at `path`, in a folder below it, or above it: each
    /// of its parts as the pattern's part of the same depth could be once filled in (`2024` for
    /// `{yyyy}`, `08` for `{mm}`), as far as both go.
    func reaches(_ path: String) -> Bool {
        let parts = path.split(separator: "/"), shape = pattern.split(separator: "/")
        return zip(parts, shape).allSatisfy { part, shape in Self.fits(Array(part.utf8), Array(shape.utf8)) }
    }

    /// Whether `part` could be `shape` filled in: its literal bytes as they are, `{yyyy}` four
    /// digits, `{mm}` and `{dd}` two.
    private static let digits = [("{yyyy}", 4), ("{mm}", 2), ("{dd}", 2)].map { (Array($0.0.utf8), $0.1) }

    private static func fits(_ part: [UInt8], _ shape: [UInt8]) -> Bool {
        var shape = shape[...], part = part[...]
        while let first = shape.first {
            if let (token, count) = digits.first(where: { shape.starts(with: $0.0) }) {
                guard part.count >= count, part.prefix(count).allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
                shape = shape.dropFirst(token.count)
                part = part.dropFirst(count)
            } else {
                guard part.first == first else { return false }
                shape = shape.dropFirst()
                part = part.dropFirst()
            }
        }
        return part.isEmpty
    }

    /// The folder for a photo taken (or, when unknown, uploaded) at `date`, in camera time, by
    /// `member` (the phones' layout's `{member}`).
    func folder(for date: Date, member: String = "") -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return pattern
            .replacingOccurrences(of: "{member}", with: member)
            .replacingOccurrences(of: "{yyyy}", with: String(format: "%04d", c.year ?? 1970))
            .replacingOccurrences(of: "{mm}", with: String(format: "%02d", c.month ?? 1))
            .replacingOccurrences(of: "{dd}", with: String(format: "%02d", c.day ?? 1))
    }

    /// A safe file name from what the browser sent: its last path component, no control
    /// characters, not hidden, at most 120 bytes, ending in an extension that fits the bytes.
    static func fileName(_ sent: String, format: ImageFormat) -> String {
        let last = sent.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var name = String(String.UnicodeScalarView(last.unicodeScalars.filter {
            $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
        })).trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") { name.removeFirst() }
        var stem = name
        var ext = ""
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            stem = String(name[..<dot])
            ext = String(name[name.index(after: dot)...])
        }
        // Keep the extension as sent when it fits the bytes; a JPEG called .png becomes .png.jpg.
        if !Self.extensions[format, default: []].contains(ext.lowercased()) {
            if !ext.isEmpty { stem += "." + ext }
            ext = Self.extensions[format]!.first!
        }
        if stem.isEmpty { stem = "upload" }
        while stem.utf8.count > 120 { stem.removeLast() }
        return stem + "." + ext
    }

    private static let extensions: [ImageFormat: [String]] = [
        .jpeg: ["jpg", "jpeg", "jpe"], .png: ["png"], .gif: ["gif"], .webp: ["webp"], .tiff: ["tif", "tiff"], .heic: ["heic", "heif"],
        .avif: ["avif"],
        .mp4: ["mp4"], .mov: ["mov", "qt"], .m4v: ["m4v"], .threeGP: ["3gp", "3g2"], .webm: ["webm"], .mkv: ["mkv"], .avi: ["avi"],
        .dng: ["dng"], .cr2: ["cr2"], .cr3: ["cr3"], .nef: ["nef", "nrw"], .arw: ["arw", "srf", "sr2"], .raf: ["raf"], .orf: ["orf"],
        .rw2: ["rw2"], .pef: ["pef"],
    ]
}
