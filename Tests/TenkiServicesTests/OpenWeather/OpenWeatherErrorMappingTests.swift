import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiFakes
import TenkiTestSupport
import Testing

@testable import TenkiProviders

/// Status and body as the API sent them, through the client, into the typed error.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var status: Int
    var fixture: String?
    var body: String = ""
    var kind: OpenWeatherError.Kind
    var providerCode: String?
    var providerMessage: String?

    var testDescription: String { "\(status) \(fixture ?? body)" }
}

private let cases: [ErrorCase] = [
    ErrorCase(
        status: 404, fixture: "owm_error_404_city_not_found.json", kind: .placeNotFound(query: "1,2"), providerCode: "404",
        providerMessage: "city not found"),
    ErrorCase(
        status: 401, fixture: "owm_error_401_invalid_api_key_cod_int.json", kind: .invalidKey, providerCode: "401",
        providerMessage: "Invalid API key. Please see http://openweathermap.org/faq#error401 for more info."),
    ErrorCase(status: 401, fixture: "owm_error_401_onecall3_subscription_required.json", kind: .invalidKey, providerCode: "401"),
    ErrorCase(status: 429, fixture: "owm_error_429_account_temporary_blocked.json", kind: .rateLimited, providerCode: "429"),
    ErrorCase(
        status: 400, fixture: "owm_error_400_wrong_latitude.json", kind: .badRequest(message: "wrong latitude"),
        providerCode: "400",
        providerMessage: "wrong latitude"),
    ErrorCase(
        status: 400, fixture: "owm_error_400_nothing_to_geocode.json", kind: .badRequest(message: "Nothing to geocode"),
        providerCode: "400", providerMessage: "Nothing to geocode"),
    ErrorCase(status: 500, body: "Internal Server Error", kind: .upstream(status: 500)),
    ErrorCase(status: 503, body: "", kind: .upstream(status: 503)),
    ErrorCase(status: 400, body: "<html>bad</html>", kind: .badRequest(message: "bad request")),
    // An error body with a status that means nothing by itself: the body's cod decides.
    ErrorCase(
        status: 200, fixture: "owm_error_404_city_not_found.json", kind: .placeNotFound(query: "1,2"), providerCode: "404",
        providerMessage: "city not found"),
    ErrorCase(status: 403, fixture: "owm_error_401_invalid_api_key_cod_int.json", kind: .invalidKey, providerCode: "401"),
    ErrorCase(
        status: 418, body: #"{"cod":"418","message":"teapot"}"#, kind: .upstream(status: 418), providerCode: "418",
        providerMessage: "teapot"),
    ErrorCase(status: 200, body: #"{"coord":{"lon":1,"lat":2}}"#, kind: .undecodable(reason: "missing weather")),
    ErrorCase(status: 200, body: "not json", kind: .undecodable(reason: "not JSON")),
    ErrorCase(status: 200, body: #"{"cod":"200","message":"ok"}"#, kind: .undecodable(reason: "missing coord")),
]

@Suite("OpenWeatherMap errors map to OpenWeatherError")
struct OpenWeatherErrorMappingTests {
    func client(status: Int, body: [UInt8]) throws -> OpenWeatherClient {
        let handler = ClosureHTTPHandler { _ in
            HTTPResponse(status: HTTPStatus(code: status, reason: "-"), headers: ["Content-Type": "application/json"], body: body)
        }
        return OpenWeatherClient(
            transport: HandlerTransport(handler), baseURL: try #require(URL(string: "https://api.openweathermap.test")),
            apiKey: "KEY-SHOULD-NOT-LEAK", logger: .discarding)
    }

    @Test(arguments: cases)
    func mapsStatusAndBody(_ row: ErrorCase) async throws {
        let body = try row.fixture.map(Fixtures.bytes) ?? Array(row.body.utf8)
        let client = try client(status: row.status, body: body)
        let error = await #expect(throws: OpenWeatherError.self) {
            try await client.currentWeather(at: Coordinates(latitude: 1, longitude: 2))
        }
        #expect(error?.kind == row.kind)
        #expect(error?.operation == .currentWeather)
        #expect(error?.httpStatus == row.status)
        #expect(error?.providerCode == row.providerCode)
        if let message = row.providerMessage { #expect(error?.providerMessage == message) }
        #expect(error?.description.contains("KEY-SHOULD-NOT-LEAK") == false)
    }

    @Test func geocodingEmptyArrayIsPlaceNotFound() async throws {
        let client = try client(status: 200, body: try Fixtures.bytes("owm_geocoding_no_match_empty_array.json"))
        let error = await #expect(throws: OpenWeatherError.self) { try await client.geocode("Nowhere") }
        #expect(error?.kind == .placeNotFound(query: "Nowhere"))
        #expect(error?.isTemporary == false)
    }

    @Test(arguments: [
        (TransportError.timedOut, OpenWeatherError.Kind.timedOut),
        (.connectionFailed(reason: "refused"), .connectionFailed(reason: "refused")),
        (.invalidResponse(reason: "eof"), .connectionFailed(reason: "eof")),
        (.cancelled, .cancelled),
    ])
    func transportFailures(_ failure: TransportError, _ kind: OpenWeatherError.Kind) async throws {
        let client = OpenWeatherClient(
            transport: FailingTransport(error: failure), baseURL: try #require(URL(string: "https://a.test")), apiKey: "k",
            logger: .discarding)
        let error = await #expect(throws: OpenWeatherError.self) {
            try await client.forecast(at: Coordinates(latitude: 1, longitude: 2))
        }
        #expect(error?.kind == kind)
        #expect(error?.httpStatus == nil)
        #expect(error?.operation == .forecast)
    }

    @Test func aSecretEchoedByTheProviderIsScrubbed() async throws {
        let body = #"{"cod":401,"message":"key KEY-SHOULD-NOT-LEAK is not valid"}"#
        let client = try client(status: 401, body: Array(body.utf8))
        let error = await #expect(throws: OpenWeatherError.self) { try await client.geocode("London") }
        #expect(error?.providerMessage == "key REDACTED is not valid")
        #expect(
            error?.description
                == #"OpenWeatherMap geocode: invalid API key (HTTP 401, cod 401, message "key REDACTED is not valid")"#)
    }

    @Test func temporaryKinds() {
        let temporary: [OpenWeatherError.Kind] = [
            .rateLimited, .upstream(status: 502), .timedOut, .connectionFailed(reason: "x"),
        ]
        let permanent: [OpenWeatherError.Kind] = [
            .invalidKey, .placeNotFound(query: "x"), .badRequest(message: "x"), .undecodable(reason: "x"), .cancelled,
        ]
        #expect(temporary.allSatisfy { OpenWeatherError($0, operation: .geocode).isTemporary })
        #expect(permanent.allSatisfy { !OpenWeatherError($0, operation: .geocode).isTemporary })
    }
}
