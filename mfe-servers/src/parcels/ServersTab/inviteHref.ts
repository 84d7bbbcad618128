/** The invite page of this remote for one server (spec §2: /invite?server_id=&server_name=). */
export function inviteHref(serverId: string, serverName: string): string {
  return `/invite?${new URLSearchParams({ server_id: serverId, server_name: serverName })}`;
}
