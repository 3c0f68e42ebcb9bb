import Foundation

/// Finds the folder that holds `Templates/` and `Public/`.
public enum ResourceLocator {
    /// `PHOTOLALA_RESOURCES`, then the working folder, then `../share/photolala` beside the
    /// executable, then the executable's folder and its ancestors (a build inside a checkout).
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var candidates: [String] = []
        if let explicit = environment["PHOTOLALA_RESOURCES"] { candidates.append(explicit) }
        candidates.append(FileManager.default.currentDirectoryPath)
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(dir.appendingPathComponent("../share/photolala").standardizedFileURL.path)
        for _ in 0..<6 {
            candidates.append(dir.path)
            dir = dir.deletingLastPathComponent()
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/Templates/layout.mustache") }
    }
}
