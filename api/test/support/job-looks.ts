import type { Database } from '../../src/db/client';

/**
 * Records, in order, the queue each of pg-boss's job fetches (its only `FOR UPDATE SKIP LOCKED`
 * query) on `database` asked for. `stop()` stops recording.
 */
export function recordJobLooks(database: Database) {
  const queues: string[] = [];
  const raw = database.raw;
  database.raw = (text, values) => {
    if (/SKIP LOCKED/i.test(text) && typeof values?.[0] === 'string') queues.push(values[0]);
    return raw(text, values);
  };
  return {
    /** how many looks were for `queue` */
    for: (queue: string) => queues.filter((name) => name === queue).length,
    stop() {
      database.raw = raw;
    },
  };
}
