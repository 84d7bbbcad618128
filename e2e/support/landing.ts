/** A count and its noun as the landing writes them: "1 user", "2 users". */
const countOf = (count: number, one: string, other: string) =>
  `${count} ${count === 1 ? one : other}`;

/** The landing's stats line for these counts, e.g. 'Powering 1 user and 3 servers'. */
export function statsLine(stats: { total_users: number; total_servers: number }): string {
  return `Powering ${countOf(stats.total_users, 'user', 'users')} and ${countOf(stats.total_servers, 'server', 'servers')}`;
}
