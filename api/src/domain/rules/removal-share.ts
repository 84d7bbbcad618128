/**
 * How many members one update of every member may kick or ban before the server's owner is asked
 * (docs/security.md, "kick and ban through the bot"). A restriction that catches most of a server
 * (a wrong group id, an account age of years, a manager's mistake or worse) would otherwise empty
 * it in one run: the run stops removing at this many and waits for the owner.
 */

/**
 * Below this, a share is not what a server's owner means: a run in a server of 25 may still remove
 * 3 without asking, so a small server's routine restriction works without the owner each time.
 */
export const UNCONFIRMED_REMOVAL_FLOOR = 3;

/**
 * The kicks and bans a run may try unasked: `sharePercent` of `members` (the server's members
 * the run listed, bots left out), rounded down, at least UNCONFIRMED_REMOVAL_FLOOR. A share of 0
 * means every kick and ban waits for the owner, with no floor.
 */
export function unconfirmedRemovalLimit(members: number, sharePercent: number): number {
  if (sharePercent <= 0) return 0;
  return Math.max(UNCONFIRMED_REMOVAL_FLOOR, Math.floor((members * sharePercent) / 100));
}
