import TenkiStorage

/// Why an install did not happen, as the failure page tells it. Each says what went wrong and how
/// to try again; none stores anything.
enum InstallFailure: String, Error, Sendable, Equatable, CaseIterable {
    /// The redirect came without a `state`.
    case stateMissing
    /// A `state` used before, or never issued here.
    case stateUnknown
    case stateExpired
    /// The redirect came without the cookie the `state` is bound to.
    case cookieMissing
    /// The cookie is another browser's: the install was started elsewhere.
    case cookieMismatch
    /// The person chose Cancel in Slack (`error=access_denied`).
    case accessDenied
    /// `oauth.v2.access` refused the code, or could not be reached.
    case exchangeRefused
    /// The workspace is not in `TENKI_ALLOWED_TEAMS`.
    case teamNotAllowed

    /// The state problems and a cancelled install are the browser's request: 400. A refused
    /// exchange is Slack's answer: 502. A workspace not allowed: 403.
    var status: Int {
        switch self {
        case .stateMissing, .stateUnknown, .stateExpired, .cookieMissing, .cookieMismatch, .accessDenied: 400
        case .exchangeRefused: 502
        case .teamNotAllowed: 403
        }
    }

    /// The failure a `state` check refused with; nil for a valid state.
    init?(_ check: OAuthStateCheck) {
        switch check {
        case .valid: return nil
        case .unknown: self = .stateUnknown
        case .expired: self = .stateExpired
        case .missingCookie: self = .cookieMissing
        case .wrongCookie: self = .cookieMismatch
        }
    }
}
