/// Tenki's own message, before any platform's format: what every formatter produces and every
/// renderer (`SlackRenderer`, `MattermostRenderer`, `DiscordRenderer`) turns into its platform's
/// JSON within that platform's limits. Pure values only; renderers do no I/O.
public struct ChatMessage: Sendable, Equatable {
    public enum Visibility: String, Sendable, Equatable {
        /// Everybody in the channel sees it.
        case inChannel = "in_channel"
        /// Only the person who typed the command sees it.
        case ephemeral
    }

    /// One line saying what the message is (notifications, screen readers, old clients);
    /// renderers take its first line and cut it to a notification's length.
    public var summary: RichText
    public var visibility: Visibility?
    public var parts: [Part]
    /// A colour that marks the message's kind where a platform shows one (`0xRRGGBB`).
    public var accentColor: Int?

    public init(summary: RichText, parts: [Part] = [], visibility: Visibility? = nil, accentColor: Int? = nil) {
        self.summary = summary
        self.parts = parts
        self.visibility = visibility
        self.accentColor = accentColor
    }

    /// The pieces of a message, in reading order.
    public enum Part: Sendable, Equatable {
        /// A heading in plain words (never markup).
        case title(String)
        /// A paragraph of lines, with an optional picture beside it.
        case paragraph(RichText, image: ChatImage?)
        /// Short name and value pairs shown side by side where the platform can.
        case fields([ChatField])
        /// Small print: sources, the local time, how old the data is.
        case context([RichText])
        /// A rule between items.
        case divider
        /// Buttons that ask Tenki for another view of the same answer.
        case buttons([ChatButton])
        /// A menu of choices (other places of the same name).
        case menu(ChatMenu)
        /// A picture the width of the message (the meteogram of an hourly or 5-day answer).
        case chart(ChatImage)
    }

    /// The message's chart, if it has one.
    public var chart: ChatImage? {
        parts.lazy.compactMap { part -> ChatImage? in
            if case .chart(let image) = part { return image }
            return nil
        }.first
    }

    /// The message without its chart: what is sent again when a platform could not fetch the image.
    public var withoutChart: ChatMessage {
        var copy = self
        copy.parts.removeAll { if case .chart = $0 { true } else { false } }
        return copy
    }

    /// Every image in the message, in reading order.
    public var images: [ChatImage] {
        parts.compactMap { part in
            if case .paragraph(_, let image?) = part { return image }
            return nil
        }
    }

    /// The first title, if any.
    public var title: String? {
        parts.lazy.compactMap { part -> String? in
            if case .title(let title) = part { return title }
            return nil
        }.first
    }
}

/// A picture shown beside a paragraph; renderers drop one their platform would refuse.
public struct ChatImage: Sendable, Equatable {
    public var url: String
    public var altText: String

    public init(url: String, altText: String) {
        self.url = url
        self.altText = altText
    }
}

/// A name and a value, shown as a pair.
public struct ChatField: Sendable, Equatable {
    public var name: String
    public var value: RichText
}

/// A button: the action it asks for (`tenki.weather.hourly`), its label, and Tenki's own state
/// for it (untrusted when it comes back).
public struct ChatButton: Sendable, Equatable {
    public var actionID: String
    public var label: String
    public var value: String
    public var isPrimary: Bool = false
}

/// A menu: the action a choice asks for (`tenki.weather.place`), what it says before a choice, and
/// the choices, each with Tenki's own state for it (untrusted when it comes back).
public struct ChatMenu: Sendable, Equatable {
    public struct Option: Sendable, Equatable {
        public var label: String
        public var value: String
    }

    public var actionID: String
    public var placeholder: String
    public var options: [Option]
}
