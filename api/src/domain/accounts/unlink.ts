import type { AppContext } from '../../context';
import { syncRoleConnectionAfterUnlink } from '../role-connections/user-connection';
import { unlinkAccount } from './accounts';

/**
 * Unlinks the caller's own account (false when they have none with that id), then brings their
 * Discord role connection in line: cleared when no verified account is left. What Discord says
 * to that never undoes the unlink.
 */
export async function unlinkLinkedAccount(
  ctx: AppContext,
  userId: string,
  accountId: string,
): Promise<boolean> {
  if (!(await unlinkAccount(ctx.db, userId, accountId))) return false;
  await syncRoleConnectionAfterUnlink(ctx, userId);
  return true;
}
