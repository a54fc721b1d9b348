/// Why a NewsAPI call produced no articles (see `ProviderError`).
public typealias NewsAPIError = ProviderError<NewsAPI>

/// NewsAPI.org, as its errors name it. News has no "not found": an empty result is an answer,
/// cached like any other.
public enum NewsAPI: ProviderAPI {
    public static let displayName = "NewsAPI"

    public typealias Kind = APIErrorKind

    /// Which client call failed.
    public enum Operation: String, Sendable, Equatable {
        case topHeadlines = "top-headlines"
        case everything
    }
}
