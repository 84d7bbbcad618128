import { BRAND, RETENTION } from '@roconnect/shared-lib';
import { LegalPage } from '../../features/legal/LegalPage';
import { AppLink } from '../../features/navigation/AppLink';
import { CommunityLink } from '../../features/site/CommunityLink';

const { product, chat, game } = BRAND;

/**
 * /privacy: what RoConnect collects, why, for how long, and the visitor's choices
 * (docs/product.md › Legal pages).
 */
export function Privacy() {
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
          avatar of each account you link, and when you linked it.
        </li>
        <li>
          <strong>Server settings:</strong> the nickname format, verified role and {game} group that
          server owners configure.
        </li>
        <li>
          <strong>Sign-in tokens:</strong> the access tokens {chat} and {game} give us when you
          authorise {product}. They are encrypted at rest. We never see or store your passwords.
        </li>
      </ul>

      <h2>How we use it</h2>
      <ul>
        <li>To sign you in and show your linked accounts and servers.</li>
        <li>
          To verify you in a server: assign the verified role and group roles, set your nickname and
          send you a direct message confirming it.
        </li>
        <li>To keep the service secure, prevent abuse and fix problems.</li>
      </ul>
      <p>We do not sell your information and we do not use it for advertising.</p>

      <h2>Who can see it</h2>
      <p>
        When you verify in a server, that server&apos;s owners and moderators can see the {game}{' '}
        account you verified with, through the roles and nickname the bot sets. We share information
        with {chat} and {game} only as needed to perform the actions you ask for, and with
        authorities only when the law requires it.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          <strong>Accounts:</strong> deleted after {RETENTION.accountInactivity} of inactivity.
        </li>
        <li>
          <strong>Session tokens:</strong> expire and are deleted after {RETENTION.sessionTokens}.
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
      <ul>
        <li>Unlink any {game} account from your dashboard at any time.</li>
        <li>Remove the bot from a server you manage through {chat}&apos;s server settings.</li>
        <li>
          Revoke {product}&apos;s access from the Authorized Apps settings of your {chat} account or
          the connected apps of your {game} account.
        </li>
        <li>
          Ask us for a copy of your data or for its deletion through our community server (below).
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
        Questions or requests about your data? Reach us in the{' '}
        <CommunityLink>{product} community server</CommunityLink>.
      </p>
    </LegalPage>
  );
}
