/// The GRDB catalog implements every store protocol.
extension CatalogStore: PhotoQueries, CurationStore, AccountStore, SessionStore, ShareStore, TrashStore {}
// UndoStore: CatalogStore+Undo.swift; AlbumStore: CatalogStore+Albums.swift.

extension CatalogStore: ScanBookkeeping {}
