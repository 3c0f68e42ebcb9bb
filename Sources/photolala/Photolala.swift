import ArgumentParser

/// The `photolala` command: a thin front over Catalog and Gallery.
@main
struct Photolala: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photolala",
        abstract: "A self-hosted photo gallery: scans a folder of photos and serves it to any browser.",
        subcommands: [Serve.self, Scan.self, Users.self, Devices.self, Tokens.self, Backup.self, Library.self, DecodeWorker.self, LikenessCommand.self],
        defaultSubcommand: Serve.self
    )
}
