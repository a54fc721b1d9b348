import Testing

@testable import TenkiProviders

@Suite("NewsAPI status and code mapping")
struct NewsAPIErrorMappingTests {
    let interpreter = NewsAPIResponseInterpreter(operation: .everything, secrets: ["SECRET-KEY-123"])

    func error(_ status: Int, _ body: String) -> NewsAPIError? {
        do {
            _ = try interpreter.interpret(status: status, body: Array(body.utf8))
            return nil
        } catch {
            return error
        }
    }

    func body(_ code: String, _ message: String = "m") -> String {
        #"{"status":"error","code":"\#(code)","message":"\#(message)"}"#
    }

    @Test(arguments: ["apiKeyInvalid", "apiKeyMissing", "apiKeyDisabled", "apiKeyExhausted"])
    func keyCodesAreInvalidKey(code: String) {
        #expect(error(401, body(code))?.kind == .invalidKey)
        #expect(error(200, body(code))?.kind == .invalidKey)
        #expect(error(401, body(code))?.isTemporary == false)
    }

    @Test(arguments: ["parameterInvalid", "parametersMissing", "sourcesTooMany", "sourceDoesNotExist", "maximumResultsReached"])
    func requestCodesAreBadRequest(code: String) {
        #expect(error(400, body(code, "why"))?.kind == .badRequest(code: code, message: "why"))
        #expect(error(426, body(code, "why"))?.kind == .badRequest(code: code, message: "why"))
    }

    @Test func codeWinsOverStatus() {
        #expect(error(400, body("rateLimited"))?.kind == .rateLimited)
        #expect(error(500, body("unexpectedError"))?.kind == .upstream(status: 500))
        #expect(error(200, body("unexpectedError"))?.kind == .upstream(status: 200))
    }

    @Test(arguments: [
        (401, NewsAPIError.Kind.invalidKey), (403, .invalidKey), (429, .rateLimited), (502, .upstream(status: 502)),
        (503, .upstream(status: 503)), (400, .badRequest(code: "HTTP 400", message: "bad request")),
    ])
    func statusDecidesWithoutACode(status: Int, kind: NewsAPIError.Kind) {
        #expect(error(status, "<html>Bad Gateway</html>")?.kind == kind)
        #expect(error(status, "<html>Bad Gateway</html>")?.providerCode == nil)
    }

    @Test func unknownCodeFallsBackToStatus() {
        let thrown = error(429, body("somethingNew"))
        #expect(thrown?.kind == .rateLimited)
        #expect(thrown?.providerCode == "somethingNew")
        #expect(error(200, body("somethingNew"))?.kind == .upstream(status: 200))
    }

    @Test func undecodableSuccessBodies() {
        #expect(error(200, "not json")?.kind == .undecodable(reason: "not JSON"))
        #expect(error(200, #"{"status":"ok"}"#)?.kind == .undecodable(reason: "missing articles"))
        #expect(error(200, #"{"status":"maybe","articles":[]}"#)?.kind == .undecodable(reason: "status maybe"))
    }

    @Test func secretsAreScrubbedFromMessagesAndDescriptions() throws {
        let thrown = try #require(error(401, body("apiKeyInvalid", "Key SECRET-KEY-123 is invalid")))
        #expect(thrown.providerMessage == "Key REDACTED is invalid")
        #expect(!thrown.description.contains("SECRET-KEY-123"))
        #expect(
            thrown.description
                == #"NewsAPI everything: invalid API key (HTTP 401, code apiKeyInvalid, message "Key REDACTED is invalid")"#)
    }

    @Test func okBodyDecodes() throws {
        let response = try interpreter.interpret(
            status: 200, body: Array(#"{"status":"ok","totalResults":7,"articles":[{}]}"#.utf8))
        #expect(response.totalResults == 7)
        #expect(response.articles.count == 1)
    }
}
