/**
 * The audit log's cursor refuses dates that do not exist (docs/security.md › Threats and defences, N14), and the CSV export
 * goes out page by page as a stream (N12) with the same rows as the paged log.
 */
import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '@roconnect/shared-lib/contract';
import { settingChanges } from '../../../src/db/schema';
import { csvHeader, csvRow } from '../../../src/features/audit/csv';
import { EXPORT_PAGE } from '../../../src/features/audit/routes';
import { useConsole } from '../../support/console';
import { GUILD_A } from '../../support/world';
import { refusal } from '../../support/app';

const { t, cast } = useConsole();

const A = `/api/v1/server/${GUILD_A}`;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: cast.owner.headers });
const cursor = (at: string) =>
  Buffer.from(JSON.stringify([at, randomUUID()])).toString('base64url');

describe('a tampered or impossible `before`', () => {
  it.each([
    ['a cursor with month 13 and hour 99', cursor('2024-13-45T99:99:99.000000Z')],
    ['a cursor in year 0', cursor('0000-01-01T00:00:00.000000Z')],
    ['a cursor on February 30', cursor('2024-02-30T12:00:00.000000Z')],
  ])('%s answers 400, not 500', async (_what, before) => {
    const res = await get(`${A}/audit?before=${before}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      refusal(
        'bad_request',
        'querystring.before must be the next_before of an earlier page or an ISO 8601 time',
      ),
    );
  });

  it.each(['0000-01-01T00:00:00Z', '2024-02-30T00:00:00Z', '9999-12-31T23:59:59-01:00'])(
    'the time %s answers 400 naming it',
    async (before) => {
      const res = await get(`${A}/audit?before=${encodeURIComponent(before)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `querystring.before must be a real date and time from year 1 to 9999, got ${before}`,
      );
    },
  );

  it('a real cursor and a real time still work', async () => {
    expect(
      (await get(`${A}/audit?before=${cursor('2024-02-29T12:00:00.000000Z')}`)).statusCode,
    ).toBe(200);
    expect((await get(`${A}/audit?before=2024-02-29T12:00:00%2B01:00`)).statusCode).toBe(200);
  });
});

/** `n` setting changes: a few seconds apart, and a run of them at one instant across a page edge. */
async function manyEntries(n: number) {
  const base = Date.UTC(2030, 0, 1);
  const sameInstant = new Date(base + 1000 * (EXPORT_PAGE - 5));
  await t.tdb.database.db.insert(settingChanges).values(
    Array.from({ length: n }, (_, i) => ({
      id: randomUUID(),
      guildId: GUILD_A,
      setting: 'nickname_format',
      before: `b${i}`,
      after: `a${i}`,
      // entries EXPORT_PAGE-10 … EXPORT_PAGE+10 share one instant, so a page ends inside the tie
      createdAt: Math.abs(i - EXPORT_PAGE) <= 10 ? sameInstant : new Date(base + 1000 * (n - i)),
    })),
  );
}

/** Every entry through the paged JSON log (100 a page). */
async function pagedLog(): Promise<AuditEntry[]> {
  const all: AuditEntry[] = [];
  let before = '';
  for (;;) {
    const page = (await get(`${A}/audit?limit=100${before && `&before=${before}`}`)).json().data;
    all.push(...page.entries);
    if (!page.next_before) return all;
    before = page.next_before;
  }
}

describe('GET …/audit/export with more entries than one page', () => {
  it('streams every entry once, newest first, the same rows as the paged log', async () => {
    const n = 2 * EXPORT_PAGE + 37;
    await manyEntries(n);
    const res = await get(`${A}/audit/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // a stream has no length known in advance: the body was not built whole first
    expect(res.headers['content-length']).toBeUndefined();
    const entries = await pagedLog();
    expect(entries).toHaveLength(n);
    expect(res.body).toBe([csvHeader(), ...entries.map(csvRow)].map((l) => `${l}\r\n`).join(''));
    const afters = res.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[17]);
    expect(new Set(afters).size).toBe(n);
  });

  it('an empty log is the header row alone', async () => {
    const res = await get(`${A}/audit/export`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`${csvHeader()}\r\n`);
  });
});
