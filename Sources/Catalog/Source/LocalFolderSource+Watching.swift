/// Changes in a folder library, told by inotify (see `LibraryWatcher`).
extension LocalFolderSource {
    public func changes() throws -> AsyncStream<Void> {
        try LibraryWatcher(root: root, logger: logger).changes()
    }
}
