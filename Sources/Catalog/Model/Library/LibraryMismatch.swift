/// A data folder whose catalog belongs to another library than the one asked for.
public struct LibraryMismatch: Error, CustomStringConvertible, Equatable {
    /// The data folder holding the catalog.
    public let dataFolder: String
    /// The library the catalog records, or nil when it records none and its photos are not in `given`.
    public let recorded: String?
    /// The library that was asked for.
    public let given: String

    /// The refusal of `given` by the catalog in `dataFolder`.
    public init(dataFolder: String, recorded: String?, given: String) {
        self.dataFolder = dataFolder
        self.recorded = recorded
        self.given = given
    }

    /// Both folders, and what to do: another data folder, or `photolala library move`.
    public var description: String {
        let whose = recorded.map { "belongs to the library \($0), not to \(given)" }
            ?? "holds photos that are not in \(given) (it was made before data folders recorded their library)"
        return "The data folder \(dataFolder) \(whose). Using it for \(given) would drop those photos from its catalog, so nothing was done. "
            + "Give \(given) a data folder of its own (another --data, or leave --data out for its default one), "
            + "or, if the library really moved to \(given), run `photolala library move \(given) --data \(dataFolder)` once: "
            + "stars, tags and favorites stay."
    }
}
