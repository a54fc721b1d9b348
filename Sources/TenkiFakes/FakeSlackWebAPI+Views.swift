import Foundation
import TenkiHTTPServer

/// The fake's `views.*` methods, checked the way Slack checks them: a JSON body whose `view` is
/// an object of the right type (`home` to publish, `modal` to open or update) with at most 100
/// blocks; a `trigger_id` opens one modal only (`exchanged_trigger_id` after), and one marked
/// expired answers `expired_trigger_id`; `views.update` needs an open view's id (`not_found`) and,
/// with a `hash`, the current one (`hash_conflict`). Every call is recorded, refused ones too.
extension FakeSlackWebAPI {
    /// One `views.*` call as it arrived.
    public struct ViewCall: Sendable, Equatable {
        public var method: String
        public var userID: String?
        public var triggerID: String?
        public var viewID: String?
        public var hash: String?
        /// The `view` object, re-encoded with sorted keys (nil: the body had none).
        public var view: [UInt8]?
        public var authorization: String?
        public var receivedAt: Date
        /// Slack's refusal (nil: accepted).
        public var error: String?

        /// The view's `type` (`home`, `modal`) and `callback_id`, as sent.
        public var viewType: String? { object?["type"] as? String }
        public var callbackID: String? { object?["callback_id"] as? String }

        var object: [String: Any]? { view.flatMap { try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] } }
    }

    struct ViewsState {
        var calls: [ViewCall] = []
        var exchangedTriggers: Set<String> = []
        var expiredTriggers: Set<String> = []
        /// Open modals and published Home tabs: view id → current hash.
        var hashes: [String: String] = [:]
        var counter = 0
    }

    /// Every `views.*` call, in arrival order.
    public var viewCalls: [ViewCall] { state.withLock { $0.views.calls } }

    /// The accepted calls of `method` (`views.publish`, …).
    public func accepted(_ method: String) -> [ViewCall] { viewCalls.filter { $0.method == method && $0.error == nil } }

    /// `views.open` with `triggerID` answers `expired_trigger_id` (as after Slack's 3 seconds).
    public func expireTrigger(_ triggerID: String) {
        state.withLock { _ = $0.views.expiredTriggers.insert(triggerID) }
    }

    func views(_ method: String, _ request: HTTPRequest, authorized: Bool, forced: String?) -> HTTPResponse {
        let body = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any]
        let view = body?["view"] as? [String: Any]
        var call = ViewCall(
            method: method, userID: body?["user_id"] as? String, triggerID: body?["trigger_id"] as? String,
            viewID: body?["view_id"] as? String, hash: body?["hash"] as? String,
            view: view.flatMap { try? Array(JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys])) },
            authorization: request.headers["Authorization"], receivedAt: now())
        let answer: (id: String, hash: String)? = state.withLock { state in
            call.error = Self.refusal(method, call, view, authorized: authorized, forced: forced, state: state.views)
            defer { state.views.calls.append(call) }
            guard call.error == nil else { return nil }
            state.views.counter += 1
            let hash = "1700000000.\(state.views.counter)"
            let id: String
            switch method {
            case "views.publish": id = "VHOME" + (call.userID ?? "")
            case "views.open": id = String(format: "V%08d", state.views.counter)
            default: id = call.viewID ?? ""
            }
            if let trigger = call.triggerID { state.views.exchangedTriggers.insert(trigger) }
            state.views.hashes[id] = hash
            return (id, hash)
        }
        guard let answer else { return Self.failure(call.error ?? "invalid_arguments") }
        var shown = view ?? [:]
        shown["id"] = answer.id
        shown["hash"] = answer.hash
        shown["team_id"] = teamID
        return Self.success(["view": shown])
    }

    /// Slack's error for the call, or nil when Slack would take it.
    static func refusal(
        _ method: String, _ call: ViewCall, _ view: [String: Any]?, authorized: Bool, forced: String?, state: ViewsState
    ) -> String? {
        if !authorized { return "invalid_auth" }
        if let forced { return forced }
        guard let view, let blocks = view["blocks"] as? [Any], blocks.count <= 100 else { return "invalid_arguments" }
        let type = view["type"] as? String
        switch method {
        case "views.publish":
            guard type == "home", let user = call.userID, !user.isEmpty else { return "invalid_arguments" }
        case "views.open":
            guard type == "modal", let trigger = call.triggerID, !trigger.isEmpty else { return "invalid_arguments" }
            if state.expiredTriggers.contains(trigger) { return "expired_trigger_id" }
            if state.exchangedTriggers.contains(trigger) { return "exchanged_trigger_id" }
        default:
            guard type == "modal", let id = call.viewID, !id.isEmpty else { return "invalid_arguments" }
            guard let current = state.hashes[id] else { return "not_found" }
            if let hash = call.hash, hash != current { return "hash_conflict" }
        }
        return nil
    }
}
