import ArgumentParser
import Foundation

/// `--data`: where the catalog lives; every subcommand has it.
struct DataOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Where the catalog and thumbnail cache live; never inside the library. Default: $PHOTOLALA_DATA or ~/.local/share/photolala.", valueName: "dir"))
    var data: String?

    /// The data folder: the flag, then `PHOTOLALA_DATA`, then the XDG data home.
    var dataPath: String {
        if let data { return LocationOptions.absolute(data) }
        let env = ProcessInfo.processInfo.environment
        if let fromEnv = env["PHOTOLALA_DATA"], !fromEnv.isEmpty { return LocationOptions.absolute(fromEnv) }
        return LocationOptions.dataHome(env) + "/photolala"
    }
}

/// `--library` and `--data`, shared by the commands that read the library.
struct LocationOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The photo folder to serve. Default: $PHOTOLALA_LIBRARY, else a generated demo library.", valueName: "dir"))
    var library: String?

    @OptionGroup var dataOptions: DataOptions

    var dataPath: String { dataOptions.dataPath }

    /// The library folder, creating the demo library when none was given.
    func libraryPath() throws -> String {
        let fromEnv = ProcessInfo.processInfo.environment["PHOTOLALA_LIBRARY"].flatMap { $0.isEmpty ? nil : $0 }
        if let library = library ?? fromEnv {
            let path = Self.absolute(library)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("\(self.library == nil ? "PHOTOLALA_LIBRARY" : "--library"): \(library) is not a folder.")
            }
            return path
        }
        let demo = Self.dataHome(ProcessInfo.processInfo.environment) + "/photolala-demo"
        try DemoLibrary.ensure(at: demo)
        return demo
    }

    static func absolute(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        return URL(fileURLWithPath: expanded, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
    }

    static func dataHome(_ env: [String: String]) -> String {
        if let xdg = env["XDG_DATA_HOME"], !xdg.isEmpty { return xdg }
        return (env["HOME"] ?? NSHomeDirectory()) + "/.local/share"
    }
}
