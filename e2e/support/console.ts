import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { API, DEMO_USER, EMULATOR_CONTROL, expect, signIn, test } from './fixtures';

/**
 * The server owner's console from a spec: the API as the signed-in page, the emulator's control
 * endpoints (this worker's, fixtures.ts), and putting Demo Builders back as the other specs expect
 * it.
 */
/** Demo seed: demo_user owns Demo Builders (bot at position 10). */
export const DEMO_BUILDERS = '300000000000000001';
/** Demo seed: demo_user manages Obby Lounge (Manage Server), where the bot starts absent. */
export const OBBY_LOUNGE = '300000000000000002';

export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  expect(token, 'signed in').toBeTruthy();
  return token!;
}

/** An API call as the user signed in on `page`; fails the test unless it succeeds. */
export async function apiCall(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: object,
) {
  const response = await page.request.fetch(`${API}${path}`, {
    method,
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(
    true,
  );
  return (await response.json()) as { data: unknown };
}

/** No binds and no unverified role in Demo Builders: the API's database outlives each spec. */
export async function clearConsoleSettings(owner: Page) {
  const base = `/api/v1/server/${DEMO_BUILDERS}`;
  await apiCall(owner, 'PUT', `${base}/binds`, { binds: [] });
  await apiCall(owner, 'PUT', `${base}/edit/unverified-role`, { unverified_role_id: null });
}

/** The owner sets the bot up in Demo Builders through the API, as the setup wizard's three steps. */
export async function runSetupWizard(owner: Page) {
  const base = `/api/v1/server/${DEMO_BUILDERS}/setup`;
  await apiCall(owner, 'POST', `${base}/nickname`, { nickname_format: 'roblox_username' });
  await apiCall(owner, 'POST', `${base}/verified-role`, { verified_role_name: 'Verified' });
  await apiCall(owner, 'POST', `${base}/group`, { skip: true });
}

/** The owner sets the bot up in Demo Builders (no group, no unverified role) as the wizard would. */
export async function setUpDemoBuilders(owner: Page) {
  await runSetupWizard(owner);
  await clearConsoleSettings(owner);
}

/** The window the console's desktop screens are checked in. */
export const DESKTOP = { width: 1280, height: 900 };

/** demo_user signed in at a desktop's size, with Demo Builders set up as the wizard would. */
export async function ownerWithDemoBuildersSetUp(page: Page) {
  await page.setViewportSize(DESKTOP);
  await signIn(page, DEMO_USER);
  await setUpDemoBuilders(page);
}

/** Demo Builders' restrictions as a new server has them (the API's contract says what that is). */
export { NO_RESTRICTIONS } from '../../shared-lib/src/contract/console';

export interface GuildState {
  id: string;
  roles: { id: string; name: string; position: number; managed?: boolean }[];
  members: { user_id: string; username: string; nick: string | null; role_names: string[] }[];
}

/** One guild as the emulator holds it now. */
export async function emulatorGuild(request: APIRequestContext, id: string): Promise<GuildState> {
  const response = await request.get(`${EMULATOR_CONTROL}/state`);
  expect(response.ok()).toBe(true);
  const state = (await response.json()) as { discord: { guilds: GuildState[] } };
  const guild = state.discord.guilds.find((g) => g.id === id);
  expect(guild, `guild ${id} in the emulator`).toBeTruthy();
  return guild!;
}

/** The role names one member holds in a guild, as the emulator holds them now. */
export async function emulatorRoleNames(
  request: APIRequestContext,
  guildId: string,
  userId: string,
): Promise<string[]> {
  const member = (await emulatorGuild(request, guildId)).members.find((m) => m.user_id === userId);
  expect(member, `member ${userId} of ${guildId}`).toBeTruthy();
  return member!.role_names;
}

/**
 * What the bot answers, all of it (the reply, its edits and follow-ups), when `userId` types
 * `/command member:@target` in Demo Builders.
 */
export async function slashCommand(
  request: APIRequestContext,
  userId: string,
  command: string,
  target: string,
): Promise<string> {
  const response = await request.post(`${EMULATOR_CONTROL}/interactions`, {
    data: { guild_id: DEMO_BUILDERS, user_id: userId, command, options: { member: target } },
  });
  expect(response.ok(), `/${command}: ${await response.text()}`).toBe(true);
  const body = (await response.json()) as {
    response?: { data?: { content?: string } };
    edits?: { content?: string }[];
    followups?: { content?: string }[];
  };
  return [body.response?.data?.content, ...(body.edits ?? []), ...(body.followups ?? [])]
    .map((part) => (typeof part === 'string' ? part : part?.content))
    .filter(Boolean)
    .join('\n');
}

/** The seed the e2e stack starts the emulator with (the emulator's default). */
export function demoSeed(): DemoSeed {
  return JSON.parse(
    fs.readFileSync(path.join(__dirname, '..', '..', 'emulator', 'seeds', 'demo.json'), 'utf8'),
  ) as DemoSeed;
}
export interface DemoSeed {
  discord: {
    users: { id: string; username: string; global_name: string | null; avatar: null }[];
    guilds: {
      id: string;
      members: { user_id: string; permissions: string; nick: string | null; roles: string[] }[];
    }[];
  };
  roblox: unknown;
}

/**
 * Reloads the emulator from its seed, clearing faults and rate limits. With `seed`, that seed
 * replaces the demo one for this and later resets: call `resetEmulator(request, demoSeed())` when
 * the test ends.
 */
export async function resetEmulator(request: APIRequestContext, seed?: DemoSeed): Promise<void> {
  const response = await request.post(
    `${EMULATOR_CONTROL}/reset`,
    seed ? { data: { seed } } : undefined,
  );
  expect(response.ok(), `emulator reset: ${await response.text()}`).toBe(true);
}

/**
 * A Discord error the emulator answers with (its control endpoint `/faults`): `count` calls of
 * `method` to a path matching `path` (a regular expression) are refused so.
 */
export interface EmulatorFault {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  status: number;
  code: number;
  message: string;
  count: number;
}

/** Discord's refusal of a change the bot's permissions do not allow. */
export const MISSING_PERMISSIONS = { status: 403, code: 50013, message: 'Missing Permissions' };
/** Discord's refusal of a direct message to a member who does not take them. */
export const CANNOT_DM = { status: 403, code: 50007, message: 'Cannot send messages to this user' };

/** Makes the emulator refuse the calls `faults` describe, until each has been used up. */
export async function addEmulatorFaults(request: APIRequestContext, faults: EmulatorFault[]) {
  const response = await request.post(`${EMULATOR_CONTROL}/faults`, { data: { faults } });
  expect(response.ok(), `emulator faults: ${await response.text()}`).toBe(true);
}

/** The page's toasts, and one of the server page's named sections. */
export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
export const section = (page: Page, name: string) =>
  page.getByRole('region', { name, exact: true });

/** The server page's navigation between its sections. */
export const consoleNavigation = (page: Page) =>
  page.getByRole('navigation', { name: 'Server settings' });

/** A section's entry in the server page's navigation. */
export const sectionEntry = (page: Page, label: string) =>
  consoleNavigation(page).getByRole('link', { name: label, exact: true });

/** Opens a section of the server page from its navigation, as the owner would: its entry marked. */
export async function openSection(page: Page, label: string) {
  await sectionEntry(page, label).click();
  await expect(sectionEntry(page, label)).toHaveAttribute('aria-current', 'page');
}

/** The emulator reset to its demo seed before each test of the spec. */
export function useFreshEmulator() {
  test.beforeEach(async ({ request }) => {
    await resetEmulator(request);
  });
}

/** What a test registers to run after it: putting back what it changed in the API's database. */
export type Cleanups = (() => Promise<void>)[];

/**
 * For a console spec: the emulator reset before each test, and the clean-ups a test registers
 * (the API's database outlives a spec) run after it. Returns the list to add them to.
 */
export function useConsoleSpec(): Cleanups {
  const cleanups: Cleanups = [];
  useFreshEmulator();
  test.afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  return cleanups;
}

/**
 * A console spec's test (useConsoleSpec) as the owner with Demo Builders set up: other specs set
 * it up without binds or an unverified role, so it is left that way after the test.
 */
export async function ownerConsole(page: Page, cleanups: Cleanups) {
  await ownerWithDemoBuildersSetUp(page);
  cleanups.push(() => clearConsoleSettings(page));
}
