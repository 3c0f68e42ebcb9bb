import ArgumentParser
import Foundation

/// A small generated library for a first run: nested folders, EXIF dates and cameras,
/// some pictures portrait through the EXIF Orientation tag, a few photos in the root.
enum DemoLibrary {
    struct Item {
        var path: String
        var colors: String
        var date: String
        var rotate: Bool
    }

    static let folders: [(String, Int, String, [String])] = [
        ("2023/Summer at the lake", 14, "2023:07:", ["skyblue-seagreen", "gold-orange", "lightblue-navy"]),
        ("2023/Winter walk", 8, "2023:12:", ["white-slategray", "lavender-steelblue"]),
        ("2024/Birthday", 12, "2024:03:", ["pink-purple", "gold-crimson", "orange-red"]),
        ("2024/Hiking/Day 1", 7, "2024:08:", ["forestgreen-khaki", "olive-tan"]),
        ("2024/Hiking/Day 2", 6, "2024:08:", ["darkgreen-wheat", "sienna-skyblue"]),
        ("Pets", 9, "2022:05:", ["peru-cornsilk", "gray-black", "tan-white"]),
        ("", 3, "2021:01:", ["plum-teal"]),
    ]

    /// Creates the demo library at `path` unless it already holds one.
    static func ensure(at path: String) throws {
        let marker = path + "/.photolala-demo"
        if FileManager.default.fileExists(atPath: marker) { return }
        for tool in ["convert", "exiftool"] where which(tool) == nil {
            throw ValidationError("The demo library needs `\(tool)` (Debian: imagemagick, libimage-exiftool-perl); install it or pass --library DIR.")
        }
        FileHandle.standardError.write(Data("Creating a demo library in \(path)…\n".utf8))
        var args: [String] = []
        var index = 0
        for (folder, count, month, palettes) in folders {
            let dir = folder.isEmpty ? path : path + "/" + folder
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for n in 1...count {
                index += 1
                let file = "\(dir)/IMG_\(String(format: "%04d", 1000 + index)).jpg"
                let palette = palettes[n % palettes.count]
                try run("convert", ["-size", "1200x900", "-seed", "\(index)", "plasma:\(palette)", "-blur", "0x1", "-quality", "85", file])
                let day = String(format: "%02d", 1 + (n * 3) % 27)
                let time = String(format: "%02d:%02d:%02d", 8 + n % 11, (n * 7) % 60, (n * 13) % 60)
                args += ["-overwrite_original", "-DateTimeOriginal=\(month)\(day) \(time)", "-Make=Photolala",
                         "-Model=Demo Camera \(1 + index % 3)"]
                if n % 4 == 0 { args += ["-Orientation#=6"] }  // stored landscape, shown portrait
                args += [file, "-execute"]
            }
        }
        let argfile = path + "/.exiftool-args"
        try args.joined(separator: "\n").write(toFile: argfile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: argfile) }
        // Quiet for every command of the file (options before -@ reach only the first, hence
        // -common_args): its "1 image files updated" lines and warnings say nothing a person needs.
        try run("exiftool", ["-@", argfile, "-common_args", "-q", "-q"])
        FileManager.default.createFile(atPath: marker, contents: Data("generated demo library\n".utf8))
    }

    private static func which(_ tool: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: which(tool) ?? "/usr/bin/\(tool)")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidationError("Creating the demo library failed: \(tool) exited with \(process.terminationStatus).")
        }
    }
}
