import TenkiBase
import TenkiCore

/// The Home tab and modals: `views.publish` (a user's Home tab), `views.open` (a modal, with a
/// `trigger_id` that Slack accepts once and for 3 seconds) and `views.update` (a modal already
/// open, by its id). Each is a JSON POST whose `view` is the view object; Slack's refusals come
/// back as `SlackWebAPIError.refused` with its code (`expired_trigger_id`, `hash_conflict`, …).
extension SlackWebAPIClient {
    /// The view Slack now shows: its id (for `views.update`) and hash (to detect a newer view).
    public struct ShownView: Sendable, Equatable {
        public var id: String
        public var hash: String?
    }

    /// Publishes `view` (a Home tab) for `userID`. With `hash`, Slack refuses (`hash_conflict`)
    /// when the tab changed since that hash was read.
    @discardableResult
    public func publishView(_ view: SlackView, userID: String, hash: String? = nil) async throws(SlackWebAPIError) -> ShownView {
        try await views("views.publish", ViewsRequest(userID: userID, hash: hash, view: view))
    }

    /// Opens the modal `view` for the user whose action gave `triggerID`.
    @discardableResult
    public func openView(_ view: SlackView, triggerID: String) async throws(SlackWebAPIError) -> ShownView {
        try await views("views.open", ViewsRequest(triggerID: triggerID, view: view))
    }

    /// Replaces the open modal `viewID` with `view` (the outcome after a "checking…" view).
    @discardableResult
    public func updateView(_ view: SlackView, viewID: String, hash: String? = nil) async throws(SlackWebAPIError) -> ShownView {
        try await views("views.update", ViewsRequest(viewID: viewID, hash: hash, view: view))
    }

    private func views(_ method: String, _ request: ViewsRequest) async throws(SlackWebAPIError) -> ShownView {
        // Strings, booleans and integers only: encoding cannot fail.
        let body = (try? CompactJSONEncoder().encode(request)) ?? []
        let answer = try await call(method, json: body)
        guard let view = answer["view"] as? [String: Any], let id = view["id"] as? String, !id.isEmpty else {
            throw .unreadableAnswer(method: method)
        }
        return ShownView(id: id, hash: view["hash"] as? String)
    }
}

/// The body of a `views.*` call: exactly the arguments its method takes, the rest left out.
struct ViewsRequest: Encodable {
    var userID: String?
    var triggerID: String?
    var viewID: String?
    var hash: String?
    var view: SlackView

    enum CodingKeys: String, CodingKey {
        case hash, view
        case userID = "user_id"
        case triggerID = "trigger_id"
        case viewID = "view_id"
    }
}
