import ArgumentParser
import Foundation
import Imaging

/// `photolala likeness FILE...`: each file's likeness (`Likeness`: its difference hash and
/// sharpness), a JSON line a file, measured as the server measures it. What the near-duplicate
/// benchmark reads; not shown in the help.
struct LikenessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "likeness", shouldDisplay: false)

    @Argument var files: [String]

    func run() throws {
        Imaging.start(ImagingSettings().inWorkers(command: "decode-worker", count: 1))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for file in files {
            var line: [String: String] = ["file": file]
            do {
                guard let format = try ImageFormat.sniff(fileAt: file) else { throw ImagingError.notAnImage }
                let likeness = try Imaging.likeness(fileAt: file, format: format)
                line["hash"] = likeness.hexHash
                line["sharpness"] = String(likeness.sharpness)
            } catch {
                line["error"] = "\(error)"
            }
            print(String(decoding: try encoder.encode(line), as: UTF8.self))
        }
    }
}
