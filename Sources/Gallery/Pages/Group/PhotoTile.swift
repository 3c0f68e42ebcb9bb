import Catalog

/// A photo tile on a group page.
struct PhotoTile: Encodable {
    var url: SiteURL
    /// Fragment id, so a link can land on this tile.
    var anchor: String
    /// The file's id: the value of its checkbox in select mode.
    var fileId: Int64
    /// In select mode the tile is a checkbox's label, not a link.
    var selecting = false
    var name: String
    var image: RowImage
    /// The one-tap favorite; nil where the visitor cannot keep favorites (share links).
    var favorite: TileFavorite?
    /// A video's length on its tile ("0:42"); nil for a photo. The image's alt text says it too.
    var duration: Phrase?
    /// What else the shot holds ("Live", "RAW", "Live · RAW"); nil for none. The alt text says it too.
    var badge: Phrase?
    /// A burst's tile: how many shots it stacks ("8"); the tile opens the burst.
    var stack: Phrase?
    /// On a burst's page: "Keep this one", the other shots to the trash.
    var keep: KeepForm?
    /// Among look-alikes (the Similar collection): "Best" on the one most worth keeping.
    var best: Phrase?
    /// The heading of the day this tile begins ("Saturday 3 August 2024"), on a page of dates
    /// in order (a month of the timeline); nil elsewhere and for the day's other tiles.
    var dayHeader: Phrase?
}

/// What a group page offers for bursts: on the household's group pages, each burst shown as
/// its top's tile; on a burst's own page, for an admin, a "Keep this one" form under each shot.
struct StackTools {
    /// Whether bursts are folded into their tops' tiles (a group's page, not a burst's own).
    var collapses: Bool
    /// Whether the visitor may move the other shots to the trash.
    var canKeep: Bool
    /// A burst is shown in the order it was taken.
    static let order = PhotoSort(field: .taken, descending: false)
}

/// "Keep this one": the select form's trash action over the whole burst but this shot
/// (`all=1`, `keep`), so a burst of any length goes in one step with one Undo.
struct KeepForm: Encodable {
    let action = SiteURL.Action.select.url
    var csrf, group, filter: String
    var keep: Int64
    var back: String
    var label: Phrase
}
