import Catalog
import Foundation
import Gallery
import Logging
import ObjectStore

/// A library and the data folder that holds its catalog, as a command will use them.
struct Locations {
    var library: String
    var data: String
    /// True when the library is the generated demo (made on first use).
    var isDemo = false
    /// Which library is used and why, when nobody named it.
    var note: Phrase?
    /// The source of a library in a bucket (`s3://…`); nil for a folder.
    var bucket: S3Source?
    /// The server of that bucket as given; nil for AWS itself.
    var s3Endpoint: String?
    /// A PostgreSQL catalog's address (`--catalog`); nil for `catalog.sqlite` in the data folder.
    var catalog: String?

    /// The source the library is read through: the bucket's, or a folder's with its trash in the
    /// data folder, whose walks `stat` with `walkThreads` threads (`LocalFolderSource`).
    func source(logger: Logger, walkThreads: Int = 1) -> any PhotoSource {
        bucket ?? LocalFolderSource(root: library, trashFolder: data + "/trash", walkThreads: walkThreads, logger: logger)
    }

    /// The demo library, with `data` or its own default data folder.
    static func demo(home: String, data: String?) -> Locations {
        let library = home + "/photolala-demo"
        let data = data ?? home + "/photolala/demo"
        return Locations(library: library, data: data, isDemo: true,
                         note: Phrase("Library: the generated demo in \(library), data in \(data); pass --library DIR for your own photos."))
    }

    /// Where a library's catalog lives when no `--data` is given: the folder that already records
    /// it (the shared folder of earlier versions, or one a move was recorded in), else a folder of
    /// its own, `libraries/NAME-HASH`, so two libraries never share a catalog.
    static func defaultData(for library: String, home: String) -> String {
        let base = home + "/photolala"
        if let legacy = LocationOptions.peek(base), legacy.fits(library) { return base }
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: base + "/libraries")) ?? []
        for folder in folders.sorted() {
            let data = base + "/libraries/" + folder
            if let record = LocationOptions.peek(data), let path = record.path, LibraryRecord.samePlace(path, library) { return data }
        }
        return base + "/libraries/" + ownFolderName(library)
    }

    /// `Pictures-1a2b3c4d`: the library's folder name, made safe, and a short hash of its whole path.
    static func ownFolderName(_ library: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        var name = String((library as NSString).lastPathComponent.map { allowed.contains($0) ? $0 : "-" }.prefix(40))
        if name.isEmpty || name.allSatisfy({ $0 == "." }) { name = "library" }
        return name + "-" + TokenHash.of(library).prefix(8)
    }

    /// What keeps `path` from being used as a library, or nil.
    static func folderProblem(_ path: String) -> String? { LocalFolderSource.folderProblem(path) }
}
