/// The stores whose logic is written once (`Catalog/Shared`) and runs on `core`.
extension PostgresCatalog: AccountStore, SessionStore, ShareStore, DeviceStore, TokenStore, IdentityStore, InboxStore, AlbumStore, CurationStore, UndoStore, TrashStore, PhotoQueries, PrivacyStore {}
