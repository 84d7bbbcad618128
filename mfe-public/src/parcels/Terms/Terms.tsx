import { BRAND, RETENTION } from '@roconnect/shared-lib';
import { LegalPage } from '../../features/legal/LegalPage';
import { AppLink } from '../../features/navigation/AppLink';
import { CommunityLink } from '../../features/site/CommunityLink';

const { product, chat, game } = BRAND;

/** /terms: the rules for using the website and the bot (docs/product.md › Legal pages). */
export function Terms() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        These terms govern your use of the {product} website and the {product} bot. By signing in or
        adding the bot to a server you agree to them. If you do not agree, please do not use{' '}
        {product}.
      </p>

      <h2>Who can use {product}</h2>
      <p>
        You must be at least {RETENTION.minimumAge} years old, and old enough to use {chat} and{' '}
        {game} where you live. You must follow {chat}&apos;s and {game}&apos;s own terms, which
        continue to apply to your accounts there.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>You sign in with {chat}; you are responsible for what happens under your account.</li>
        <li>
          Only link {game} accounts that you own. Linking someone else&apos;s account is not
          allowed.
        </li>
        <li>You can unlink accounts and stop using {product} at any time.</li>
      </ul>

      <h2>Server owners</h2>
      <ul>
        <li>
          Only add the bot to servers you manage. The bot needs the permissions it asks for to
          manage roles and nicknames; removing them stops verification from working.
        </li>
        <li>
          You choose the nickname format, the verified role and the {game} group of your server, and
          you are responsible for how you use them.
        </li>
        <li>Tell your members that your server uses {product} for verification.</li>
      </ul>

      <h2>Acceptable use</h2>
      <p>You agree not to:</p>
      <ul>
        <li>misuse the service to harass, impersonate or deceive anyone;</li>
        <li>attempt to access accounts, servers or data that are not yours;</li>
        <li>
          interfere with, overload or reverse-engineer the service, or automate requests to it;
        </li>
        <li>use {product} for anything unlawful.</li>
      </ul>

      <h2>Availability</h2>
      <p>
        {product} depends on {chat} and {game}, which we do not control. We aim to keep it running
        but provide it &quot;as is&quot;, without guarantees that it will always be available,
        error-free or that role changes will always succeed.
      </p>

      <h2>Suspension and termination</h2>
      <p>
        We may suspend or end access for anyone who breaks these terms or puts other users at risk.
        You may stop using {product} at any time; inactive accounts are deleted after{' '}
        {RETENTION.accountInactivity}, as described in our{' '}
        <AppLink to="/privacy">Privacy Policy</AppLink>.
      </p>

      <h2>Liability</h2>
      <p>
        To the extent the law allows, {product} is not liable for indirect or consequential losses,
        or for actions taken by {chat}, {game} or server owners. Nothing in these terms limits
        rights you have under the law that cannot be limited.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        We will give at least {RETENTION.termsNoticeDays} days&apos; notice of changes to these
        terms, on this page and in our community server, before they take effect. Continuing to use{' '}
        {product} after that means you accept the new terms.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms? Reach us in the{' '}
        <CommunityLink>{product} community server</CommunityLink>.
      </p>
    </LegalPage>
  );
}
