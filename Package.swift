// swift-tools-version:6.0
// Tenki: weather and news for Slack-style chats. Toolchain and system libraries only: no package dependencies.
import PackageDescription

#if canImport(Glibc)
import Glibc
#endif

// Release builds on Linux put each function in its own section, so that the link can place the hot ones together
// (see the tenki target) and drop the unused ones. They also reach the metadata of generic types (`[String: Place]`, a
// `Codable` type's keyed container) through accessor functions instead of mangled names: a name is demangled at run time
// and its generic requirements checked by scanning every protocol conformance in the binary, once per type and protocol,
// which was a quarter of the instructions from the exec to a restarted server's first answer (46.4 M -> 35.4 M;
// docs/performance.md, "Start-up"). The accessors add about 0.1 MB of code.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .unsafeFlags(
        ["-Xfrontend", "-function-sections", "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
        .when(platforms: [.linux], configuration: .release)),
]

/// `strict`, without run-time exclusivity checks in release builds, for the two modules every request passes through: the
/// HTTP server, whose connections and loop state only the loop's own thread touches, and the logger, whose sink's state is
/// behind its lock. The checks cost about 3,000 of a cached command's 57,800 instructions (docs/performance.md). Debug builds,
/// and with them `swift test`, keep them; the compile-time checks stay everywhere.
let loopOwned: [SwiftSetting] = strict + [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

/// Whether the glibc this build links against starts a binary whose relative relocations are packed (DT_RELR: glibc
/// 2.36 and later). A release binary is built for the glibc it is built against (deploy/Dockerfile builds on Debian 12 and
/// runs on Debian 12; the systemd instructions build on the machine itself), so where that glibc reads them, the link
/// packs them: about 2 MiB less to read at every start and to keep resident (docs/performance.md, "Memory"). Elsewhere the
/// binary is linked as before and starts on older glibc.
let glibcReadsPackedRelocations: Bool = {
    #if canImport(Glibc)
    var buffer = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0 else { return false }
    // "glibc 2.36"
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let numbers = text.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    guard numbers.count >= 2 else { return false }
    return (numbers[0], numbers[1]) >= (2, 36)
    #else
    return false
    #endif
}()

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
        // OpenSSL's libssl: the WebSocket client's TLS.
        .systemLibrary(
            name: "CSSL",
            path: "Sources/CSSL",
            pkgConfig: "libssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // The Linux system calls Glibc's Swift module does not expose (epoll, accept4), and the
        // loaders and wrappers for libcurl and libpq, which are opened with dlopen on first use.
        .target(name: "CTenkiSystem", path: "Sources/CTenkiSystem"),

        // Leaf: small value types and helpers every layer shares (HTTP header fields, duration
        // conversions, ASCII case, the one async signal). No I/O.
        .target(name: "TenkiBase", swiftSettings: strict),
        // Pure core: parsing, models, formatting, schedules, retry arithmetic. No I/O.
        .target(name: "TenkiCore", dependencies: ["TenkiBase"], swiftSettings: strict),
        // The logger value and its sinks; passed in, never created inside libraries.
        .target(name: "TenkiLogging", swiftSettings: loopOwned),
        // Counters, gauges and histograms for `/metrics`, shared by the listener, clients and queue.
        .target(name: "TenkiMetrics", swiftSettings: strict),
        // Inbound: the HTTP/1.1 server on non-blocking sockets and epoll (parser, connections, limits).
        .target(name: "TenkiHTTPServer", dependencies: ["CTenkiSystem", "TenkiBase", "TenkiLogging"], swiftSettings: loopOwned),
        // Outbound: the HTTPTransport protocol and its libcurl implementation.
        .target(name: "TenkiHTTPClient", dependencies: ["CTenkiSystem", "TenkiBase"], swiftSettings: strict),
        // Outbound WebSocket (RFC 6455): the frame codec, the opening handshake, TLS over libssl, proxies
        // (HTTP CONNECT) and a connection with keep-alive, for Slack's Socket Mode.
        .target(name: "TenkiWebSocket", dependencies: ["TenkiBase", "CSSL", "CCrypto", "CTenkiSystem"], swiftSettings: strict),
        // Request verification and secrets: Slack's v0 HMAC, the Mattermost token, Discord's Ed25519, the token
        // values that never print, and AES-256-GCM sealing of stored tokens. libcrypto on Linux, CryptoKit elsewhere.
        .target(
            name: "TenkiSecurity",
            dependencies: ["TenkiBase", "TenkiCore", .target(name: "CCrypto", condition: .when(platforms: [.linux]))],
            swiftSettings: strict
        ),
        // Durable state: SQLite and the libpq driver (loaded at run time), the schemas and their migrations, and every
        // store with its protocol (outbox and pending commands, digest ledger, installations, preferences,
        // subscriptions, call budgets and rate-limit buckets, geocoding answers, seen events).
        .target(
            name: "TenkiStorage",
            dependencies: ["TenkiBase", "TenkiCore", "TenkiSecurity", "CSQLite", "CTenkiSystem"],
            swiftSettings: strict
        ),
        // Where answers come from: the OpenWeatherMap, NewsAPI and feed clients, the caches and single flight in front
        // of them, the weather and news services, and the daily call budget.
        .target(
            name: "TenkiProviders",
            dependencies: ["TenkiBase", "TenkiCore", "TenkiHTTPClient", "TenkiLogging", "TenkiMetrics", "TenkiStorage"],
            swiftSettings: strict
        ),
        // Slack's Web API: chat and views, OAuth (install and token rotation, with the refresher that uses it) and
        // apps.connections.open for Socket Mode.
        .target(
            name: "TenkiSlackAPI",
            dependencies: ["TenkiBase", "TenkiCore", "TenkiHTTPClient", "TenkiLogging", "TenkiSecurity", "TenkiStorage"],
            swiftSettings: strict
        ),
        // The durable delivery queue: late answers, digests and Home tabs posted to response_url, webhooks and the
        // Web API, with retries, pacing and leases on the outbox in TenkiStorage.
        .target(
            name: "TenkiDelivery",
            dependencies: [
                "TenkiBase", "TenkiCore", "TenkiHTTPClient", "TenkiLogging", "TenkiMetrics", "TenkiSecurity", "TenkiSlackAPI",
                "TenkiStorage",
            ],
            swiftSettings: strict
        ),
        // What ships for `demo`, `tenki fakes` and `replay`: fake upstreams, the webhook sink and a Socket Mode server.
        .target(
            name: "TenkiFakes",
            dependencies: ["TenkiBase", "TenkiCore", "TenkiHTTPClient", "TenkiHTTPServer", "TenkiLogging", "TenkiWebSocket"],
            swiftSettings: strict),
        // Features and the one composition root: settings, routes and adapters, handlers, the digest builder and
        // scheduler, subscriptions, pending commands, replay, demo and the commands of the executable.
        .target(
            name: "TenkiApp",
            dependencies: [
                "TenkiBase", "TenkiCharts", "TenkiCore", "TenkiDelivery", "TenkiFakes", "TenkiHTTPClient", "TenkiHTTPServer",
                "TenkiLogging", "TenkiMetrics", "TenkiProviders", "TenkiSecurity", "TenkiSlackAPI", "TenkiStorage",
                "TenkiWebSocket",
            ],
            swiftSettings: strict
        ),
        // Charts: the meteogram's layout, a small rasterizer with a bitmap font, and the PNG encoder. No I/O.
        .target(name: "TenkiCharts", dependencies: ["CZlib"], swiftSettings: strict),
        // The release binary on Linux is linked by lld, whose layout keeps read-only data out of the code pages, and the
        // functions a serving process runs (hot-code.order, written by bench/hot-code.sh) are placed side by side, so it
        // touches a few megabytes of code instead of pages spread over all of it. Both only change where things lie in
        // the file: fewer resident pages (docs/performance.md, "Memory"), the same program. Relative relocations are
        // packed where the glibc built against reads them (`glibcReadsPackedRelocations`). ICU's 34 MB of data goes last
        // in the file, in a segment of its own (link/icu-data-last.ld), so that the constants and data a start reads lie
        // together. libstdc++ is linked in statically (link/libstdc++.so says how): the loader then binds about 4,300
        // fewer symbols at every start (docs/performance.md, "Start-up").
        .executableTarget(
            name: "tenki", dependencies: ["TenkiApp"], exclude: ["hot-code.order", "link"], swiftSettings: strict,
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-use-ld=lld",
                        "-L\(Context.packageDirectory)/Sources/tenki/link",
                        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/tenki/hot-code.order",
                        "-Xlinker", "--no-warn-symbol-ordering",
                        "-Xlinker", "-T", "-Xlinker", "\(Context.packageDirectory)/Sources/tenki/link/icu-data-last.ld",
                    ] + (glibcReadsPackedRelocations ? ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : []),
                    .when(platforms: [.linux], configuration: .release))
            ]),

        // Tests only, never shipped: golden files, a manual clock, gates, an in-memory log sink.
        .target(
            name: "TenkiTestSupport", dependencies: ["TenkiBase", "TenkiCore", "TenkiFakes", "TenkiHTTPClient", "TenkiLogging"],
            swiftSettings: strict),

        .testTarget(name: "TenkiChartsTests", dependencies: ["TenkiCharts", "TenkiTestSupport"], swiftSettings: strict),
        .testTarget(name: "TenkiBaseTests", dependencies: ["TenkiBase"], swiftSettings: strict),
        .testTarget(name: "TenkiCoreTests", dependencies: ["TenkiCore", "TenkiTestSupport"], swiftSettings: strict),
        .testTarget(name: "TenkiLoggingTests", dependencies: ["TenkiLogging", "TenkiCore"], swiftSettings: strict),
        .testTarget(
            name: "TenkiHTTPServerTests", dependencies: ["TenkiHTTPServer", "TenkiHTTPClient", "TenkiFakes", "TenkiTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "TenkiHTTPClientTests", dependencies: ["TenkiHTTPClient", "TenkiHTTPServer", "TenkiTestSupport"],
            swiftSettings: strict),
        .testTarget(name: "TenkiWebSocketTests", dependencies: ["TenkiWebSocket", "TenkiTestSupport"], swiftSettings: strict),
        // One test target for the five libraries above (their suites share the store backends, the throwaway
        // PostgreSQL and the delivery fixtures); folders follow the libraries' folders.
        .testTarget(
            name: "TenkiServicesTests",
            dependencies: [
                "TenkiDelivery", "TenkiProviders", "TenkiSecurity", "TenkiSlackAPI", "TenkiStorage", "TenkiFakes",
                "TenkiTestSupport", "TenkiWebSocket",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "TenkiAppTests", dependencies: ["TenkiApp", "TenkiFakes", "TenkiTestSupport"], exclude: ["Goldens", "Digest/Goldens"],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
