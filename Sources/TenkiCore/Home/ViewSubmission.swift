import Foundation

/// A `view_submission` payload (the `payload` field of `POST /slack/interactions`), read
/// tolerantly: the form's state is `view.state.values[block_id][action_id]`, and each field's
/// value is taken from whichever of Slack's keys its element uses (`value`, `selected_time`,
/// `selected_conversation`, `selected_channel`, `selected_option`, `selected_options`). A field
/// of the wrong shape reads as empty, so the form's checks answer it on the field; only a payload
/// that is not a view submission at all is an error.
public struct ViewSubmission: Sendable, Equatable {
    public var teamID: String?
    public var enterpriseID: String?
    public var userID: String
    public var triggerID: String?
    /// The modal's id and hash, for `views.update` (the hash guards against a newer view).
    public var viewID: String?
    public var viewHash: String?
    public var callbackID: String
    public var privateMetadata: String?
    /// Each input block's state by `block_id` (the block's first action; Tenki's blocks hold one).
    public var fields: [String: FieldState]

    /// One input's state as Slack sends it; nil for whatever it did not send.
    public struct FieldState: Sendable, Equatable {
        public var type: String?
        public var value: String?
        public var selectedTime: String?
        public var selectedConversation: String?
        public var selectedChannel: String?
        public var selectedOption: String?
        public var selectedOptions: [String]?

        public init(
            type: String? = nil, value: String? = nil, selectedTime: String? = nil, selectedConversation: String? = nil,
            selectedChannel: String? = nil, selectedOption: String? = nil, selectedOptions: [String]? = nil
        ) {
            self.type = type
            self.value = value
            self.selectedTime = selectedTime
            self.selectedConversation = selectedConversation
            self.selectedChannel = selectedChannel
            self.selectedOption = selectedOption
            self.selectedOptions = selectedOptions
        }
    }

    public enum Problem: Error, Sendable, Equatable {
        case notJSON
        /// JSON, but its `type` is not `view_submission`.
        case notViewSubmission
        /// No `user.id` or no `view.callback_id`.
        case missing(String)
    }

    /// Blocks read from one submission; Slack's views hold at most 100.
    static let maxFields = SlackLimits.blocksPerView

    public init(
        teamID: String? = nil, enterpriseID: String? = nil, userID: String, triggerID: String? = nil, viewID: String? = nil,
        viewHash: String? = nil, callbackID: String, privateMetadata: String? = nil, fields: [String: FieldState]
    ) {
        self.teamID = teamID
        self.enterpriseID = enterpriseID
        self.userID = userID
        self.triggerID = triggerID
        self.viewID = viewID
        self.viewHash = viewHash
        self.callbackID = callbackID
        self.privateMetadata = privateMetadata
        self.fields = fields
    }

    public init(json: some Collection<UInt8>) throws(Problem) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(json))) as? [String: Any] else { throw .notJSON }
        guard object["type"] as? String == "view_submission" else { throw .notViewSubmission }
        let view = object["view"] as? [String: Any] ?? [:]
        guard let user = (object["user"] as? [String: Any])?["id"] as? String, !user.isEmpty else { throw .missing("user.id") }
        guard let callback = view["callback_id"] as? String else { throw .missing("view.callback_id") }
        self.init(
            teamID: (object["team"] as? [String: Any])?["id"] as? String,
            enterpriseID: (object["enterprise"] as? [String: Any])?["id"] as? String, userID: user,
            triggerID: object["trigger_id"] as? String, viewID: view["id"] as? String, viewHash: view["hash"] as? String,
            callbackID: callback, privateMetadata: view["private_metadata"] as? String,
            fields: Self.fields(in: (view["state"] as? [String: Any])?["values"] as? [String: Any] ?? [:]))
    }

    static func fields(in values: [String: Any]) -> [String: FieldState] {
        var fields: [String: FieldState] = [:]
        for (blockID, actions) in values.prefix(maxFields) {
            guard let actions = actions as? [String: Any], let first = actions.keys.sorted().first,
                let state = actions[first] as? [String: Any]
            else { continue }
            fields[blockID] = FieldState(
                type: state["type"] as? String, value: state["value"] as? String, selectedTime: state["selected_time"] as? String,
                selectedConversation: state["selected_conversation"] as? String,
                selectedChannel: state["selected_channel"] as? String,
                selectedOption: (state["selected_option"] as? [String: Any])?["value"] as? String,
                selectedOptions: (state["selected_options"] as? [Any])?.compactMap { ($0 as? [String: Any])?["value"] as? String }
            )
        }
        return fields
    }

    /// Which of Tenki's forms was submitted, by its `callback_id`; nil for any other view.
    public enum Form: Sendable, Equatable {
        case preferences, subscribe
    }

    public var form: Form? {
        switch callbackID {
        case HomeIDs.preferencesCallback: .preferences
        case HomeIDs.subscribeCallback: .subscribe
        default: nil
        }
    }

    /// The field's state, read by its fixed `block_id`.
    public subscript(field: ModalField) -> FieldState? { fields[field.rawValue] }
}
