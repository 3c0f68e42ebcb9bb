import Foundation
import Imaging

/// Real image files made at test time with ImageMagick (and exiftool for metadata).
public enum TestImages {
    /// A small JPEG of distinct content per `seed`; `exif` goes to exiftool (`-DateTimeOriginal=…`).
    public static func jpeg(seed: Int, size: String = "64x48", exif: [String] = []) throws -> [UInt8] {
        let folder = NSTemporaryDirectory() + "photolala-image-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/image.jpg"
        try writeJPEG(to: path, seed: seed, size: size, exif: exif)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Writes such a JPEG at `path`, whose folder must exist.
    public static func writeJPEG(to path: String, seed: Int, size: String = "64x48", exif: [String] = []) throws {
        try run("convert", ["-size", size, "xc:rgb(\(seed % 256),\((seed * 7) % 256),\((seed * 13) % 256))",
                            "-fill", "white", "-draw", "point \(seed % 40),\(seed % 30)", path])
        if !exif.isEmpty { try run("exiftool", ["-q", "-overwrite_original"] + exif + [path]) }
    }

    /// A burst of `count` shots of one scene, a second apart from `first` ("2024:05:01 10:00:00"),
    /// each moved a few pixels and all but shot `sharpest` (1-based) blurred: JPEG bytes, in order.
    public static func burst(count: Int, seed: Int, first: String, sharpest: Int) throws -> [[UInt8]] {
        let folder = NSTemporaryDirectory() + "photolala-burst-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = folder + "/scene.png"
        try run("convert", ["-seed", String(seed), "-size", "480x360", "plasma:", "-blur", "0x1", scene])
        return try (1...count).map { shot in
            let path = folder + "/shot-\(shot).jpg"
            let blur = shot == sharpest ? [] : ["-blur", "0x\(1 + shot % 3)"]
            try run("convert", [scene, "-roll", "+\(shot * 2)+\(shot)"] + blur + ["-quality", "90", path])
            let second = String(format: "%02d", shot)
            try run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=\(first.dropLast(2))\(second)", path])
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        }
    }

    /// Runs a tool from PATH; throws unless it succeeds. (`Spawn`, not Foundation's `Process`,
    /// whose `run()` crashes now and then on Linux.)
    public static func run(_ tool: String, _ args: [String]) throws {
        let outcome = try Spawn.run("/usr/bin/env", [tool] + args)
        guard outcome.ending.status == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(tool): " + String(decoding: outcome.errors, as: UTF8.self)])
        }
    }
}
