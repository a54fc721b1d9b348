import Foundation
import TenkiSecurity

/// The columns an installation is stored in, shared by both databases' statements; tokens go in
/// and come out sealed (`SealedInstallation`), so no statement ever holds one in clear.
enum InstallationColumns {
    /// In the order `sealed(_:)` reads them.
    static let select =
        "installation_key, is_enterprise_install, team_id, team_name, enterprise_id, enterprise_name, bot_user_id, "
        + "bot_token, refresh_token, token_expires_at, scopes, installer_user_id, installed_at"

    /// Saves one installation: installing again replaces every column and ends a refresh lease.
    static let upsert = """
        INSERT INTO installations (installation_key, is_enterprise_install, team_id, team_name, enterprise_id,
            enterprise_name, bot_user_id, bot_token, refresh_token, token_expires_at, scopes, installer_user_id,
            installed_at, updated_at, refresh_claimed_by, refresh_lease_until)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, NULL, NULL)
        ON CONFLICT (installation_key) DO UPDATE SET
            is_enterprise_install = excluded.is_enterprise_install, team_id = excluded.team_id,
            team_name = excluded.team_name, enterprise_id = excluded.enterprise_id,
            enterprise_name = excluded.enterprise_name, bot_user_id = excluded.bot_user_id, bot_token = excluded.bot_token,
            refresh_token = excluded.refresh_token, token_expires_at = excluded.token_expires_at, scopes = excluded.scopes,
            installer_user_id = excluded.installer_user_id, installed_at = excluded.installed_at,
            updated_at = excluded.updated_at, refresh_claimed_by = NULL, refresh_lease_until = NULL
        """

    /// The values of `upsert`.
    static func upsertValues<Value: StoreValue>(_ row: SealedInstallation, updatedAt: Date) -> [Value] {
        let installation = row.installation
        return [
            .text(row.key), .integer(installation.isEnterpriseInstall ? 1 : 0), optional(installation.teamID),
            optional(installation.teamName), optional(installation.enterpriseID), optional(installation.enterpriseName),
            .text(installation.botUserID), .text(row.botToken.text), optional(row.refreshToken?.text),
            installation.rotation.map { .date($0.expiresAt) } ?? .null, .text(installation.scopes.joined(separator: ",")),
            optional(installation.installerUserID), .date(installation.installedAt), .date(updatedAt),
        ]
    }

    /// A row of `select`, its tokens still sealed.
    static func sealed(_ row: some StoreRow) -> SealedInstallation {
        let expiresAt = row.optionalDate(9)
        let refreshToken = row.optionalText(8).map(SealedToken.init(text:))
        // The tokens are placeholders until `SealedInstallation.opened` puts the real ones in.
        let installation = Installation(
            teamID: row.optionalText(2), teamName: row.optionalText(3), enterpriseID: row.optionalText(4),
            enterpriseName: row.optionalText(5), isEnterpriseInstall: row.int(1) != 0, botUserID: row.text(6),
            botToken: placeholder, rotation: expiresAt.map { TokenRotation(refreshToken: placeholderRefresh, expiresAt: $0) },
            scopes: row.text(10).split(separator: ",").map(String.init), installerUserID: row.optionalText(11),
            installedAt: row.date(12))
        return SealedInstallation(
            key: row.text(0), installation: installation, botToken: SealedToken(text: row.text(7)), refreshToken: refreshToken)
    }

    private static let placeholder = SlackBotToken("sealed")!
    private static let placeholderRefresh = SlackRefreshToken("sealed")!

    private static func optional<Value: StoreValue>(_ text: String?) -> Value {
        text.map { .text($0) } ?? .null
    }
}

/// An installation as stored: its fields, and its tokens sealed for its key.
struct SealedInstallation: Sendable {
    let key: String
    /// The fields; its tokens are meaningless until `opened(with:)`.
    var installation: Installation
    var botToken: SealedToken
    var refreshToken: SealedToken?

    /// `installation` with its tokens sealed under the current key.
    init(sealing installation: Installation, with sealer: TokenSealer) throws(InstallationStoreError) {
        guard let key = installation.key, !key.isEmpty else { throw .missingKey }
        self.key = key
        self.installation = installation
        self.botToken = sealer.seal(installation.botToken.value, installationKey: key)
        self.refreshToken = installation.rotation.map { sealer.seal($0.refreshToken.value, installationKey: key) }
    }

    init(key: String, installation: Installation, botToken: SealedToken, refreshToken: SealedToken?) {
        self.key = key
        self.installation = installation
        self.botToken = botToken
        self.refreshToken = refreshToken
    }

    /// The installation with its tokens opened, and whether either was sealed under the previous key.
    func opened(with sealer: TokenSealer) throws(InstallationStoreError) -> (installation: Installation, needsResealing: Bool) {
        do throws(TokenSealingError) {
            let bot = try sealer.open(botToken, installationKey: key)
            let refresh = try refreshToken.map { sealed throws(TokenSealingError) in try sealer.open(sealed, installationKey: key)
            }
            guard let botToken = SlackBotToken(bot.value) else { throw .notAuthentic }
            var opened = installation
            opened.botToken = botToken
            if let refresh, let expiresAt = installation.rotation?.expiresAt, let token = SlackRefreshToken(refresh.value) {
                opened.rotation = TokenRotation(refreshToken: token, expiresAt: expiresAt)
            } else {
                opened.rotation = nil
            }
            return (opened, bot.needsResealing || refresh?.needsResealing == true)
        } catch {
            throw .unreadableToken(installationKey: key, error)
        }
    }
}
