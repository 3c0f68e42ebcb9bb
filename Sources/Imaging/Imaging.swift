import CMagickWand

/// Decodes, orients, resizes and encodes renditions with MagickWand.
public enum Imaging {
    /// Pixel cap checked with a ping before any decode; default 250_000_000.
    public static let maxPixels = 250_000_000

    /// Runs once: Swift initialises static lets lazily and exactly once, even under contention.
    private static let started: Void = {
        MagickWandGenesis()
        // Photolala runs one wand per core; OpenMP threads inside each wand would only contend.
        _ = MagickSetResourceLimit(ThreadResource, 1)
        // Memory, map, area, width and height stay at policy.xml's caps (code can only lower
        // them); the pixel cap above is checked with a ping before anything is decoded.
        // Reads ask for frame 0 only; this backstops a coder that would ignore that on a huge animation.
        _ = MagickSetResourceLimit(ListLengthResource, 1_000)
    }()

    /// Starts MagickWand once per process (idempotent, thread-safe), sets ImageMagick's own thread limit to 1 (we parallelise across images), and sets resource limits.
    public static func bootstrap() {
        started
    }
}
