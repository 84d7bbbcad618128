/**
 * Props the shell passes to each remote's parcels: the shell–remote contract, next to the HTTP one.
 * Every routed page also receives its route params and `query` (the query string as an object).
 */
import { BRAND } from '../constants';
import type { LinkedAccount, Server } from './types';

export interface RoutePageProps {
  query?: Record<string, string>;
}

export type ErrorPageCode = '401' | '403' | '404' | '500' | '502';
export interface ErrorPageProps extends RoutePageProps {
  code: ErrorPageCode;
}

/**
 * Dashboard Accounts tab (mfe_accounts/AccountsTab); the shell loads the data
 * (docs/product.md › Dashboard).
 */
export interface AccountsTabProps {
  accounts: LinkedAccount[];
  /**
   * `/roblox/status` configured; null when that call failed: the link buttons stay, and linking
   * reports its own failure
   */
  robloxConfigured: boolean | null;
  /** ask the shell to reload the dashboard data (e.g. after an unlink) */
  onAccountsChange: () => void;
}

/** Dashboard Servers tab (mfe_servers/ServersTab): the server-list props. */
export interface ServersTabProps {
  servers: Server[];
  /** a sync returned a fresh list */
  onServersUpdate: (servers: Server[]) => void;
  /** Setup Bot: the shell opens mfe_setup's wizard */
  onSetupServer: (serverId: string, serverName: string) => void;
  /** Edit Bot: the shell goes to /server/edit/{serverId} */
  onEditServer: (serverId: string) => void;
}

/** mfe_setup/SetupWizard, a modal the shell opens for one server. */
export interface SetupWizardProps {
  serverId: string;
  serverName: string;
  onComplete: () => void;
  onCancel: () => void;
  /**
   * The user closed the wizard while a save was still running (the group step can take up to
   * 120 s); called once that save has settled, so the shell can reload what it shows.
   */
  onSaveSettledAfterClose?: () => void;
}

/**
 * The server console (mfe_setup/ServerConfig): one page per section of a server's settings, each at
 * its own address under /server/edit/{serverId}. The shell makes one route per row (its title and
 * description are the page's); the console's navigation lists them in this order. Adding a
 * section: a row here and its view in mfe-setup (parcels/ServerConfig/sectionViews.tsx).
 */
export const SERVER_CONSOLE_SECTIONS = [
  {
    section: 'overview',
    label: 'Overview',
    title: 'Server configuration',
    description: `Configure verification for your ${BRAND.chat} server.`,
  },
  {
    section: 'verification',
    label: 'Verification & nickname',
    title: 'Verification & nickname',
    description: 'The nickname members get and the roles that mark them verified or not.',
  },
  {
    section: 'group',
    label: 'Group',
    title: 'Group integration',
    description: `The ${BRAND.game} group whose ranks give members their roles.`,
  },
  {
    section: 'binds',
    label: 'Role binds',
    title: 'Role binds',
    description: `The ${BRAND.game} ranks, badges, game passes and items that give members their roles.`,
  },
  {
    section: 'bypass',
    label: 'Bypass roles',
    title: 'Bypass roles',
    description: 'Roles whose members keep their nickname or their roles.',
  },
  {
    section: 'rules',
    label: 'Restrictions',
    title: 'Restrictions',
    description: 'Who may not verify here, and what happens to them.',
  },
  {
    section: 'discord',
    label: BRAND.chat,
    title: `${BRAND.chat} settings`,
    description: `What the bot does in your ${BRAND.chat} server: on joins, in a log channel, with a Verify message.`,
  },
  {
    section: 'messages',
    label: 'Messages',
    title: 'Messages',
    description: `Your server's own words in the DMs and the Verify message ${BRAND.product} sends.`,
  },
  {
    section: 'members',
    label: 'Members & updates',
    title: 'Members & updates',
    description: "Update every member's roles and nickname at once.",
  },
  {
    section: 'staff',
    label: 'Staff',
    title: 'Staff',
    description: 'Roles whose members manage this console or update members without Manage Server.',
  },
  {
    section: 'audit',
    label: 'Audit log',
    title: 'Audit log',
    description: 'Who changed what in the server, and every verification.',
  },
  {
    section: 'developers',
    label: 'Developers',
    title: 'Developers',
    description: `API keys and a webhook so your bots and ${BRAND.game} games can ask ${BRAND.product} about members.`,
  },
  {
    section: 'backup',
    label: 'Backup',
    title: 'Backup and import',
    description: 'The whole configuration as a file, and back, to this server or another.',
  },
] as const satisfies readonly {
  /** the address's last segment (the overview is the console's own address) */
  section: string;
  /** its entry in the console's navigation */
  label: string;
  /** the page's title, before the product's name */
  title: string;
  description: string;
}[];

export type ServerConsoleSection = (typeof SERVER_CONSOLE_SECTIONS)[number]['section'];

export function isServerConsoleSection(value: unknown): value is ServerConsoleSection {
  return SERVER_CONSOLE_SECTIONS.some((row) => row.section === value);
}

/** `/server/edit/{serverId}` (the overview) or `/server/edit/{serverId}/{section}`. */
export function serverConsolePath(
  serverId: string,
  section: ServerConsoleSection = 'overview',
): string {
  const base = `/server/edit/${encodeURIComponent(serverId)}`;
  return section === 'overview' ? base : `${base}/${section}`;
}

/** mfe_setup/ServerConfig at /server/edit/:serverId and each section's address under it */
export interface ServerConfigProps extends RoutePageProps {
  serverId: string;
  /** the section the address names (the shell's route row); the overview when absent */
  section?: string;
}

/** mfe_accounts/PrivacySettings at /account/privacy */
export type PrivacySettingsProps = RoutePageProps;
