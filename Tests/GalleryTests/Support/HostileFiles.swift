import Foundation
import TestSupport

/// Files that have hurt image galleries before, made on the spot: truncated, empty, random,
/// pixel floods, a huge animation, ImageMagick script formats in disguise, and a PNG whose
/// text chunk names a file to leak into renditions (CVE-2022-44268).
enum HostileFiles {
    /// 76 bytes that killed the scan and the server: the APP1 segment's length (6) covers only
    /// "Exif", so the "\0\0" of its signature lies in the next bytes.
    static let shortExifJPEG = Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x06, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0xFF, 0xDB, 0x00, 0x43, 0x00]
                                    + [UInt8](repeating: 0x01, count: 59))

    /// Writes the corpus into `folder` (created) and returns the file names.
    static func write(into folder: String, validJPEG: Data) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var generator = SeededGenerator(seed: 0x5EED_0002)
        var files: [String: Data] = [
            "truncated.jpg": validJPEG.prefix(validJPEG.count / 3),
            "empty.jpg": Data(),
            "random.jpg": Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }),
            // An APP1 "Exif" segment shorter than its signature: it once trapped the header reader.
            "short-exif.jpg": shortExifJPEG,
            "flood.png": Data(png(width: 100_000, height: 100_000, extra: [])),
            "flood-under-side-limit.png": Data(png(width: 16_000, height: 16_000, extra: [])),
            "leak.png": Data(png(width: 1, height: 1, extra: [chunk("tEXt", Array("profile\u{0}/etc/passwd".utf8))])),
            "script.jpg": Data("<?xml version=\"1.0\"?><image><read filename=\"/etc/passwd\"/><write filename=\"/tmp/photolala-msl\"/></image>".utf8),
            "vector.jpg": Data("push graphic-context\nviewbox 0 0 64 64\nimage over 0,0 0,0 'text:/etc/passwd'\npop graphic-context\n".utf8),
            "drawing.jpg": Data("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"><image xlink:href=\"text:/etc/passwd\" width=\"64\" height=\"64\"/></svg>".utf8),
            "postscript.jpg": Data("%!PS-Adobe-3.0\n(/etc/passwd) (r) file\nshowpage\n".utf8),
            "<img src=x onerror=alert(1)>.jpg": validJPEG,
            "quote\"and'apostrophe.jpg": validJPEG + Data([0x00]),
        ]
        files["msl:photo.jpg"] = validJPEG + Data([0x01])
        files["|touch pwned.jpg"] = validJPEG + Data([0x02])
        files["frames.gif"] = Data(gif(frames: 5000))
        for (name, bytes) in files { try bytes.write(to: URL(fileURLWithPath: folder + "/" + name)) }
        return Array(files.keys)
    }

    /// An animated GIF of `frames` 1×1 frames, written byte by byte (ImageMagick takes minutes to make one).
    static func gif(frames: Int) -> [UInt8] {
        var gif = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        gif += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]  // loop forever
        for _ in 0..<frames {
            gif += [0x21, 0xF9, 4, 0, 1, 0, 0, 0]  // 1/100 s per frame
            gif += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]
        }
        return gif + [0x3B]
    }

    /// A PNG whose header claims `width` × `height`, with optional extra chunks before the data.
    static func png(width: UInt32, height: UInt32, extra: [[UInt8]]) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", be(width) + be(height) + [8, 2, 0, 0, 0])
        for c in extra { png += c }
        // One filtered row of a 1×1 RGB image, deflated (stored); enough for a 1×1 file, short for a flood.
        png += chunk("IDAT", [0x78, 0x01, 0x01, 0x04, 0x00, 0xFB, 0xFF, 0x00, 0xFF, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00])
        png += chunk("IEND", [])
        return png
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be(UInt32(data.count)) + typed + be(crc32(typed))
    }

    private static func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
