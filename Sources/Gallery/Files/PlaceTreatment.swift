import Catalog
import Imaging

/// What a share link that hides places does with a file it hands out (an original, a motion
/// photo's clip, each file of its zip): the one place that decides it. A file goes out only as
/// bytes known to say nothing of where it was taken (`PlaceRedaction`: its whole structure read
/// and every place it can hold overwritten in place), whatever the catalog happened to record of
/// its position; anything not positively known to be clean, a RAW, a WebM, a file whose
/// structure does not hold, is withheld.
enum PlaceTreatment: Sendable, Equatable {
    /// Nothing in it says where: handed out as it is.
    case asIs
    /// Handed out with these bytes written over it as it streams (its length kept).
    case patched([GPSRedaction.Patch])
    /// Not handed out.
    case withheld

    /// The treatment of the file `entry` (of `format`) for `view`'s audience: as it is where
    /// places are shown, else as `PlaceRedaction` finds it.
    static func of(_ format: ImageFormat, entry: SourceEntry, source: any PhotoSource, for view: ScopedCatalog) async -> PlaceTreatment {
        guard !view.showsPlaces else { return .asIs }
        guard let patches = await PlaceRedaction.patches(format: format, size: entry.size, read: { try await source.read(entry.key, range: $0) })
        else { return .withheld }
        return patches.isEmpty ? .asIs : .patched(patches)
    }

    /// Whether a file of `format` is withheld from `view`'s audience whatever its bytes (a page
    /// does not offer its download); one of another format may still be withheld when read.
    static func alwaysWithholds(_ format: ImageFormat, for view: ScopedCatalog) -> Bool {
        !view.showsPlaces && !PlaceRedaction.handled(format)
    }
}
