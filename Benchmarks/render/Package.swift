// swift-tools-version:6.0
// Benchmarks/render.sh: Photolala's own Mustache renderer and multipart reader against the
// libraries they stand in for, swift-mustache and MultipartKit, in one release binary. Our side is
// compiled from the project's own source files (the links in Sources/render point at them), with
// `Shims.swift` for the two names those files reach outside themselves.
import PackageDescription

let package = Package(
    name: "render",
    platforms: [.macOS(.v14)],
    dependencies: [
        // The version Photolala's tests check its renderer against.
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", exact: "2.1.1"),
        .package(url: "https://github.com/vapor/multipart-kit.git", exact: "4.7.1"),
        // NIOCore, for the reader's buffers (MultipartKit's parser takes the same ones).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.65.0"),
        // The whole request: the page served per request by a bare Hummingbird server, of the
        // version Photolala's Package.resolved names (as Benchmarks/floor).
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "render",
            dependencies: [
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
    ]
)
