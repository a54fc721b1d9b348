import Foundation
import TenkiCore
import TenkiLogging
import TenkiStorage

/// What a modal's submission came to, in both of the ways it can be told: within Slack's 3
/// seconds as the HTTP answer, or after "checking…" as the view `views.update` shows.
struct SubmissionOutcome: Sendable {
    /// The answer in time: nil closes the modal; `errors` marks the fields.
    var response: ViewSubmissionResponse?
    /// The view once "checking…" was shown: a field can no longer be marked, so the form comes
    /// back with the problem at its top, or a notice says it was saved.
    var late: SlackView
}

extension HomeSurfaces {
    /// Checks and saves a `tenki.preferences` or `tenki.subscribe` submission through the text
    /// commands' own paths, then refreshes the user's Home tab. Nil for a view that is not Tenki's.
    func submit(_ submission: ViewSubmission, user: UserKey, logger: Logger) async -> SubmissionOutcome? {
        switch submission.form {
        case .preferences?: return await submitPreferences(submission, user: user, logger: logger)
        case .subscribe?: return await submitSubscription(submission, user: user, logger: logger)
        case nil: return nil
        }
    }

    /// The "checking…" answer for a submission whose checks run past the budget.
    func checking(_ submission: ViewSubmission) -> ViewSubmissionResponse {
        let place = String((submission[.place]?.value ?? "").prefix(100))
        return .checking(place: place, language: language)
    }

    private func submitPreferences(_ submission: ViewSubmission, user: UserKey, logger: Logger) async -> SubmissionOutcome {
        let form = PreferencesModal(preferences: HomeTab.Preferences(), teamUnits: settings.units, language: language)
        let request: PreferencesRequest
        switch PreferencesRequest.read(submission, language: language) {
        case .success(let read): request = read
        case .failure(let errors): return SubmissionOutcome(response: .errors(errors), late: form.view)
        }
        // `PreferencesRequest.read` refused a place `PlaceQuery` cannot read: nil here is an empty field.
        let place: PlaceChange = request.place.flatMap(PlaceQuery.init(text:)).map { .set($0) } ?? .forget
        switch await weather.savePreferences(place: place, units: request.units, for: user, logger: logger) {
        case .success:
            await publish(for: user, logger: logger)
            let units = "\(request.units.rawValue) (\(request.units.temperatureSymbol))"
            let text = Mrkdwn.escape(ReplyStrings.fill(ReplyStrings.table(for: language).savedUnits, ["units": units]))
            return SubmissionOutcome(response: nil, late: notice(ModalStrings.table(for: language).preferencesTitle, text))
        case .failure(.placeNotFound(let query, _)):
            let errors = ViewSubmissionResponse.placeNotFound(query, language: language)
            return SubmissionOutcome(response: errors, late: returning(form, errors))
        case .failure(let refusal):
            let text = SlackRenderer.mrkdwn(refusal.message.summary)
            return SubmissionOutcome(response: .errors(FieldErrors([.place: text])), late: form.view)
        }
    }

    private func submitSubscription(_ submission: ViewSubmission, user: UserKey, logger: Logger) async -> SubmissionOutcome {
        let metadata = ModalMetadata(decoding: submission.privateMetadata)
        let request: SubscriptionRequest
        switch SubscriptionRequest.read(submission, language: language) {
        case .success(let read): request = read
        case .failure(let errors):
            let form = SubscribeModal(place: nil, channel: metadata.channel, language: language, metadata: metadata)
            return SubmissionOutcome(response: .errors(errors), late: form.view)
        }
        let attempt = SubscribeAttempt(
            query: request.place, kind: request.kind, zone: metadata.zone, team: user.team, channel: request.channel,
            user: user.user, enterprise: submission.enterpriseID, installationKey: user.installation)
        let response: ViewSubmissionResponse
        switch await subscriptions.subscribe(attempt, logger: logger) {
        case .success(let saved):
            await publish(for: user, logger: logger)
            let words = SubscriptionStrings.table(for: language)
            let text = SlackRenderer.mrkdwn(
                RichText.fill(
                    words.saved, ["id": .literal(String(saved.id)), "command": .literal(settings.commandNames.weather)]))
            return SubmissionOutcome(response: nil, late: notice(ModalStrings.table(for: language).subscribeTitle, text))
        case .failure(.placeNotFound(let query)): response = .placeNotFound(query, language: language)
        case .failure(.notInChannel): response = .channelRefused(slackError: "not_in_channel", language: language)
        case .failure(.postRefused(let error)): response = .channelRefused(slackError: error, language: language)
        case .failure(.channelFull(let count)): response = .channelFull(limit: count, language: language)
        case .failure(let refusal):
            let text = SlackRenderer.mrkdwn(subscriptions.message(for: refusal).summary)
            response = .errors(FieldErrors([.channel: text]))
        }
        guard case .errors(let errors) = response else { return SubmissionOutcome(response: response, late: checkingView()) }
        let late = SubscribeModal(returning: request, problem: errors.markdown, language: language, metadata: metadata)
        return SubmissionOutcome(response: response, late: late.view)
    }

    private func returning(_ form: PreferencesModal, _ response: ViewSubmissionResponse) -> SlackView {
        guard case .errors(let errors) = response else { return form.view }
        return notice(ModalStrings.table(for: language).preferencesTitle, errors.markdown)
    }

    private func notice(_ title: String, _ markdown: String) -> SlackView {
        ModalNotice(title: title, markdown: markdown, language: language).view
    }

    private func checkingView() -> SlackView { ModalNotice.checking(place: "", language: language).view }
}
