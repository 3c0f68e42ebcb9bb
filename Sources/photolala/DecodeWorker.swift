import ArgumentParser
import Imaging

/// `photolala decode-worker`: what the server starts to decode images in a process of their own.
/// It reads JSON requests from standard input and answers on standard output; not for people.
struct DecodeWorker: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decode-worker", shouldDisplay: false)

    @Option(name: .customLong("max-pixels")) var maxPixels = 250_000_000

    func run() {
        Imaging.start(ImagingSettings(maxPixels: maxPixels))
        DecoderWorkers.serveRequests()
    }
}
