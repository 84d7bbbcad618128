import type { AuditFilter } from '../api/endpoints';

/**
 * Every cached read's key, built here only, so a screen that changes data can name what shows it.
 * Keys nest: `server(id)` is the start of every key about that server, so invalidating it reaches
 * each of them.
 */
export const queryKeys = {
  /** the shell's dashboard: accounts, servers and the Roblox status, loaded together */
  dashboard: () => ['dashboard'] as const,
  linkedAccounts: () => ['linked-accounts'] as const,
  robloxStatus: () => ['roblox-status'] as const,
  /** the user's servers (the dashboard's list) */
  userServers: () => ['user-servers'] as const,
  /** the servers the user can verify in */
  verificationServers: () => ['verification-servers'] as const,
  /** the verify page's load: its sync, then the accounts and the servers to choose from */
  verification: () => ['verification'] as const,
  server: (serverId: string) => ['server', serverId] as const,
  serverEdit: (serverId: string) => ['server', serverId, 'edit'] as const,
  serverConfig: (serverId: string) => ['server', serverId, 'config'] as const,
  setupStatus: (serverId: string) => ['server', serverId, 'setup-status'] as const,
  serverBinds: (serverId: string) => ['server', serverId, 'binds'] as const,
  serverHealth: (serverId: string) => ['server', serverId, 'health'] as const,
  /** every filter's audit log of the server */
  auditLogs: (serverId: string) => ['server', serverId, 'audit'] as const,
  auditLog: (serverId: string, filter: AuditFilter | null) =>
    ['server', serverId, 'audit', { ...filter }] as const,
  /** Discord's bot authorisation address: an OAuth start, never reused (botInviteQuery) */
  botInvite: (serverId: string) => ['server', serverId, 'bot-invite'] as const,
};
