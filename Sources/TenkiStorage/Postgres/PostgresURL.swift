import Foundation
import TenkiBase

/// A PostgreSQL connection URI (`postgres://user:password@host:port/database?sslmode=require`),
/// checked before any connection is tried. It holds a secret: `description` shows it with the
/// password replaced by `***`, whatever characters the password holds, and `redact` removes the
/// password from any text (libpq's messages do not repeat it, but nothing here relies on that).
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    /// What libpq is given, unchanged.
    let connectionString: String
    /// The password as written and as decoded (in the userinfo or as a `password` query item),
    /// for `redact`; empty strings when there is none.
    private let passwordForms: [String]
    /// The URI with its credential parts masked (`CredentialRedaction`: the userinfo's password and
    /// every query value, `?password=` included).
    public let description: String

    /// Why a URI was refused; never contains the password.
    public struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    public init(_ string: String) throws(Invalid) {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw Invalid(
                description: "is not a URI, or its port is not a number (expected postgres://user:password@host:port/database)")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw Invalid(description: "has the scheme \"\(scheme)\", expected postgres:// or postgresql://")
        }
        // A second `@` before the host (an unencoded one in the password) is read differently by
        // URL parsers and by libpq, which would name part of the password as the host in its errors.
        let authority = trimmed.split(separator: "://", maxSplits: 1).last?.prefix { $0 != "/" && $0 != "?" } ?? ""
        guard authority.filter({ $0 == "@" }).count <= 1 else {
            throw Invalid(description: "has an @ in its user name or password: write it as %40")
        }
        let hasHost = !(components.host ?? "").isEmpty || (components.queryItems ?? []).contains { $0.name == "host" }
        guard hasHost else {
            throw Invalid(description: "names no host (expected postgres://user:password@host:port/database)")
        }
        // A server that does not answer (a host gone, packets dropped) fails a connect after 5 s,
        // and a connection to it within about 11 s of silence (TCP keepalives: libpq's defaults
        // wait for ever, and a statement's cancel cannot reach a vanished host). A URI that sets
        // any of these keeps its own.
        let given = Set((components.queryItems ?? []).map(\.name))
        let added = Self.resilience.filter { !given.contains($0.name) }.map { "\($0.name)=\($0.value)" }
        connectionString = added.isEmpty ? trimmed : trimmed + (components.query == nil ? "?" : "&") + added.joined(separator: "&")
        let queryPasswords = (components.percentEncodedQueryItems ?? []).filter { $0.name == "password" }.flatMap {
            [$0.value, $0.value?.removingPercentEncoding]
        }
        let forms = ([components.percentEncodedPassword, components.password] + queryPasswords).compactMap { $0 }
        passwordForms = Array(Set(forms.filter { !$0.isEmpty })).sorted { ($0.count, $0) > ($1.count, $1) }
        // As `redact` masks any text: the URL masker alone stops at characters that end a URL quoted
        // in prose (`,` `;` `'` a space…), which a password may hold, and would leave such a one whole.
        description = Self.redacting(trimmed, passwordForms: passwordForms)
    }

    /// libpq's client-side parameters (never sent to the server, so a pooler accepts them) that
    /// bound how long a dead server can hold a connection.
    static let resilience: [(name: String, value: String)] = [
        ("connect_timeout", "5"), ("keepalives_idle", "5"), ("keepalives_interval", "2"), ("keepalives_count", "3"),
    ]

    /// `text` with its URLs' credential parts masked and every whole occurrence of the password
    /// (not inside a longer run of letters and digits) replaced by `***`. Only whole ones: masking a
    /// short password inside the words of libpq's message (`on` in "connection") would garble it and
    /// give the password away by the gaps.
    public func redact(_ text: String) -> String {
        Self.redacting(text, passwordForms: passwordForms)
    }

    private static func redacting(_ text: String, passwordForms: [String]) -> String {
        // The password first: a URL's redaction could cut an occurrence in two (`?password=ab,cd` ends at the `,`).
        CredentialRedaction.redactingURLs(in: passwordForms.reduce(text) { maskingWhole($1, in: $0) })
    }

    private static func maskingWhole(_ secret: String, in text: String) -> String {
        var out = ""
        var rest = text[...]
        while let found = rest.range(of: secret) {
            // Neighbours in the whole text: the one before may end the previous occurrence.
            let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : nil as Character?
            let after = found.upperBound < text.endIndex ? text[found.upperBound] : nil
            // A boundary is needed only where the password's own edge is a letter or digit (`-x` in `a-x` is it).
            let whole = (!isWordCharacter(secret.first) || !isWordCharacter(before))
                && (!isWordCharacter(secret.last) || !isWordCharacter(after))
            out += rest[..<found.lowerBound]
            out += whole ? CredentialRedaction.mask : String(rest[found])
            rest = rest[found.upperBound...]
        }
        return out + rest
    }

    private static func isWordCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber
    }
}
