// swift-tools-version:6.0
// Tenki: weather and news for Slack. Toolchain and system libraries only: no package dependencies.
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Tenki",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tenki", targets: ["tenki"])
    ],
    targets: [
        // System libraries that ship with the OS.
        .systemLibrary(
            name: "CCrypto",
            path: "Sources/CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The few Linux system calls that Glibc's Swift module does not expose (epoll, accept4).
        .target(name: "CTenkiSystem", path: "Sources/CTenkiSystem"),

        // Pure core: parsing, models, formatting. No I/O.
        .target(name: "TenkiCore", swiftSettings: strict),
        // The logger value and its sinks; passed in, never created inside libraries.
        .target(name: "TenkiLogging", swiftSettings: strict),
        // Counters, gauges and histograms for `/metrics`, shared by the listener, clients and queue.
        .target(name: "TenkiMetrics", swiftSettings: strict),
        // HTTP/1.1 server on sockets, and the outbound HTTPTransport protocol with its libcurl implementation.
        .target(name: "TenkiHTTP", dependencies: ["CTenkiSystem", "TenkiLogging"], swiftSettings: strict),
        // API clients (OpenWeatherMap), Slack request verification.
        .target(
            name: "TenkiServices",
            dependencies: [
                "TenkiCore", "TenkiHTTP", "TenkiLogging", "TenkiMetrics", "CSQLite",
                .target(name: "CCrypto", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: strict
        ),
        // Fakes shared by tests, demo and `tenki fakes`: fake upstreams, manual clock, in-memory logs.
        .target(name: "TenkiTesting", dependencies: ["TenkiCore", "TenkiHTTP", "TenkiLogging"], swiftSettings: strict),
        // Settings, routes and handlers, commands of the executable.
        .target(
            name: "TenkiApp",
            dependencies: ["TenkiCore", "TenkiHTTP", "TenkiLogging", "TenkiMetrics", "TenkiServices", "TenkiTesting"],
            swiftSettings: strict
        ),
        .executableTarget(name: "tenki", dependencies: ["TenkiApp"], swiftSettings: strict),

        .testTarget(name: "TenkiCoreTests", dependencies: ["TenkiCore"], swiftSettings: strict),
        .testTarget(name: "TenkiLoggingTests", dependencies: ["TenkiLogging", "TenkiCore"], swiftSettings: strict),
        .testTarget(name: "TenkiHTTPTests", dependencies: ["TenkiHTTP", "TenkiTesting"], swiftSettings: strict),
        .testTarget(name: "TenkiServicesTests", dependencies: ["TenkiServices", "TenkiTesting"], swiftSettings: strict),
        .testTarget(name: "TenkiAppTests", dependencies: ["TenkiApp", "TenkiTesting"], exclude: ["Goldens"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
