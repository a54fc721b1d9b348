/// The names `/weather` and `/news` are known by in a workspace (renamed when another app owns
/// them), for every message that tells people what to type.
public struct CommandNames: Sendable, Equatable {
    public var weather: String
    public var news: String

    public init(weather: String = "/weather", news: String = "/news") {
        self.weather = weather
        self.news = news
    }
}
