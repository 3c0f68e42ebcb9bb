import CMagickWand
import Synchronization

/// Decodes, orients, resizes and encodes renditions with MagickWand.
public enum Imaging {
    /// Pixel cap checked with a ping before any decode (`ImagingSettings.maxPixels` from `start` on).
    public static var maxPixels: Int { pixelLimit.load(ordering: .relaxed) }
    // ImageMagick's own limits are per process, so ours are too.
    static let pixelLimit = Atomic<Int>(ImagingSettings().maxPixels)

    /// Seconds one decode may take, counted from its start (`ImagingSettings.decodeTimeout` from `start` on).
    public static var decodeTimeout: Double { Double(timeoutMilliseconds.load(ordering: .relaxed)) / 1_000 }
    static let timeoutMilliseconds = Atomic<Int>(Int(ImagingSettings().decodeTimeout * 1_000))

    /// A time limit as nanoseconds, whatever the number (it may come off a pipe): from 10 ms to
    /// a day, and 30 s for NaN or infinity, so no conversion can trap.
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds.isFinite else { return 30_000_000_000 }
        return UInt64(min(max(seconds, 0.01), 86_400) * 1e9)
    }

    /// The resource limits set at start-up, in ImageMagick's units (bytes, pixels, count).
    ///
    /// There is deliberately no `time` limit: ImageMagick counts it from the process's start, not
    /// per image, so it would abort every decode once the process had been up that long. Each
    /// decode has its own deadline instead (`decodeTimeout`, enforced by `MagickFile.guarded` and,
    /// for decoder workers, by killing a worker that overruns it).
    public static let resourceLimits: [(name: String, type: ResourceType, value: MagickSizeType)] = [
        ("memory", MemoryResource, 256 << 20), ("map", MapResource, 512 << 20), ("disk", DiskResource, 1 << 30),
        ("area", AreaResource, 128_000_000), ("width", WidthResource, 16_384), ("height", HeightResource, 16_384),
        ("thread", ThreadResource, 1), ("list-length", ListLengthResource, 1_000),
    ]

    /// What ImageMagick reports for a resource limit now.
    public static func currentLimit(_ type: ResourceType) -> MagickSizeType {
        bootstrap()
        return MagickGetResourceLimit(type)
    }

    /// Runs once: Swift initialises static lets lazily and exactly once, even under contention.
    private static let started: Void = {
        MagickWandGenesis()
        // Set from code, whatever policy.xml says (which can only lower them further): memory and
        // map bound one decode, disk bounds the pixel cache spilling, width/height/area refuse
        // pixel floods, one thread per wand because Photolala
        // runs one wand per core, and the list length backstops a coder that would read every
        // frame of a huge animation although only frame 0 is asked for.
        for limit in resourceLimits {
            let current = MagickGetResourceLimit(limit.type)
            if limit.value < current { _ = MagickSetResourceLimit(limit.type, limit.value) }
        }
    }()

    /// Starts MagickWand once per process (idempotent, thread-safe), sets ImageMagick's own thread limit to 1 (we parallelise across images), and sets resource limits.
    public static func bootstrap() {
        started
    }
}
