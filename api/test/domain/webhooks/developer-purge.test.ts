/**
 * The purge's part for the developer API: calls made with keys go with the audit log's retention,
 * finished webhook deliveries with the jobs'; pending deliveries and the keys themselves stay.
 */
import { randomUUID } from 'node:crypto';
import { apiKeyCalls, webhookDeliveries } from '../../../src/db/schema';
import { purgeKeyCalls } from '../../../src/domain/api-keys/keys';
import { purgeDeliveries } from '../../../src/domain/webhooks/store';
import { useTestDatabase } from '../../support/db';

const tdb = useTestDatabase();

const day = (n: number) => new Date(Date.UTC(2030, 0, n));

it('drops the calls recorded before the cutoff only', async () => {
  const keyId = randomUUID();
  const call = (createdAt: Date) => ({
    id: randomUUID(),
    keyId,
    guildId: '120000000000000001',
    method: 'GET',
    route: '/r',
    status: 200,
    createdAt,
  });
  await tdb.database.db.insert(apiKeyCalls).values([call(day(1)), call(day(2)), call(day(5))]);
  expect(await purgeKeyCalls(tdb.database.db, day(3))).toBe(2);
  const left = await tdb.database.db.select().from(apiKeyCalls);
  expect(left.map((c) => c.createdAt)).toEqual([day(5)]);
});

it('drops deliveries finished before the cutoff, never one still pending', async () => {
  const delivery = (status: 'pending' | 'delivered' | 'failed', finishedAt: Date | null) => ({
    id: randomUUID(),
    guildId: '120000000000000001',
    event: 'member.verified' as const,
    body: status === 'pending' ? '{}' : null,
    status,
    createdAt: day(1),
    finishedAt,
  });
  const kept = [delivery('pending', null), delivery('delivered', day(5))];
  await tdb.database.db
    .insert(webhookDeliveries)
    .values([delivery('delivered', day(1)), delivery('failed', day(2)), ...kept]);
  expect(await purgeDeliveries(tdb.database.db, day(3))).toBe(2);
  const left = await tdb.database.db.select().from(webhookDeliveries);
  expect(left.map((d) => d.id).sort()).toEqual(kept.map((d) => d.id).sort());
});
