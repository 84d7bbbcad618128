/**
 * This remote's invite page for one server, /invite?server_id=&server_name=
 * (docs/product.md › Inviting the bot).
 */
export function inviteHref(serverId: string, serverName: string): string {
  return `/invite?${new URLSearchParams({ server_id: serverId, server_name: serverName })}`;
}
