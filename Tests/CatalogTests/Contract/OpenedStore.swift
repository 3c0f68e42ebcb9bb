import Foundation

/// A store made for one contract test, and the folder it lives in (removed when done).
final class OpenedStore {
    let store: any ContractStore
    let folder: String?

    init(store: any ContractStore, folder: String?) {
        self.store = store
        self.folder = folder
    }

    deinit {
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }
}
