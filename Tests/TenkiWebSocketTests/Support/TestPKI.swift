import Foundation

/// A throwaway CA and certificates made with `openssl` once per test process, in a temporary
/// directory: the server's certificate for `localhost` and 127.0.0.1, one for another name only
/// (`wrong.example`), and a second CA that signed neither.
struct TestPKI: Sendable {
    let directory: URL
    var caFile: String { directory.appendingPathComponent("ca.pem").path }
    var otherCAFile: String { directory.appendingPathComponent("other-ca.pem").path }
    var serverCertificate: String { directory.appendingPathComponent("server.pem").path }
    var serverKey: String { directory.appendingPathComponent("server.key").path }
    var wrongNameCertificate: String { directory.appendingPathComponent("wrong.pem").path }
    var wrongNameKey: String { directory.appendingPathComponent("wrong.key").path }

    static let shared: Result<TestPKI, PeerProcess.Failure> = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-ws-pki-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return .failure(PeerProcess.Failure(description: "could not create \(directory.path)"))
        }
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        var steps: [[String]] = [
            ["openssl", "req", "-x509"] + key + [
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Tenki Test CA",
            ],
            ["openssl", "req", "-x509"] + key + [
                "-keyout", "other-ca.key", "-out", "other-ca.pem", "-days", "2", "-subj", "/CN=Other CA",
            ],
        ]
        for (name, alternativeNames) in [("server", "DNS:localhost,IP:127.0.0.1"), ("wrong", "DNS:wrong.example")] {
            let extensions = "subjectAltName=\(alternativeNames)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            try? extensions.write(to: directory.appendingPathComponent("\(name).ext"), atomically: true, encoding: .utf8)
            steps.append(["openssl", "req"] + key + ["-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(name)"])
            steps.append([
                "openssl", "x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial",
                "\(steps.count)",
                "-out", "\(name).pem", "-days", "2", "-extfile", "\(name).ext",
            ])
        }
        for step in steps where PeerTools.run(step, in: directory) != 0 {
            return .failure(PeerProcess.Failure(description: "openssl failed: \(step.joined(separator: " "))"))
        }
        return .success(TestPKI(directory: directory))
    }()
}
