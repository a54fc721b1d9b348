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

    /// The `Tenki…` names in the page's fenced blocks: the data-flow and dependency pictures.
    static func picturedNames() throws -> Set<String> {
        let page = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let blocks = page.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let word = try Regex("Tenki[A-Z][A-Za-z]*")
        return Set(blocks.flatMap { block in block.matches(of: word).map { String(block[$0.range]) } })
    }

    /// Every Swift file under Sources, as one text.
    static func sourceText() throws -> String {
        let sources = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return try files.filter { $0.pathExtension == "swift" }.map { try String(contentsOf: $0, encoding: .utf8) }
            .joined(separator: "\n")
    }

    @Test("the pictures name every Tenki target; any other Tenki name in them is a type in Sources")
    func picturesMatchTargets() throws {
        let targets = try Self.packageTargets().filter { $0.hasPrefix("Tenki") }
        let pictured = try Self.picturedNames()
        #expect(
            targets.subtracting(pictured).isEmpty, "targets missing from the pictures: \(targets.subtracting(pictured).sorted())")
        let sources = try Self.sourceText()
        for name in pictured.subtracting(targets).sorted() {
            let declared = ["struct", "enum", "actor", "class"].contains {
                sources.contains("\($0) \(name) ") || sources.contains("\($0) \(name):")
            }
            #expect(declared, "\(name) is in a picture of docs/architecture.md but is neither a target nor a type")
        }
    }
}
