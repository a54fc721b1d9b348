import Foundation
import TenkiHTTPClient
import TenkiLogging

/// A client whose every call goes through one `ProviderRequest` (`NewsAPIClient`,
/// `OpenWeatherClient`), so both are built the same way, with the key and token kept as secrets.
package protocol ProviderClient: Sendable {
    /// Who the logs say was called (`newsapi`, `openweather`).
    static var provider: String { get }

    init(request: ProviderRequest)
}

extension ProviderClient {
    /// - Parameters:
    ///   - baseURL: the provider's own URL, or a proxy's (a path prefix is kept).
    ///   - apiKey: sent the provider's way; never in a log line or an error.
    ///   - bearerToken: sent as `Authorization: Bearer …`, for proxies that want their own credential.
    package init(
        transport: any HTTPTransport, baseURL: URL, apiKey: String, bearerToken: String? = nil, timeout: Duration = .seconds(5),
        logger: Logger
    ) {
        self.init(
            request: ProviderRequest(
                provider: Self.provider, transport: transport, baseURL: baseURL, apiKey: apiKey, bearerToken: bearerToken,
                timeout: timeout, logger: logger))
    }
}
