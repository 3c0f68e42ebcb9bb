// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "photolala",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "photolala", targets: ["photolala"])
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // (4.x too: jwt-kit 5 asks for it)
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // The JSON API, generated from its OpenAPI document (Sources/PhotolalaAPI/openapi.yaml).
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
        // Sign-in through OpenID Connect: ID tokens verified against the provider's keys.
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CMagickWand",
            pkgConfig: "MagickWand",
            providers: [.apt(["libmagickwand-6.q16-dev"])]
        ),
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        .target(
            name: "Imaging",
            dependencies: [
                "CMagickWand",
                "CTurboJPEG",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The source contract: how anything reaches a photo's bytes (`PhotoSource`, its keys,
        // entries, errors and local files) and the store renditions are shared through; what the
        // catalog and the object store both build on, and nothing else.
        .target(name: "SourceContract"),
        // Where a position is: the gazetteer the project ships (Gazetteer/) and its spatial grid.
        // Plain Swift over plain values; the gallery names positions with it.
        .target(name: "Places"),
        .target(
            name: "Catalog",
            dependencies: [
                "SourceContract",
                "Imaging",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's own calls, for the scan writer's statements (`BoundStatement`).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                // The catalog shared by several instances (`PostgresCatalog`).
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // The errors its connection pool throws (shut down, no connection to be made).
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                // What a shared catalog runs while a server runs (`CatalogCapabilities.service`).
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // An S3-compatible bucket as a photo source: SigV4 over async-http-client. It knows the
        // source contract, not the catalog (no GRDB, no PostgreSQL); only the composition roots name it.
        .target(
            name: "ObjectStore",
            dependencies: [
                "SourceContract",
                "Imaging",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The JSON API's types and server stubs, generated at build time from openapi.yaml, the
        // contract; the gallery implements it (Gallery/API).
        .target(
            name: "PhotolalaAPI",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .target(
            name: "Gallery",
            dependencies: [
                "PhotolalaAPI",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                "Catalog",
                "Imaging",
                "Places",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]
        ),
        .executableTarget(
            name: "photolala",
            dependencies: [
                "Catalog",
                "Gallery",
                "Imaging",
                "ObjectStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What every test target shares: fixed-seed randomness, images made at test time, the in-memory
        // source and the route tests' application builder.
        .target(
            name: "TestSupport",
            dependencies: [
                "Catalog", "Gallery", "ObjectStore",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // To run the server's own services in a group of their own.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "CMagickWand", "TestSupport"]),
        .testTarget(name: "PlacesTests", dependencies: ["Places", "TestSupport"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "SourceContract", "ObjectStore", "TestSupport",
                                                       .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                                                       .product(name: "PostgresNIO", package: "postgres-nio")]),
        .testTarget(name: "ObjectStoreTests", dependencies: ["ObjectStore", "Catalog", "TestSupport"]),
        .testTarget(
            name: "GalleryTests",
            dependencies: [
                "Gallery",
                "PhotolalaAPI",
                "Catalog",
                "ObjectStore",
                "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // The reference the compiled templates are checked against.
                .product(name: "Mustache", package: "swift-mustache"),
                // To read back what the server compressed.
                .product(name: "CompressNIO", package: "compress-nio"),
            ]
        ),
    ]
)
