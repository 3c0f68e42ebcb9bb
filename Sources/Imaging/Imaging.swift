import CMagickWand
import Synchronization

/// Decodes, orients, resizes and encodes renditions with MagickWand.
public enum Imaging {
    /// Pixel cap checked with a ping before any decode; 250 MP unless `setPixelLimit` says otherwise.
    public static var maxPixels: Int { pixelLimit.load(ordering: .relaxed) }
    // ImageMagick's own limits are per process, so ours is too.
    private static let pixelLimit = Atomic<Int>(250_000_000)

    /// Sets the pixel cap (width × height) above which a file is refused before decoding.
    public static func setPixelLimit(_ pixels: Int) {
        pixelLimit.store(max(1, pixels), ordering: .relaxed)
    }

    /// The resource limits set at start-up, in ImageMagick's units (bytes, pixels, seconds, count).
    public static let resourceLimits: [(name: String, type: ResourceType, value: MagickSizeType)] = [
        ("memory", MemoryResource, 256 << 20), ("map", MapResource, 512 << 20), ("disk", DiskResource, 1 << 30),
        ("area", AreaResource, 128_000_000), ("width", WidthResource, 16_384), ("height", HeightResource, 16_384),
        ("time", TimeResource, 120), ("thread", ThreadResource, 1), ("list-length", ListLengthResource, 1_000),
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
        // pixel floods, time stops a decode that runs away, one thread per wand because Photolala
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
