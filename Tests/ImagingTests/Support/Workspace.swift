import Foundation

/// A temporary folder for one test's fixtures, removed when the test's suite instance goes away.
final class Workspace {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("imaging-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the workspace.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let target = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// Makes an image with `convert <arguments> name` and returns its path.
    @discardableResult
    func convert(_ name: String, _ arguments: [String]) throws -> String {
        let target = path(name)
        try Tool.run("convert", arguments + [target])
        return target
    }

    /// A 640×480 JPEG tagged like a phone photo taken sideways.
    func taggedJPEG(_ name: String = "tagged.jpg", orientation: Int = 6) throws -> String {
        let target = try convert(name, ["-size", "640x480", "gradient:red-blue"])
        try Tool.run("exiftool", [
            "-q", "-overwrite_original", "-Orientation#=\(orientation)",
            "-DateTimeOriginal=2021:07:04 10:20:30", "-Make=Canon", "-Model=EOS R6", target,
        ])
        return target
    }

    /// Reads a file's bytes.
    func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
