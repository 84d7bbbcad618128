import { BRAND, RETENTION } from '@roconnect/shared-lib';
import { LegalPage } from '../../features/legal/LegalPage';
import { AppLink } from '../../features/navigation/AppLink';
import { CommunityLink } from '../../features/site/CommunityLink';

const { product, chat, game } = BRAND;

/** The member's Privacy & data page (mfe-accounts), where the export and the deletion are. */
export const PRIVACY_DATA_PATH = '/account/privacy';

/**
 * How long what grows with use is kept: the API's defaults (docs/production.md, the
 * `*_RETENTION_DAYS` settings), written as the policy promises them.
 */
export const KEPT = {
  auditLog: '365 days',
  lookups: '90 days',
  joinsAndLeaves: '30 days',
  robloxFacts: '180 days',
  memberUpdates: '30 days',
  webhookDeliveries: '30 days',
} as const;

/**
 * /privacy: what RoConnect collects, why, who sees it, for how long, and the visitor's choices
 * (docs/product.md › Legal pages, › Privacy and data). Every feature that touches personal data
 * is named; the export and the deletion are the member's own, on their Privacy & data page.
 */
export function Privacy() {
  const dataPage = <AppLink to={PRIVACY_DATA_PATH}>Privacy &amp; data</AppLink>;
  return (
    <LegalPage title="Privacy Policy">
      <p>
        This policy explains what information {product} collects when you use the website and the{' '}
        {product} bot, how we use it, how long we keep it and the choices you have. {product} is an
        independent service and is not affiliated with {chat} or {game}.
      </p>

      <h2>Information we collect</h2>
      <ul>
        <li>
          <strong>Your {chat} account:</strong> your {chat} user ID, username, display name and
          avatar, received when you sign in with {chat}.
        </li>
        <li>
          <strong>Your servers:</strong> the {chat} servers you can access, whether you own or
          manage them, their names, icons and member counts, so we can show where the bot can be
          added.
        </li>
        <li>
          <strong>Linked {game} accounts:</strong> the {game} user ID, username, display name and
          avatar of each account you link through {game}&apos;s sign-in, and when you linked it.
        </li>
        <li>
          <strong>Verifications:</strong> each time the bot verifies or updates you in a server, the
          roles and nickname it gave or took, and what it read from {game} for that server&apos;s
          rules: your groups and ranks, the badges, game passes and items its roles ask for, and
          your account&apos;s age.
        </li>
        <li>
          <strong>Activity in servers:</strong> when you join or leave a server that has the bot,
          and each time someone looks you up with <code>/whois</code> or the developer API.
        </li>
        <li>
          <strong>Server settings:</strong> what server owners configure: the nickname format, roles
          and binds, restrictions, the log channel, API keys and a webhook.
        </li>
        <li>
          <strong>Sign-in tokens:</strong> the tokens {chat} gives us when you sign in, encrypted at
          rest. The token {game} gives us is used once to read your account and never stored. We
          never see or store your passwords.
        </li>
      </ul>

      <h2>How we use it</h2>
      <ul>
        <li>To sign you in and show your linked accounts and servers.</li>
        <li>
          To verify you in a server: assign the verified role and the roles its binds give, set your
          nickname and send you a direct message confirming it.
        </li>
        <li>
          To keep your roles up to date: when you join a server that verifies new members, when its
          staff update you with <code>/update</code> or update everyone, at its scheduled resync,
          and when the server&apos;s own bots and games ask through the developer API.
        </li>
        <li>
          For {chat}&apos;s Linked Roles: we tell {chat} that you verified with {game}, with your{' '}
          {game} username and account age, so servers can offer roles that need it. You allow this
          when you sign in.
        </li>
        <li>
          To apply a server&apos;s restrictions (a minimum account age, blocked accounts or groups):
          the server chooses whether a restricted member is refused, kicked or banned.
        </li>
        <li>To keep the service secure, prevent abuse and fix problems.</li>
      </ul>
      <p>We do not sell your information and we do not use it for advertising.</p>

      <h2>Who can see it</h2>
      <p>
        Your {game} account is shown in a server (by <code>/whois</code>, to the server&apos;s bots
        and games through the developer API, and in its log channel) only where you verified
        yourself, on the website, with the Verify button or with <code>/verify</code>, or where you
        chose to show it. You choose per server, and a default for new servers, on your {dataPage}{' '}
        page.
      </p>
      <p>
        Roles the bot gives you on its own (when you join, or when staff or the developer API update
        you) show nothing more. Where your account is not shown, <code>/whois</code> says you keep
        it private, the developer API answers as if you had not linked, the bot makes no nickname
        from it, and the log channel and the server&apos;s webhook do not name it.
      </p>
      <p>
        Everyone in a server can see the roles the bot gives you. The server&apos;s managers also
        see its audit log: who was verified, with which {game} account, by whom and what changed.
      </p>
      <p>
        We share information with {chat} and {game} only as needed to do what you and your servers
        ask for, and with authorities only when the law requires it.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          <strong>Accounts:</strong> deleted after {RETENTION.accountInactivity} of inactivity.
          Signing in and your own use of the bot (<code>/verify</code>, the Verify button, joining a
          server that verifies you) count as activity. The deletion is the one described under Your
          choices.
        </li>
        <li>
          <strong>Session tokens:</strong> expire and are deleted after {RETENTION.sessionTokens}.
          Your {chat} token goes once you have no session, unless we still need it to clear your
          Linked Roles data.
        </li>
        <li>
          <strong>Audit log entries:</strong> deleted after {KEPT.auditLog}, except each
          member&apos;s latest verification in each server.
        </li>
        <li>
          <strong>Lookups of you:</strong> deleted after {KEPT.lookups}.
        </li>
        <li>
          <strong>Joins and leaves:</strong> deleted after {KEPT.joinsAndLeaves}, and not kept in
          servers where the bot does nothing when members join.
        </li>
        <li>
          <strong>What a verification read from {game}:</strong> deleted after {KEPT.robloxFacts},
          or once you leave the server or unlink the account.
        </li>
        <li>
          <strong>Member updates run by staff:</strong> deleted after {KEPT.memberUpdates}.
        </li>
        <li>
          <strong>Webhook deliveries:</strong> their content is deleted once delivered or given up,
          the record of them after {KEPT.webhookDeliveries}.
        </li>
        <li>
          <strong>Backups:</strong> kept for {RETENTION.backups}, then overwritten.
        </li>
      </ul>
      <p>
        When you unlink a {game} account it is removed from your profile at once; copies in backups
        disappear when those backups expire.
      </p>

      <h2>Your choices</h2>
      <p>On your {dataPage} page you can:</p>
      <ul>
        <li>choose where your {game} account is shown, server by server;</li>
        <li>see who looked you up;</li>
        <li>download a copy of everything {product} holds about you, as a JSON file;</li>
        <li>
          delete your account: the bot takes back the roles and nicknames it gave you in every
          server, we clear your Linked Roles data at {chat} and revoke {product}&apos;s access to
          your {chat} account, delete your linked accounts, choices, lookups and sessions, and sign
          you out everywhere. Servers&apos; audit logs keep their entries, naming a deleted user.
        </li>
      </ul>
      <p>You can also:</p>
      <ul>
        <li>Unlink any {game} account from your dashboard at any time.</li>
        <li>Remove the bot from a server you manage through {chat}&apos;s server settings.</li>
        <li>
          Revoke {product}&apos;s access from the Authorized Apps settings of your {chat} account or
          the connected apps of your {game} account.
        </li>
      </ul>

      <h2>Children</h2>
      <p>
        {product} is not intended for anyone under {RETENTION.minimumAge}. You must be at least{' '}
        {RETENTION.minimumAge} years old, and old enough to use {chat} and {game} where you live. If
        we learn that we hold information about a child under {RETENTION.minimumAge}, we delete it.
      </p>

      <h2>Security</h2>
      <p>
        Traffic is encrypted in transit, provider tokens are encrypted at rest and sign-in tokens
        are short-lived. No system is perfectly secure, but we work to protect your information and
        will tell you if a breach affects you.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        We will announce changes on this page and in our community server at least{' '}
        {RETENTION.termsNoticeDays} days before they take effect. The effective date at the top
        shows when this policy last changed. See also our{' '}
        <AppLink to="/terms">Terms of Service</AppLink>.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about this policy? Reach us in the{' '}
        <CommunityLink>{product} community server</CommunityLink>. Never post your data there: your
        copy and your deletion are on your {dataPage} page.
      </p>
    </LegalPage>
  );
}
