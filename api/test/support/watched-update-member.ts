import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { verifications } from '../../src/db/schema';
import type * as UpdateMember from '../../src/domain/verification/update-member';

/**
 * The domain's update-member module with the real updateMember watched (a jest.fn calling it), for
 * a test to prove a trigger goes through it: an update that went around it would not be seen.
 * In the test file: `jest.mock(<that module>, () => jest.requireActual(<this one>).watchedUpdateMember())`
 * (a factory may not use the file's imports: jest.mock runs before them).
 */
export function watchedUpdateMember(): typeof UpdateMember {
  const real = jest.requireActual<typeof UpdateMember>(
    '../../src/domain/verification/update-member',
  );
  return { ...real, updateMember: jest.fn(real.updateMember) };
}

/** A member's verification audit entries: where each was asked for, and by whom (a Discord id). */
export function auditedVerifications(db: Db, memberDiscordId: string) {
  return db
    .select({ source: verifications.source, actor: verifications.actorDiscordId })
    .from(verifications)
    .where(eq(verifications.memberDiscordId, memberDiscordId));
}
