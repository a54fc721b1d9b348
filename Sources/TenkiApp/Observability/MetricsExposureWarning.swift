import TenkiLogging

/// The start-up warning for a `/metrics` anyone can read: without `TENKI_METRICS_TOKEN`, metrics
/// served on a non-loopback address (the main listener's, unless `TENKI_METRICS_ADDRESS` moves
/// them) tell whoever reaches it the traffic, the errors and the upstreams of the bot.
public enum MetricsExposureWarning {
    /// The warning's text when metrics are open beyond this host, nil otherwise.
    /// - Parameters:
    ///   - listenerHost: the main listener's address (`--host`).
    ///   - metricsHost: `TENKI_METRICS_ADDRESS`'s host, nil when metrics are on the main listener.
    ///   - hasToken: `TENKI_METRICS_TOKEN` is set.
    public static func message(listenerHost: String, metricsHost: String?, hasToken: Bool) -> String? {
        let host = metricsHost ?? listenerHost
        guard !hasToken, !isLoopback(host) else { return nil }
        let token = SettingsTable.name(\.metricsToken), address = SettingsTable.name(\.metricsAddress)
        let place = metricsHost == nil ? "on the main listener" : "on \(address)"
        let fix =
            metricsHost == nil
            ? "set \(token) to require a bearer token, or \(address) to serve them on a private address"
            : "set \(token) to require a bearer token, or give \(address) a loopback or private address"
        return "/metrics is open to anyone who can reach \(host) (\(place)): \(fix)"
    }

    /// Logs the warning, if there is one.
    public static func log(listenerHost: String, metricsHost: String?, hasToken: Bool, to logger: Logger) {
        if let text = message(listenerHost: listenerHost, metricsHost: metricsHost, hasToken: hasToken) {
            logger.warning(text)
        }
    }

    /// 127.0.0.0/8 (the listeners bind IPv4 addresses only).
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasPrefix("127.")
    }
}
