import Foundation
import Imaging

/// exiftool, the oracle we did not write, on bytes a test got back: what it reads there of where
/// a photo or a video was taken, in every place it knows (`-ee`: embedded clips and tracks too).
public enum ExifOracle {
    /// exiftool's tags that hold a position or a place name, in every group.
    public static let placeTags = ["-GPS*", "-*City*", "-*Location*", "-*Country*", "-*State*", "-*Sub-location*", "-*Sublocation*",
                                   "-*Province*"]

    /// The position and place tags exiftool reads with a value in `bytes`, kept in a file named
    /// `name` (its extension tells exiftool the format); empty when it reads none.
    public static func places(in bytes: [UInt8], named name: String) throws -> [String] {
        try places(in: [(name, bytes)])[name] ?? []
    }

    /// The same for several files at once (one exiftool run): each name with the tags read in it,
    /// for the names in which any is read. Names must differ.
    public static func places(in files: [(name: String, bytes: [UInt8])]) throws -> [String: [String]] {
        guard !files.isEmpty else { return [:] }
        let folder = NSTemporaryDirectory() + "photolala-oracle-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for file in files { try Data(file.bytes).write(to: URL(fileURLWithPath: folder + "/" + file.name)) }
        let outcome = try Spawn.run("/usr/bin/env", ["exiftool", "-a", "-G1", "-ee", "-n", "-s"] + placeTags + files.map { folder + "/" + $0.name })
        var found: [String: [String]] = [:]
        var current = files.count == 1 ? files[0].name : ""
        for line in String(decoding: outcome.output, as: UTF8.self).split(separator: "\n").map(String.init) {
            if line.hasPrefix("======== ") {
                current = String(line.dropFirst(9).split(separator: "/").last ?? "")
                continue
            }
            // (a blanked value reads empty; a GPS IFD's version says nothing of where)
            guard let colon = line.firstIndex(of: ":"), !line.contains("GPSVersionID") else { continue }
            if !line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces).isEmpty { found[current, default: []].append(line) }
        }
        return found
    }
}
