import Foundation
import Testing
import TenkiBase

/// Issue 40, item 4: hosts are read as the resolver and libcurl read them.
@Suite("IPAddress: hosts as the resolver reads them")
struct IPAddressTests {
    @Test(
        "every inet_aton and inet_pton spelling of 127.0.0.1 is 127.0.0.1",
        arguments: [
            "127.0.0.1", "2130706433", "0x7f000001", "0X7F000001", "127.1", "127.0.1", "0177.0.0.1", "0177.1", "0x7f.0.0.1",
            "017700000001", "127.0.0.1.",
        ])
    func loopbackIPv4(host: String) throws {
        guard case .address(let address) = IPAddress.host(host) else {
            Issue.record("\(host) is not read as an address")
            return
        }
        #expect(address.bytes == [127, 0, 0, 1])
        #expect(address.isLoopback && !address.isPublic)
    }

    @Test(
        "IPv6 forms of loopback, with or without brackets and zones, are loopback",
        arguments: ["[::ffff:7f00:1]", "[::ffff:127.0.0.1]", "::ffff:127.0.0.1", "[::1]", "::1", "[0:0:0:0:0:0:0:1]", "[::1%25lo]"])
    func loopbackIPv6(host: String) throws {
        guard case .address(let address) = IPAddress.host(host) else {
            Issue.record("\(host) is not read as an address")
            return
        }
        #expect(address.isLoopback && !address.isPublic, "\(host) → \(address)")
    }

    @Test("names stay names; numbers that are no address are neither")
    func namesAndInvalidNumbers() {
        #expect(IPAddress.host("news.example") == .name("news.example"))
        #expect(IPAddress.host("127.example") == .name("127.example"))
        #expect(IPAddress.host("0x1g") == .name("0x1g"))
        #expect(IPAddress.host("News.Example.") == .name("news.example"))
        #expect(IPAddress.host("example.0x10") == .invalidNumeric)
        for host in ["4294967296", "256.1.1.1", "1.2.3.4.5", "0x", "[::1::2]", "[::ffff:127.0.0.256]"] {
            #expect(IPAddress.host(host) == .invalidNumeric, "\(host)")
        }
    }

    @Test("public and not public")
    func classification() throws {
        func address(_ host: String) throws -> IPAddress {
            guard case .address(let address) = IPAddress.host(host) else { throw IPAddressTestError.notAnAddress(host) }
            return address
        }
        for host in ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "[2606:4700:4700::1111]", "[::ffff:8.8.8.8]"] {
            #expect(try address(host).isPublic, "\(host)")
        }
        for host in [
            "10.0.0.1", "172.16.0.1", "192.168.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255",
            "192.0.2.1", "198.18.0.1", "[fd00::1]", "[fe80::1]", "[fec0::1]", "[ff02::1]", "[::]", "[64:ff9b::a00:1]",
            "[2002:c0a8:101::1]", "[2001::1]", "[2001:db8::1]", "[::10.0.0.1]",
        ] {
            #expect(try !address(host).isPublic, "\(host)")
        }
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
        #expect(try address("0x7f000001").description == "127.0.0.1")
    }
}

enum IPAddressTestError: Error {
    case notAnAddress(String)
}

/// Issue 40, item 4: which configured destinations may reach private addresses.
@Suite("DestinationAddressRule")
struct DestinationAddressRuleTests {
    @Test(
        "public names and public addresses must resolve to public addresses",
        arguments: ["hooks.slack.com", "HOOKS.SLACK.COM.", "slack.com", "discord.com", "chat.example.com", "8.8.8.8", "[2001:4860::8888]", "internal.example.com", "256.1.1.1"])
    func publicHosts(host: String) {
        #expect(DestinationAddressRule.requiresPublicAddresses(host), "\(host)")
    }

    @Test(
        "hosts private by their own text keep private addresses",
        arguments: [
            "127.0.0.1", "2130706433", "[::1]", "::1", "10.0.0.5", "192.168.1.2", "localhost", "LOCALHOST.", "api.localhost",
            "chat.internal", "mattermost", "mm.local", "chat.home.arpa", "chat.lan", "chat.corp", "fake.test",
        ])
    func privateHosts(host: String) {
        #expect(!DestinationAddressRule.requiresPublicAddresses(host), "\(host)")
    }

    @Test func aMissingHostIsChecked() {
        #expect(DestinationAddressRule.requiresPublicAddresses(nil))
        #expect(DestinationAddressRule.requiresPublicAddresses(""))
    }

    @Test("a destination URL: plain http (an operator's explicit http:// entry) is exempt; https follows the host")
    func destinationURLs() throws {
        #expect(!DestinationAddressRule.requiresPublicAddresses(try #require(URL(string: "http://chat.example.com:8065/hooks/x"))))
        #expect(DestinationAddressRule.requiresPublicAddresses(try #require(URL(string: "https://hooks.slack.com/commands/x"))))
        #expect(DestinationAddressRule.requiresPublicAddresses(try #require(URL(string: "HTTPS://chat.example.com/hooks/x"))))
        #expect(!DestinationAddressRule.requiresPublicAddresses(try #require(URL(string: "https://chat.internal/hooks/x"))))
    }
}
