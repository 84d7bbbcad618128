import { createHash } from 'node:crypto';
import type { JobEngine } from '../../lib/job-engine';

/** The queue the gateway worker hands join and leave events to; the API's workers take them. */
export const MEMBER_EVENT_QUEUE = 'member-event';

/**
 * A member event as a job. `at`, when the gateway received it, orders events of one member, so
 * an event handled late never undoes a newer one.
 */
export interface MemberEvent {
  kind: 'join' | 'leave';
  guildId: string;
  userId: string;
  /** ISO 8601 */
  at: string;
}

/**
 * The queue's options, the same wherever it is created first (the gateway worker or the API):
 * a join that met an outage of Discord is tried again, further apart each time.
 */
export async function ensureMemberEventQueue(engine: JobEngine): Promise<void> {
  await engine.createQueue(MEMBER_EVENT_QUEUE, {
    name: MEMBER_EVENT_QUEUE,
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 300,
  });
}

/**
 * A job id that is the same for the same event, so a dispatch replayed after a resume, or seen by
 * two processes while a shard changed hands, is queued once: pg-boss ignores a job whose id it
 * has (ON CONFLICT DO NOTHING). A UUID made from the SHA-256 of `dedupKey`.
 */
export function memberEventJobId(dedupKey: string): string {
  const hex = createHash('sha256').update(dedupKey).digest('hex');
  // version 8 (custom), RFC 9562 variant
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Queues one event; false when this very event was queued before (a replay). */
export async function enqueueMemberEvent(
  engine: JobEngine,
  event: MemberEvent,
  dedupKey: string,
): Promise<boolean> {
  const id = await engine.send(MEMBER_EVENT_QUEUE, event, { id: memberEventJobId(dedupKey) });
  return id !== null;
}
