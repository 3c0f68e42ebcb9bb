import Foundation

/// Runs the real command-line tools (convert, identify, exiftool, openssl) that make and inspect fixtures.
enum Tool {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `name` with `arguments` and returns its standard output; throws on a non-zero exit.
    @discardableResult
    static func run(_ name: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Drain both pipes before waiting (stderr on its own thread) so a chatty tool cannot
        // block on a full pipe.
        let errorBox = ErrorOutput()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorBox.data = drain(errors.fileHandleForReading.fileDescriptor)
            drained.signal()
        }
        let out = drain(output.fileHandleForReading.fileDescriptor)
        drained.wait()
        let err = errorBox.data
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(name) \(arguments.joined(separator: " ")): \(String(decoding: err, as: UTF8.self))")
        }
        return String(decoding: out, as: UTF8.self)
    }

    private final class ErrorOutput: @unchecked Sendable {
        var data = Data()
    }

    /// Reads a pipe to its end, retrying reads a signal interrupts (Foundation's
    /// readDataToEndOfFile crashes on EINTR).
    private static func drain(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return data
            }
        }
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
