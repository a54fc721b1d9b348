import Foundation
import Testing

/// docs/architecture.md's target table and Package.swift name the same targets, so the page a
/// newcomer reads first cannot drift from the package it describes.
@Suite("docs/architecture.md")
struct ArchitectureDocTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shipped and test-support targets of Package.swift (test targets are not architecture).
    static func packageTargets() throws -> Set<String> {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try Regex(#"\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)""#)
        return Set(manifest.matches(of: declaration).compactMap { $0.output[1].substring.map(String.init) })
    }

    /// The backquoted names in the first column of the page's "Targets" table.
    static func documentedTargets() throws -> Set<String> {
        let page = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "| target | job | may do I/O |"))
        let rows = lines[(start + 2)...].prefix { $0.hasPrefix("|") }
        let name = try Regex("`([A-Za-z]+)`")
        return Set(
            rows.flatMap { row in
                let firstCell = row.dropFirst().prefix { $0 != "|" }
                return firstCell.matches(of: name).compactMap { $0.output[1].substring.map(String.init) }
            })
    }

    @Test("the target table names every target of Package.swift, and only those")
    func sameTargets() throws {
        let package = try Self.packageTargets()
        let documented = try Self.documentedTargets()
        #expect(package.count >= 10, "Package.swift's targets were not found: \(package)")
        #expect(package.subtracting(documented).isEmpty, "targets missing from docs/architecture.md")
        #expect(documented.subtracting(package).isEmpty, "docs/architecture.md names targets Package.swift does not have")
    }
}
