import Foundation
import TenkiCore
import TenkiLogging

/// The dispatcher's part in a multi-workspace deployment: a Slack command from a workspace with no
/// installation is told so privately, with the install link; `app_uninstalled` removes the
/// workspace's installation and everything saved for it; `tokens_revoked` with a bot token removes
/// the installation only.
extension InboundDispatcher {
    /// The private notice for a command from a workspace without Tenki; nil when it may run.
    func notInstalledNotice(_ payload: SlashCommandPayload, context: InboundContext, logger: Logger) async -> CommandReply? {
        guard context.platform == .slack, let workspaces, let app = workspaces.app else { return nil }
        guard
            await workspaces.lookup(enterprise: payload.enterpriseID, team: payload.teamID ?? "", logger: logger) == .notInstalled
        else { return nil }
        logger.notice("command from a workspace without an installation", [("team", payload.teamID ?? "-")])
        let language = context.language ?? self.language
        let template =
            language == .ja
            ? "このワークスペースには Tenki がインストールされていません。{link} からインストールできます。"
            : "Tenki is not installed in this workspace. Install it from {link}."
        return Self.notice(RichText.fill(template, ["link": .link(app.installPage, title: app.installPage)]))
    }

    /// Work owed late, carrying its workspace's installation key when there are many (so an
    /// uninstall removes it and its answer).
    func pendingWork(
        _ record: [UInt8], destination: URL, kind: DestinationKind, context: InboundContext, team: String? = nil,
        deliveryKind: String = "late-answer"
    ) -> PendingWork {
        var work = PendingWork(record: record, destination: destination, kind: kind, deliveryKind: deliveryKind)
        // The key of the installation that answered (an org-wide install's enterprise id), which
        // is what its uninstall names.
        if workspaces?.isDistributed == true, context.platform == .slack {
            work.installationKey = context.installation ?? team ?? context.team
        }
        return work
    }

    /// `app_uninstalled` and `tokens_revoked` (bot), acknowledged once handled; nil for any other event.
    func installationEvent(_ type: String, sentAt: Date?, context: InboundContext, logger: Logger) async -> InboundOutcome? {
        guard let installations = workspaces?.installations,
            type == SlackEventTypes.appUninstalled || type == SlackEventTypes.botTokensRevoked
        else { return nil }
        // An org-wide install's events name its enterprise (`InboundContext.installation`).
        let key = context.installation ?? context.team
        guard !key.isEmpty, key != "-" else {
            logger.warning("installation event without a team", [("type", type)])
            return .acknowledged
        }
        do {
            // Slack retries an event for up to an hour: one sent before the installation there is
            // now (the workspace installed Tenki again since) must not remove the new one.
            if let sentAt, let current = try await installations.installation(enterprise: key, team: key),
                current.installedAt > sentAt
            {
                logger.notice(
                    "installation event older than the installation: kept",
                    [
                        ("type", type), ("installation", key), ("sent_at", String(Int(sentAt.timeIntervalSince1970))),
                        ("installed_at", String(Int(current.installedAt.timeIntervalSince1970))),
                    ])
                return .acknowledged
            }
            if type == SlackEventTypes.appUninstalled {
                let removed = try await installations.deleteEverything(key: key)
                logger.notice(
                    "workspace uninstalled: its data removed",
                    [
                        ("installation", key), ("installations", String(removed.installations)),
                        ("preferences", String(removed.preferences)), ("subscriptions", String(removed.subscriptions)),
                        ("deliveries", String(removed.deliveries)), ("pending_commands", String(removed.pendingCommands)),
                    ])
            } else {
                let removed = try await installations.deleteInstallation(key: key)
                logger.notice("bot token revoked: installation removed", [("installation", key), ("removed", String(removed))])
            }
        } catch {
            // Slack retries an event that did not get a 2xx: a store that failed gets another go.
            logger.error("installation event failed", [("type", type), ("installation", key), ("error", error.description)])
            return .failed
        }
        return .acknowledged
    }
}

/// The Events API types the installation handlers take (`SlackEventsAdapter` names them).
enum SlackEventTypes {
    static let appUninstalled = "app_uninstalled"
    /// `tokens_revoked` naming at least one bot token; without one it keeps its own name.
    static let botTokensRevoked = "tokens_revoked"
    static let userTokensRevoked = "tokens_revoked_user_only"
}
