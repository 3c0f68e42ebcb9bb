import Foundation

/// How a process decodes, as one value that `serve`, `scan` and the decode worker each hand to
/// `Imaging.start`: the limits every decode keeps and where decodes run. ImageMagick's state is
/// per process, so these are too: they hold from `start` on.
public struct ImagingSettings: Sendable, Equatable {
    /// The pixel cap (width × height) above which a file is refused before decoding.
    public var maxPixels = 250_000_000
    /// Seconds one decode (a probe or a rendition) may take before it is stopped (10 ms to a day).
    public var decodeTimeout: Double = 30
    /// Decoder worker processes, so a decoder crash costs a worker and not the process; nil
    /// decodes in this process.
    public var workers: Workers?

    public struct Workers: Sendable, Equatable {
        /// The program a worker runs, and its arguments: a command that answers `DecoderWorkers.serveRequests`.
        public var executable: String
        public var arguments: [String]
        public var count: Int

        public init(executable: String, arguments: [String], count: Int) {
            self.executable = executable
            self.arguments = arguments
            self.count = count
        }
    }

    public init(maxPixels: Int = 250_000_000, decodeTimeout: Double = 30, workers: Workers? = nil) {
        self.maxPixels = maxPixels
        self.decodeTimeout = decodeTimeout
        self.workers = workers
    }

    /// These settings with `count` decoder workers: this program (or `executable`) run as `command`
    /// with this pixel cap (the `decode-worker` command reads it as `--max-pixels`).
    public func inWorkers(command: String, count: Int, executable: String? = nil) -> ImagingSettings {
        var settings = self
        settings.workers = Workers(executable: executable ?? Self.thisProgram, arguments: [command, "--max-pixels", String(maxPixels)], count: count)
        return settings
    }

    /// This process's own program, as the kernel names it (the path it was started by otherwise).
    public static var thisProgram: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

extension Imaging {
    /// Starts ImageMagick (once a process) with its resource limits, and sets the limits and the
    /// place of every later decode from `settings`.
    public static func start(_ settings: ImagingSettings) {
        bootstrap()
        pixelLimit.store(max(1, settings.maxPixels), ordering: .relaxed)
        timeoutMilliseconds.store(Int(nanoseconds(settings.decodeTimeout) / 1_000_000), ordering: .relaxed)
        if let workers = settings.workers {
            startDecoderWorkers(executable: workers.executable, arguments: workers.arguments, count: workers.count)
        }
    }
}
