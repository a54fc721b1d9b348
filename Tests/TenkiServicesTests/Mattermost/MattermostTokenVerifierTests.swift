import Foundation
import Testing
import TenkiCore
import TenkiSecurity

@Suite("Mattermost token verification")
struct MattermostTokenVerifierTests {
    /// The Mattermost documentation's example request, joined into one body.
    static let fixture = "mattermost_slash_command_docs_example_DERIVED_single_line_body.txt"
    static let token = "xr3j5x3p4pfk7kk6ck7b4e6ghh"

    static func formToken() throws -> String? {
        try FormURLEncoded.decode(try Fixtures.bytes(fixture)).first { $0.name == "token" }?.value
    }

    @Test func theDocumentedRequestIsACommandWithItsToken() throws {
        let payload = try SlashCommandPayload(form: try FormURLEncoded.decode(try Fixtures.bytes(Self.fixture)))
        #expect(payload.command == "/somecommand")
        #expect(payload.text == "hello world")
        #expect(try Self.formToken() == Self.token)
    }

    @Test func anyListedTokenIsAcceptedFromTheFieldOrTheHeader() throws {
        let verifier = try #require(MattermostTokenVerifier(tokens: ["another-command-token", " \(Self.token) "]))
        try verifier.verify(authorizationHeaderValues: [], formToken: try Self.formToken())
        try verifier.verify(authorizationHeaderValues: ["Token \(Self.token)"], formToken: nil)
        try verifier.verify(authorizationHeaderValues: ["token   \(Self.token)"], formToken: "")
        try verifier.verify(authorizationHeaderValues: [], formToken: "another-command-token")
    }

    @Test func aWrongOrMissingTokenIsRefused() throws {
        let verifier = try #require(MattermostTokenVerifier(tokens: ["right"]))
        #expect(throws: RequestVerificationError.badToken(.mattermost)) {
            try verifier.verify(authorizationHeaderValues: [], formToken: try Self.formToken())
        }
        #expect(throws: RequestVerificationError.badToken(.mattermost)) {
            try verifier.verify(authorizationHeaderValues: ["Token righ"], formToken: nil)
        }
        #expect(throws: RequestVerificationError.badToken(.mattermost)) {
            try verifier.verify(authorizationHeaderValues: [], formToken: "right-and-more")
        }
        #expect(throws: RequestVerificationError.missingToken(.mattermost)) {
            try verifier.verify(authorizationHeaderValues: ["Bearer right"], formToken: nil)
        }
        #expect(throws: RequestVerificationError.missingToken(.mattermost)) {
            try verifier.verify(authorizationHeaderValues: [], formToken: "")
        }
        #expect(throws: RequestVerificationError.duplicateHeader(.authorization, count: 2)) {
            try verifier.verify(authorizationHeaderValues: ["Token right", "Token right"], formToken: nil)
        }
    }

    @Test func noTokensMeansNoVerifierAndTokensNeverShow() throws {
        #expect(MattermostTokenVerifier(tokens: []) == nil)
        #expect(MattermostTokenVerifier(tokens: [" ", ""]) == nil)
        let verifier = try #require(MattermostTokenVerifier(tokens: [Self.token, "second"]))
        var dumped = ""
        dump(verifier, to: &dumped)
        for rendering in [verifier.description, String(reflecting: verifier), dumped] {
            #expect(!rendering.contains(Self.token))
            #expect(!rendering.contains("second"))
        }
        #expect(verifier.description == "MattermostTokenVerifier(2 tokens)")
        #expect(RequestVerificationError.badToken(.mattermost).refusal == "invalid Mattermost token")
        #expect(RequestVerificationError.duplicateHeader(.authorization, count: 2).platform == .mattermost)
        // Issue 40, item 10: a header sent twice is a header problem, not a "signature" one.
        #expect(RequestVerificationError.duplicateHeader(.authorization, count: 2).refusal == "Authorization header sent more than once")
    }
}
