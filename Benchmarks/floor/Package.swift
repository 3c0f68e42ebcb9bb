// swift-tools-version:6.0
// The framework's own floor for Benchmarks/serve.sh: a bare Hummingbird server of the same
// version as Photolala's (kept equal by serve.sh, which reads Photolala's Package.resolved),
// built with the same flags, that answers from memory and does nothing else; and under it,
// SwiftNIO's own floor (nio-floor): its HTTP/1 pipeline and one handler, no framework.
import PackageDescription

let package = Package(
    name: "floor",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0"),
    ],
    targets: [
        .executableTarget(name: "floor", dependencies: [.product(name: "Hummingbird", package: "hummingbird")]),
        // SwiftNIO alone, the library under Hummingbird (the version Hummingbird resolves to).
        .executableTarget(name: "nio-floor", dependencies: [.product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio")]),
    ]
)
