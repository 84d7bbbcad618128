/**
 * Props the shell passes to each remote's parcels: the shell–remote contract, next to the HTTP one.
 * Every routed page also receives its route params and `query` (the query string as an object).
 */
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

/** mfe_setup/ServerConfig at /server/edit/:serverId */
export interface ServerConfigProps extends RoutePageProps {
  serverId: string;
}

/** mfe_setup/DiscordSettings at /server/edit/:serverId/discord */
export interface DiscordSettingsProps extends RoutePageProps {
  serverId: string;
}

/** mfe_accounts/PrivacySettings at /account/privacy */
export type PrivacySettingsProps = RoutePageProps;

/** mfe_setup/DeveloperSettings at /server/edit/:serverId/developers */
export interface DeveloperSettingsProps extends RoutePageProps {
  serverId: string;
}
