/// When a share link's group ends, the link ends with it, for good: a link names a group, never a
/// place another group may take. Written once for both catalogs (the statements are the same SQL
/// in either dialect); the album and tag cases are triggers, so no code path can forget them, and
/// folders, whose rows are made anew as a whole, are settled after each rebuild.
enum LinkEnding {
    /// Ends the live links of folders that no longer exist (the root always does); one argument: now.
    static let vanishedFolders = """
        UPDATE shareLink SET endedAt = ?
        WHERE kind = 'folder' AND endedAt IS NULL AND value <> '' AND NOT EXISTS (SELECT 1 FROM folder WHERE folder.path = shareLink.value)
        """

    /// Ends links whose group ended before this shape existed: an album deleted (or made after the
    /// link, which means its id was another album's before), a tag on no photo, a folder gone.
    static func settleStored(idAsText: String, tagMatches: String, now: String) -> String {
        """
        UPDATE shareLink SET endedAt = \(now)
        WHERE endedAt IS NULL AND (
          (kind = 'album' AND NOT EXISTS (SELECT 1 FROM album a WHERE \(idAsText) = shareLink.value AND a.createdAt <= shareLink.createdAt))
          OR (kind = 'tag' AND NOT EXISTS (SELECT 1 FROM tag t WHERE \(tagMatches)))
          OR (kind = 'folder' AND value <> '' AND NOT EXISTS (SELECT 1 FROM folder WHERE folder.path = shareLink.value)))
        """
    }
}
