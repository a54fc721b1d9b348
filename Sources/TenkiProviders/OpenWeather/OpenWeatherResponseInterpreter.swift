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
        // The error body is read only when the answer is not the value asked for.
        var errorBody: OpenWeatherWire.ErrorBody? { try? JSONDecoder().decode(OpenWeatherWire.ErrorBody.self, from: data) }
        if (200..<300).contains(status) {
            do {
                return try JSONDecoder().decode(T.self, from: data)
            } catch {
                // Older endpoints answer 200 with an error body, e.g. {"cod":"404","message":"city not found"}.
                if let errorBody, let code = errorBody.cod.number, !(200..<300).contains(code) {
                    throw makeError(code: code, status: status, body: errorBody)
                }
                throw OpenWeatherError(.undecodable(reason: DecodingFailure.reason(error)), operation: operation, httpStatus: status)
            }
        }
        throw makeError(code: status, status: status, body: errorBody)
    }

    /// The error for HTTP `status`; for a status with no meaning of its own (403, 418, …), the body's
    /// `cod` decides when it names one of the known failures.
    private func makeError(code: Int, status: Int, body: OpenWeatherWire.ErrorBody?) -> OpenWeatherError {
        let message = body.map { ProviderRequest.scrub($0.message, secrets: secrets) }
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
}
