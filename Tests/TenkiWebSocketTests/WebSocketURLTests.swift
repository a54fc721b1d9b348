import Testing

@testable import TenkiWebSocket

/// Which URLs the client accepts, and which proxy (if any) a `wss://` connection goes through.
@Suite struct WebSocketURLTests {
    @Test func wssAnywhereWithItsDefaultPort() throws {
        let url = try WebSocketURL("wss://wss-primary.slack.com/link/?ticket=1&app_id=A")
        #expect(url.isSecure && url.host == "wss-primary.slack.com" && url.port == 443)
        #expect(url.path == "/link/?ticket=1&app_id=A")
        #expect(url.hostHeader == "wss-primary.slack.com")
        #expect(!url.hostIsAddress)
    }

    @Test(arguments: ["ws://127.0.0.1:8080/socket", "ws://localhost/", "ws://[::1]:9000", "ws://127.0.0.2"])
    func wsOnlyToLoopback(_ text: String) throws {
        let url = try WebSocketURL(text)
        #expect(!url.isSecure)
    }

    @Test(arguments: ["ws://example.com/", "ws://10.0.0.1/", "ws://192.168.1.1:80"])
    func wsElsewhereIsRefusedWithAClearError(_ text: String) {
        #expect(throws: WebSocketError.self) { try WebSocketURL(text) }
        do {
            _ = try WebSocketURL(text)
        } catch {
            #expect(error.description.contains("ws:// (no TLS) is only allowed to a loopback host"))
        }
    }

    @Test(arguments: [
        "https://example.com/", "wss://", "wss://host:0/", "wss://host:99999/", "wss://u:p@host/", "wss://host/#x",
        "wss://ho st/",
    ])
    func malformedURLsAreRefused(_ text: String) {
        #expect(throws: WebSocketError.self) { try WebSocketURL(text) }
    }

    @Test func ipv6HostsKeepTheirBracketsInHost() throws {
        let url = try WebSocketURL("wss://[2001:db8::1]:8443/x")
        #expect(url.host == "2001:db8::1" && url.port == 8443 && url.hostHeader == "[2001:db8::1]:8443" && url.hostIsAddress)
    }

    static let slack = try! WebSocketURL("wss://wss-primary.slack.com/link")

    @Test func httpsProxyWithCredentials() throws {
        let route = try ProxyRoute.route(
            for: Self.slack, environment: ["HTTPS_PROXY": "http://al%40ice:s%3Acret@proxy.corp:3128"])
        #expect(
            route
                == ProxyRoute(
                    host: "proxy.corp", port: 3128, authorization: "Basic " + Base64.encode(Array("al@ice:s:cret".utf8))))
        #expect(try ProxyRoute.route(for: Self.slack, environment: ["https_proxy": "proxy.corp"])?.port == 1080)
    }

    @Test(arguments: ["*", "slack.com", ".slack.com", "example.org, wss-primary.slack.com", "SLACK.COM"])
    func noProxyExcludesTheHost(_ list: String) throws {
        #expect(
            try ProxyRoute.route(for: Self.slack, environment: ["HTTPS_PROXY": "http://proxy:3128", "NO_PROXY": list]) == nil)
    }

    @Test(arguments: ["lack.com", "primary.slack.com.evil", "example.org"])
    func noProxyLeavesOtherHostsProxied(_ list: String) throws {
        #expect(
            try ProxyRoute.route(for: Self.slack, environment: ["HTTPS_PROXY": "http://proxy:3128", "no_proxy": list]) != nil)
    }

    @Test func noProxySettingMeansDirect() throws {
        #expect(try ProxyRoute.route(for: Self.slack, environment: [:]) == nil)
        #expect(
            try ProxyRoute.route(for: try WebSocketURL("ws://127.0.0.1:1/"), environment: ["HTTPS_PROXY": "http://p:1"]) == nil)
    }

    @Test func anHTTPSProxyIsRefused() {
        #expect(throws: WebSocketError.proxy("HTTPS_PROXY with scheme https://: only http:// proxies are supported")) {
            try ProxyRoute.route(for: Self.slack, environment: ["HTTPS_PROXY": "https://proxy:443"])
        }
    }
}
