/// The GRDB catalog implements every store protocol.
extension CatalogStore: PhotoQueries, CurationStore, AccountStore, SessionStore, ShareStore, TrashStore {}

extension CatalogStore: ScanBookkeeping {}
