import ArgumentParser
import Foundation
import Gallery
import Imaging

/// A demo library for a first run, made in a few seconds from real photographs: the photos in
/// Debian's `plasma-workspace-wallpapers` package, cropped as a phone or a camera would have
/// framed them, in dated folders with camera EXIF, some with stars and keywords in XMP, one shown
/// upright through the EXIF Orientation tag, most with the position a phone writes, a HEIC, a PNG
/// and a duplicate.
enum DemoLibrary {
    /// Where Debian installs the wallpapers; each is `NAME/contents/images/WIDTHxHEIGHT.jpg`.
    static let wallpapers = "/usr/share/wallpapers"
    /// The marker's text. Its presence means the folder is a finished demo library.
    static let markerText = "Photolala demo library 2: photographs from Debian's plasma-workspace-wallpapers\n"
    static let markerName = ".photolala-demo"

    /// A crop of the photograph once it is scaled to fill `frame` (2400 × 1500, the 16:10 of the wallpapers).
    struct Crop { var width, height, x, y: Int }
    static let frame = (width: 2400, height: 1500)

    enum Kind: String { case jpeg = "jpg", heic = "heic", png = "png" }

    /// One file of the demo.
    struct Shot {
        var path: String
        var crop: Crop?
        var kind: Kind = .jpeg
        /// Stored turned a quarter to the left, with EXIF Orientation 6 to show it upright, as phones do.
        var turned = false
        /// `YYYY:MM:DD HH:MM:SS`, or nil for a file without a camera date (an edited export).
        var taken: String?
        var camera: (make: String, model: String)?
        var rating: Int?
        var keywords: [String] = []
    }

    static let pixel = (make: "Google", model: "Pixel 7")
    static let fuji = (make: "FUJIFILM", model: "X-T30")
    static let iphone = (make: "Apple", model: "iPhone 13")

    static let lake = "2023/Lake weekend"
    static let woods = "2023/Autumn in the woods"
    static let city = "2024/City trip"
    /// Where each trip was: by a lake in the Alps, in a forest of the Black Forest, in Lisbon.
    static let positions = [lake: (47.5622, 13.6493), woods: (47.9959, 7.8522), city: (38.7110, -9.1365)]

    /// Each photograph of the package and the files made from it.
    static let photographs: [(wallpaper: String, shots: [Shot])] = [
        ("EveningGlow", [
            Shot(path: "\(lake)/PXL_20230812_194512031.jpg", taken: "2023:08:12 19:45:12", camera: pixel, rating: 5, keywords: ["lake", "boats", "sunset"]),
            Shot(path: "\(lake)/PXL_20230812_194630517.jpg", crop: Crop(width: 840, height: 1120, x: 120, y: 380), taken: "2023:08:12 19:46:30", camera: pixel, keywords: ["boats"]),
        ]),
        ("BytheWater", [
            Shot(path: "\(lake)/PXL_20230812_101502204.jpg", taken: "2023:08:12 10:15:02", camera: pixel, keywords: ["lake"]),
            Shot(path: "\(lake)/PXL_20230812_101544870.jpg", crop: Crop(width: 900, height: 1200, x: 1300, y: 300), turned: true, taken: "2023:08:12 10:15:44", camera: pixel),
        ]),
        ("summer_1am", [
            Shot(path: "\(lake)/PXL_20230812_213301118.jpg", taken: "2023:08:12 21:33:01", camera: pixel, rating: 4, keywords: ["lake", "sunset"]),
        ]),
        ("DarkestHour", [
            Shot(path: "\(lake)/PXL_20230813_054820392.jpg", taken: "2023:08:13 05:48:20", camera: pixel, keywords: ["lake"]),
        ]),
        ("ColdRipple", [
            Shot(path: "\(lake)/PXL_20230813_071207655.jpg", crop: Crop(width: 1500, height: 1500, x: 450, y: 0), taken: "2023:08:13 07:12:07", camera: pixel, rating: 3),
        ]),
        ("FallenLeaf", [
            Shot(path: "\(woods)/DSCF2041.JPG", taken: "2023:10:21 14:02:11", camera: fuji, rating: 4, keywords: ["autumn"]),
            Shot(path: "\(woods)/DSCF2042.JPG", crop: Crop(width: 840, height: 1120, x: 1250, y: 250), turned: true, taken: "2023:10:21 14:02:40", camera: fuji, keywords: ["autumn"]),
        ]),
        ("Path", [
            Shot(path: "\(woods)/DSCF2057.JPG", taken: "2023:10:21 15:20:05", camera: fuji, rating: 5, keywords: ["forest"]),
            Shot(path: "\(woods)/DSCF2058.JPG", crop: Crop(width: 900, height: 1200, x: 700, y: 300), taken: "2023:10:21 15:20:31", camera: fuji, keywords: ["forest"]),
        ]),
        ("OneStandsOut", [
            Shot(path: "\(woods)/DSCF2063.JPG", taken: "2023:10:21 15:41:52", camera: fuji, keywords: ["forest"]),
            Shot(path: "\(woods)/DSCF2064.JPG", crop: Crop(width: 900, height: 900, x: 1100, y: 280), taken: "2023:10:21 15:42:09", camera: fuji),
        ]),
        ("Grey", [
            Shot(path: "\(city)/IMG_4410.JPG", taken: "2024:04:06 11:08:43", camera: iphone),
            Shot(path: "\(city)/IMG_4411.JPG", crop: Crop(width: 900, height: 1200, x: 1000, y: 150), turned: true, taken: "2024:04:06 11:09:02", camera: iphone, rating: 4),
        ]),
        ("ColorfulCups", [
            Shot(path: "\(city)/IMG_4423.JPG", crop: Crop(width: 1000, height: 1000, x: 700, y: 250), taken: "2024:04:06 16:31:27", camera: iphone, keywords: ["cafe"]),
            Shot(path: "\(city)/cups-edit.png", kind: .png),
        ]),
        ("Kite", [
            Shot(path: "IMG_4502.HEIC", kind: .heic, taken: "2024:05:19 13:12:55", camera: iphone),
        ]),
    ]

    /// A copy of a file made above, byte for byte, as a second import of the same photo leaves.
    static let duplicate = (of: "\(lake)/PXL_20230812_194512031.jpg", at: "PXL_20230812_194512031.jpg")

    /// Creates the demo library at `path` unless it already holds one. It is made in a folder
    /// beside it and renamed into place when whole, so a failed or interrupted run leaves nothing
    /// half made where the gallery would serve it.
    static func ensure(at path: String) throws {
        let fm = FileManager.default
        let marker = path + "/" + markerName
        if let text = try? String(contentsOfFile: marker, encoding: .utf8) {
            if text != markerText {
                tell(Phrase("The demo library in \(path) was made by an earlier version (generated patterns, not photographs); remove that folder to have it made again from real photographs."))
            }
            return
        }
        var isFolder: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isFolder) {
            let contents = isFolder.boolValue ? (try? fm.contentsOfDirectory(atPath: path)) : nil
            guard let contents, contents.isEmpty else {
                throw ValidationError(Phrase("\(path) is not a demo library and would be served as one; move it away, or pass --library DIR to serve a folder of your own."))
            }
        }
        for (tool, package) in [("convert", "imagemagick"), ("exiftool", "libimage-exiftool-perl")] where which(tool) == nil {
            throw ValidationError(Phrase("The demo library needs `\(tool)` (Debian: apt install \(package)); install it, or pass --library DIR to serve a folder of your own."))
        }
        let sources = try photographs.map { try original($0.wallpaper) }

        tell(Phrase("Creating a demo library of real photographs in \(path)…"))
        let partial = path + ".partial"
        try? fm.removeItem(atPath: partial)
        try fm.createDirectory(atPath: partial, withIntermediateDirectories: true)
        for folder in Set(photographs.flatMap { $0.shots.map { ($0.path as NSString).deletingLastPathComponent } }) {
            try fm.createDirectory(atPath: partial + "/" + folder, withIntermediateDirectories: true)
        }
        // One `convert` a photograph, reading it once and writing each of its files; as many at
        // once as there are cores (a HEIC takes longest, so it is started first).
        let jobs = photographs.indices.sorted { photographs[$0].shots.contains { $0.kind == .heic } && !photographs[$1].shots.contains { $0.kind == .heic } }
        let failures = LockedList()
        DispatchQueue.concurrentPerform(iterations: jobs.count) { i in
            let job = jobs[i]
            do { try run("convert", convertArguments(source: sources[job], shots: photographs[job].shots, into: partial)) } catch { failures.add("\(error)") }
        }
        if let failure = failures.first { throw ValidationError(failure) }

        let argfile = partial + "/.exiftool-args"
        try exiftoolArguments(into: partial).joined(separator: "\n").write(toFile: argfile, atomically: true, encoding: .utf8)
        // Quiet for every command of the file (options before -@ reach only the first, hence
        // -common_args): its "1 image files updated" lines and warnings say nothing a person
        // needs; -m writes past minor problems rather than leaving a file without its tags.
        try run("exiftool", ["-@", argfile, "-common_args", "-q", "-q", "-m", "-overwrite_original"])
        try fm.removeItem(atPath: argfile)
        try fm.copyItem(atPath: partial + "/" + duplicate.of, toPath: partial + "/" + duplicate.at)
        fm.createFile(atPath: partial + "/" + markerName, contents: Data(markerText.utf8))

        if fm.fileExists(atPath: path) { try fm.removeItem(atPath: path) }  // an empty folder, checked above
        try fm.moveItem(atPath: partial, toPath: path)
    }

    /// Whether `path` holds a demo library (named or not).
    static func isDemo(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + markerName)
    }

    /// The largest JPEG of a wallpaper of the package.
    static func original(_ wallpaper: String) throws -> String {
        let folder = "\(wallpapers)/\(wallpaper)/contents/images"
        let sizes = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap { name -> (Int, String)? in
            guard name.hasSuffix(".jpg") else { return nil }
            let parts = name.dropLast(4).split(separator: "x").compactMap { Int($0) }
            return parts.count == 2 ? (parts[0] * parts[1], name) : nil
        }
        guard let largest = sizes.max(by: { $0.0 < $1.0 }) else {
            throw ValidationError(Phrase("The demo library is made from the photographs of Debian's plasma-workspace-wallpapers package, and \(folder) has none; install it (apt install plasma-workspace-wallpapers, or scripts/setup.sh), or pass --library DIR to serve a folder of your own."))
        }
        return folder + "/" + largest.1
    }

    /// `convert` arguments that read `source` once, fill the frame, and write each shot.
    static func convertArguments(source: String, shots: [Shot], into folder: String) -> [String] {
        // The wallpapers' own metadata (some have stars, keywords and odd XMP) goes; ours is written after.
        var args = [source, "-strip", "-resize", "\(frame.width)x\(frame.height)^", "-gravity", "center",
                    "-extent", "\(frame.width)x\(frame.height)", "+repage", "-gravity", "northwest"]
        for shot in shots {
            args += ["(", "+clone"]
            if let crop = shot.crop { args += ["-crop", "\(crop.width)x\(crop.height)+\(crop.x)+\(crop.y)", "+repage"] }
            if shot.turned { args += ["-rotate", "-90"] }
            switch shot.kind {
            case .jpeg: args += ["-quality", "88", "-sampling-factor", "2x2"]
            // A HEIC encodes slowly: a smaller one, as a phone's "most compatible" export might be.
            case .heic: args += ["-resize", "1600x1600>", "-quality", "60"]
            case .png: args += ["-resize", "1600x1600>"]
            }
            args += ["-write", folder + "/" + shot.path, "+delete", ")"]
        }
        return args + ["null:"]
    }

    /// One exiftool command a file that has a camera date, stars or keywords.
    static func exiftoolArguments(into folder: String) -> [String] {
        var args: [String] = []
        for shot in photographs.flatMap(\.shots) {
            var tags: [String] = []
            if let taken = shot.taken { tags += ["-EXIF:DateTimeOriginal=\(taken)", "-EXIF:CreateDate=\(taken)"] }
            if let camera = shot.camera { tags += ["-EXIF:Make=\(camera.make)", "-EXIF:Model=\(camera.model)"] }
            if shot.turned { tags += ["-EXIF:Orientation#=6"] }
            if let rating = shot.rating { tags += ["-XMP-xmp:Rating=\(rating)"] }
            if shot.taken != nil, let (latitude, longitude) = positions[(shot.path as NSString).deletingLastPathComponent] {
                // A few metres apart, as shots of one walk are.
                let step = Double(shot.path.unicodeScalars.reduce(0) { $0 + Int($1.value) } % 40) / 10_000
                tags += ["-EXIF:GPSLatitude=\(abs(latitude + step))", "-EXIF:GPSLatitudeRef=\(latitude < 0 ? "S" : "N")",
                         "-EXIF:GPSLongitude=\(abs(longitude + step))", "-EXIF:GPSLongitudeRef=\(longitude < 0 ? "W" : "E")"]
            }
            tags += shot.keywords.map { "-XMP-dc:Subject=\($0)" }
            if !tags.isEmpty { args += tags + [folder + "/" + shot.path, "-execute"] }
        }
        return args
    }

    /// A line on standard error, in the terminal's language.
    private static func tell(_ phrase: Phrase) {
        FileHandle.standardError.write(Data((Words.language.say(phrase) + "\n").utf8))
    }

    private static func which(_ tool: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let outcome = try Spawn.run(which(tool) ?? "/usr/bin/\(tool)", arguments)
        guard outcome.ending.status == 0 else {
            let detail = String(decoding: outcome.errors, as: UTF8.self).split(separator: "\n").first.map { ": " + $0 } ?? ""
            let how = outcome.ending.status.map { "exited with status \($0)" } ?? "was stopped by signal \(outcome.ending.signal ?? 0)"
            throw ValidationError("Creating the demo library failed: \(tool) \(how)\(detail).")
        }
    }

    /// The first failure of the parallel `convert` runs.
    private final class LockedList: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ item: String) { lock.withLock { items.append(item) } }
        var first: String? { lock.withLock { items.first } }
    }
}
