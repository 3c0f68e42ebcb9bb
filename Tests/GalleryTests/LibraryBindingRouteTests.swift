import Catalog
import Foundation
import Gallery
import Hummingbird
import HummingbirdTesting
import Logging
import TestSupport
import Testing

@Suite struct LibraryBindingRouteTests {
    @Test func theGalleryRecordsItsLibraryAndRefusesToServeAnotherWithTheSameData() async throws {
        // given a gallery that has served its library once
        let f = try GalleryFixture()
        try f.addJPEG("a.jpg", seed: 1)
        try await f.scan()
        try await f.withClient { client in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .ok)
        }
        let other = try GalleryFixture()
        try other.addJPEG("b.jpg", seed: 2)
        var config = f.config()
        config.libraryPath = other.library
        // when another library is served with the same data folder
        let error = await #expect(throws: LibraryMismatch.self) {
            _ = try await buildApplication(config, logger: Logger(label: "test"))
        }
        // then it is refused naming both folders, and the catalog still records and holds the first
        #expect(error?.description.contains(f.library) == true && error?.description.contains(other.library) == true)
        let store = try CatalogStore.open(dataFolder: f.data)
        #expect(try await store.libraryRecord().path == f.library)
        #expect(try await store.photo(key: "a.jpg") != nil)
    }
}
