import Foundation
import TenkiCore

/// Turns a status and body into NewsAPI's articles or a `NewsAPIError`. Pure, so the mapping
/// table (code → kind) is tested against every captured body without a transport.
///
/// The body's `status` is read before anything else: NewsAPI documents `"error"` bodies with a
/// 4xx status, but has been seen sending them with HTTP 200, and a proxy may do the same.
/// The `code` decides the kind when there is one (codes are stable; messages change by era);
/// the HTTP status decides only when the body says nothing usable.
struct NewsAPIResponseInterpreter: Sendable {
    var operation: NewsAPIError.Operation
    /// Strings that must never appear in an error (the key, the bearer token).
    var secrets: [String]

    func interpret(status: Int, body: [UInt8]) throws(NewsAPIError) -> NewsAPIWire.ArticlesResponse {
        let data = Data(body)
        let envelope = try? JSONDecoder().decode(NewsAPIWire.ErrorBody.self, from: data)
        if let envelope, envelope.isError {
            throw makeError(status: status, body: envelope)
        }
        guard (200..<300).contains(status) else {
            throw makeError(status: status, body: nil)
        }
        let response: NewsAPIWire.ArticlesResponse
        do {
            response = try JSONDecoder().decode(NewsAPIWire.ArticlesResponse.self, from: data)
        } catch {
            throw NewsAPIError(.undecodable(reason: DecodingFailure.reason(error)), operation: operation, httpStatus: status)
        }
        guard response.status.lowercased() == "ok" else {
            throw NewsAPIError(
                .undecodable(reason: "status \(ProviderRequest.scrub(response.status, secrets: secrets))"), operation: operation,
                httpStatus: status)
        }
        return response
    }

    private func makeError(status: Int, body: NewsAPIWire.ErrorBody?) -> NewsAPIError {
        let code = body?.code.map { ProviderRequest.scrub($0, secrets: secrets) }
        let message = body?.message.map { ProviderRequest.scrub($0, secrets: secrets) }
        let kind =
            code.flatMap { Self.kind(forCode: $0, status: status, message: message) }
            ?? Self.kind(forStatus: status, code: code, message: message)
        return NewsAPIError(kind, operation: operation, httpStatus: status, providerCode: code, providerMessage: message)
    }

    /// The kind for NewsAPI's documented codes (https://newsapi.org/docs/errors) and the
    /// undocumented `maximumResultsReached`; nil for a code Tenki does not know.
    static func kind(forCode code: String, status: Int, message: String?) -> NewsAPIError.Kind? {
        switch code {
        case "apiKeyInvalid", "apiKeyMissing", "apiKeyDisabled", "apiKeyExhausted": .invalidKey
        case "rateLimited": .rateLimited
        case "parameterInvalid", "parametersMissing", "sourcesTooMany", "sourceDoesNotExist", "maximumResultsReached":
            .badRequest(code: code, message: message ?? code)
        case "unexpectedError": .upstream(status: status)
        default: nil
        }
    }

    /// The kind by HTTP status alone, for bodies without a known code (a proxy's HTML page).
    static func kind(forStatus status: Int, code: String?, message: String?) -> NewsAPIError.Kind {
        switch status {
        case 401, 403: .invalidKey
        case 429: .rateLimited
        case 400, 404, 422, 426: .badRequest(code: code ?? "HTTP \(status)", message: message ?? "bad request")
        default: .upstream(status: status)
        }
    }
}
