/** `/server/edit/{serverId}`: the server's configuration page. */
export function serverPagePath(serverId: string): string {
  return `/server/edit/${encodeURIComponent(serverId)}`;
}

/** `/server/edit/{serverId}/discord`: the server's Discord settings, a page of its own. */
export function discordSettingsPath(serverId: string): string {
  return `${serverPagePath(serverId)}/discord`;
}

/** `/server/edit/{serverId}/developers`: the server's API keys and webhook, a page of its own. */
export function developersPath(serverId: string): string {
  return `${serverPagePath(serverId)}/developers`;
}

/** `/server/edit/{serverId}/rules`: nickname template, bypass roles and restrictions. */
export function rulesPath(serverId: string): string {
  return `${serverPagePath(serverId)}/rules`;
}
