import Foundation
import TenkiCore

/// Turns a status and body into a decoded value or an `OpenWeatherError`. Pure, so the mapping
/// table (401 → invalid key, 404 → not found, …) is tested without a transport.
struct OpenWeatherResponseInterpreter: Sendable {
    var operation: OpenWeatherError.Operation
    /// What was asked for, reported by `.placeNotFound`.
    var subject: String
    /// Strings that must never appear in an error (the key, the bearer token).
    var secrets: [String]

    func interpret<T: Decodable>(status: Int, body: [UInt8]) throws(OpenWeatherError) -> T {
        let data = Data(body)
        let errorBody = try? JSONDecoder().decode(OpenWeatherWire.ErrorBody.self, from: data)
        if (200..<300).contains(status) {
            do {
                return try JSONDecoder().decode(T.self, from: data)
            } catch {
                // Older endpoints answer 200 with an error body, e.g. {"cod":"404","message":"city not found"}.
                if let errorBody, let code = errorBody.cod.number, !(200..<300).contains(code) {
                    throw makeError(code: code, status: status, body: errorBody)
                }
                throw OpenWeatherError(.undecodable(reason: Self.reason(error)), operation: operation, httpStatus: status)
            }
        }
        throw makeError(code: status, status: status, body: errorBody)
    }

    /// The error for HTTP `status`; for a status with no meaning of its own (403, 418, …), the body's
    /// `cod` decides when it names one of the known failures.
    private func makeError(code: Int, status: Int, body: OpenWeatherWire.ErrorBody?) -> OpenWeatherError {
        let message = body.map { Self.scrub($0.message, secrets: secrets) }
        var kind = Self.kind(forCode: code, message: message, subject: subject)
        if kind == nil, let bodyCode = body?.cod.number {
            kind = Self.kind(forCode: bodyCode, message: message, subject: subject)
        }
        return OpenWeatherError(
            kind ?? .upstream(status: status), operation: operation, httpStatus: status, providerCode: body?.cod.text,
            providerMessage: message)
    }

    private static func kind(forCode code: Int, message: String?, subject: String) -> OpenWeatherError.Kind? {
        switch code {
        case 400: .badRequest(message: message ?? "bad request")
        case 401: .invalidKey
        case 404: .placeNotFound(query: subject)
        case 429: .rateLimited
        case 500...599: .upstream(status: code)
        default: nil
        }
    }

    /// A short, secret-free account of a decoding failure.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let prefix = path(context)
            return "missing \(prefix.isEmpty ? key.stringValue : prefix + "." + key.stringValue)"
        case .typeMismatch(_, let context): return "unexpected type at \(path(context))"
        case .valueNotFound(_, let context): return "null at \(path(context))"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "invalid value at \(path(context))"
        @unknown default: return "undecodable"
        }
    }

    /// `text` with every secret replaced by `REDACTED`.
    static func scrub(_ text: String, secrets: [String]) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: URLRedaction.placeholder) }
    }
}
