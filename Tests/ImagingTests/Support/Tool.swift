import Foundation
import Imaging

/// Runs the real command-line tools (convert, identify, exiftool, openssl) that make and inspect fixtures.
enum Tool {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `name` with `arguments` and returns its standard output; throws on a non-zero exit.
    @discardableResult
    static func run(_ name: String, _ arguments: [String]) throws -> String {
        let outcome = try Spawn.run("/usr/bin/env", [name] + arguments)
        guard outcome.ending.status == 0 else {
            throw Failure(description: "\(name) \(arguments.joined(separator: " ")): \(String(decoding: outcome.errors, as: UTF8.self))")
        }
        return String(decoding: outcome.output, as: UTF8.self)
    }

    /// Whether this ImageMagick can write HEIC (it needs libheif with an encoder).
    static let canWriteHEIC: Bool = {
        guard let formats = try? run("convert", ["-list", "format"]) else { return false }
        return formats.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.first?.hasPrefix("HEIC") == true && fields.count > 2 && fields[2].hasPrefix("rw")
        }
    }()

    /// Width and height of an image file as `identify` sees them.
    static func dimensions(of path: String) throws -> (width: Int, height: Int) {
        let parts = try run("identify", ["-format", "%w %h", path]).split(separator: " ").compactMap { Int($0) }
        guard parts.count == 2 else { throw Failure(description: "identify gave no size for \(path)") }
        return (parts[0], parts[1])
    }
}
