import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { session } from '@roconnect/shared-lib';
import {
  configureRuntime,
  renderWithProviders,
  setupMockServer,
} from '@roconnect/shared-lib/testing';
import { KEPT, PRIVACY_DATA_PATH, Privacy } from './Privacy';

/** The API's documented default of a setting (docs/production.md's settings table). */
function documentedDefault(setting: string): string {
  const doc = readFileSync(path.resolve(__dirname, '../../../../docs/production.md'), 'utf8');
  const row = new RegExp(`^\\| \`${setting}\`\\s*\\| \`([^\`]+)\``, 'm').exec(doc);
  if (!row) throw new Error(`${setting} is not in docs/production.md`);
  return row[1]!;
}

setupMockServer();

describe('Privacy', () => {
  it('states the retention periods, the minimum age and the effective date', async () => {
    await session.start();
    renderWithProviders(<Privacy />);
    const article = within(screen.getByRole('article'));
    expect(article.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(article.getByText('Effective date: 1 August 2025')).toBeInTheDocument();
    expect(
      article.getByRole('heading', { level: 2, name: 'How long we keep it' }),
    ).toBeInTheDocument();
    const text = screen.getByRole('article').textContent ?? '';
    expect(text).toContain('deleted after 2 years of inactivity');
    expect(text).toContain('deleted after 7 days');
    expect(text).toContain('kept for 90 days');
    expect(text).toContain('at least 13 years old');
  });

  it('has the top bar and the footer of the public pages', async () => {
    await session.start();
    renderWithProviders(<Privacy />);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(
      within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', {
        name: 'Terms of Service',
      }),
    ).toBeInTheDocument();
  });

  it('points Contact at the community server the deploy configured, and names it without one', async () => {
    await session.start();
    configureRuntime({
      footerLinks: { community: { url: 'https://chat.example/invite/xyz', label: 'Community' } },
    });
    const { unmount } = renderWithProviders(<Privacy />);
    const article = within(screen.getByRole('article'));
    expect(article.getByRole('link', { name: 'RoConnect community server' })).toHaveAttribute(
      'href',
      'https://chat.example/invite/xyz',
    );
    unmount();
    configureRuntime({ footerLinks: undefined });
    renderWithProviders(<Privacy />);
    expect(screen.getByRole('article')).toHaveTextContent(
      'Reach us in the RoConnect community server.',
    );
    expect(screen.queryByRole('link', { name: 'RoConnect community server' })).toBeNull();
  });

  it('names every feature that touches personal data, and who may see the Roblox account', async () => {
    await session.start();
    renderWithProviders(<Privacy />);
    const text = screen.getByRole('article').textContent ?? '';
    for (const named of [
      'when you sign in with Discord',
      'Linked Roblox accounts',
      "Roblox's sign-in",
      'set your nickname',
      'log channel',
      '/whois',
      'developer API',
      'webhook',
      "Discord's Linked Roles",
      'audit log',
      'each time someone looks you up',
      'when you join or leave a server',
      'restrictions',
    ])
      expect(text).toContain(named);
    // the consent rule: shown only where the member verified themselves or chose to show it
    expect(text).toContain(
      'only where you verified yourself, on the website, with the Verify button or with /verify, or where you chose to show it',
    );
    expect(text).toContain('the developer API answers as if you had not linked');
    expect(text).toContain('the bot makes no nickname from it');
  });

  it('keeps what grows with use for the periods docs/production.md gives as defaults', async () => {
    await session.start();
    renderWithProviders(<Privacy />);
    const text = screen.getByRole('article').textContent ?? '';
    for (const [setting, kept] of [
      ['AUDIT_RETENTION_DAYS', KEPT.auditLog],
      ['LOOKUP_RETENTION_DAYS', KEPT.lookups],
      ['PRESENCE_RETENTION_DAYS', KEPT.joinsAndLeaves],
      ['MEMBER_FACTS_RETENTION_DAYS', KEPT.robloxFacts],
      ['JOB_RETENTION_DAYS', KEPT.memberUpdates],
      ['JOB_RETENTION_DAYS', KEPT.webhookDeliveries],
    ] as const)
      expect([setting, kept]).toEqual([setting, `${documentedDefault(setting)} days`]);
    expect(text).toContain(`Audit log entries: deleted after ${KEPT.auditLog}`);
    expect(text).toContain(`Lookups of you: deleted after ${KEPT.lookups}`);
    expect(text).toContain(`Joins and leaves: deleted after ${KEPT.joinsAndLeaves}`);
    expect(text).toContain(
      `What a verification read from Roblox: deleted after ${KEPT.robloxFacts}`,
    );
    expect(text).toContain(`Member updates run by staff: deleted after ${KEPT.memberUpdates}`);
    expect(text).toContain(`the record of them after ${KEPT.webhookDeliveries}`);
    // the two-year purge, and what counts as activity for it
    expect(text).toContain(
      'Signing in and your own use of the bot (/verify, the Verify button, joining a server that verifies you) count as activity.',
    );
  });

  it('sends the export and the deletion to the Privacy & data page, not to a community server', async () => {
    await session.start();
    configureRuntime({
      footerLinks: { community: { url: 'https://chat.example/invite/xyz', label: 'Community' } },
    });
    renderWithProviders(<Privacy />);
    const article = within(screen.getByRole('article'));
    const links = article.getAllByRole('link', { name: 'Privacy & data' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', PRIVACY_DATA_PATH);
    const text = screen.getByRole('article').textContent ?? '';
    expect(text).toContain('download a copy of everything RoConnect holds about you');
    expect(text).toContain(
      "delete your account: the bot takes back the roles and nicknames it gave you in every server, we clear your Linked Roles data at Discord and revoke RoConnect's access to your Discord account",
    );
    // no paragraph or item that names the community server asks for anything to be sent there
    const blocks = screen.getByRole('article').querySelectorAll('p, li');
    const community = [...blocks].filter((b) => b.textContent?.includes('community server'));
    expect(community.length).toBeGreaterThan(0);
    for (const block of community)
      expect(block.textContent).not.toMatch(/request|ask us|send us|contact us for/i);
  });
});
