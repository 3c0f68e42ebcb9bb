/// How the WebDAV door is set up, from the composition root.
struct DavSettings: Sendable {
    /// The gallery's base path ("" or "/photos"), which every href starts with.
    var base: String
    /// Whether the library is read-only whatever the mount says (`--read-only`).
    var readOnly: Bool
    /// Whether admins see the household's private photos (`--admins-see-private`), as on the pages.
    var adminsSeePrivate: Bool
    /// The most bytes a member's inbox may hold; nil for no limit.
    var allowance: Int64?
    /// The free space a PUT must leave in the data folder and the library.
    var freeSpaceFloor: Int64
    /// Where PUT bodies are staged (in the data folder, on its file system).
    var stagingFolder: String
    /// The folder whose file system the library lives on (nil for a bucket).
    var libraryFolder: String?
    /// The longest a lock is granted for, in seconds.
    var maxLockSeconds: Int64 = 86_400
    /// The names this server answers to: a `Destination` naming any other host is another
    /// server's (502).
    var names = ServerNames(publicURLs: [])
}
