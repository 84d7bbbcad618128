import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import * as contract from '../contract/apiRoutes';
import type { AnswerOf, ApiRoute, TypedRoute } from '../contract/routeTypes';
import { apiCalls, WEB_APP_ROUTES, type ApiCalls } from './apiCalls';
import { api } from './endpoints';
import { privacyApi } from './privacy';

/** The tables other clients call: other bots and games (with an API key), and Discord. */
const OTHER_CLIENTS: readonly object[] = [contract.PUBLIC_API_ROUTES, contract.INTERACTION_ROUTES];

/**
 * The web app's bare rows (answered without the envelope, so with no derived call) and what the
 * web app does with each: a new bare row must be named here.
 */
const BARE_ROWS: Record<string, 'navigation' | 'not called' | (() => Promise<unknown>)> = {
  'auth.callback': 'navigation',
  'roblox.callback': 'navigation',
  'privacy.exportAccount': () => privacyApi.exportData(),
  'audit.export': () => api.server.auditExport('p-id'),
  // the API's OpenAPI document, for people and tools
  'public.openapi': 'not called',
};

const tables = Object.entries(contract).filter(([name]) => name.endsWith('_ROUTES')) as [
  string,
  Record<string, ApiRoute>,
][];
const webAppRows = Object.entries(WEB_APP_ROUTES).flatMap(([table, rows]) =>
  Object.entries(rows as Record<string, ApiRoute>).map(([name, row]) => ({
    call: `${table}.${name}`,
    row,
    caller: (apiCalls as unknown as Record<string, Record<string, (args: object) => unknown>>)[
      table
    ]![name],
  })),
);

/** Every `:name` of a pattern given `p-name`, and the path those fill in. */
function dummyParams(path: string) {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const params = Object.fromEntries(names.map((name) => [name, `p-${name}`]));
  return { params, filled: contract.fillPath(path, params as never) };
}

const server = setupServer();
const sent: string[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  sent.length = 0;
  server.use(
    http.all('*', ({ request }) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return HttpResponse.json({ success: true, data: null });
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the route table and the calls derived from it', () => {
  it('every row of every table names its method, its path and its types', () => {
    expect(tables.length).toBeGreaterThan(10);
    for (const [table, rows] of tables)
      for (const [name, row] of Object.entries(rows)) {
        const where = `${table}.${name}`;
        expect([where, row.method]).toEqual([
          where,
          expect.stringMatching(/^(GET|POST|PUT|DELETE)$/),
        ]);
        expect([where, row.path]).toEqual([where, expect.stringMatching(/^\//)]);
        expect([where, typeof row.types]).toEqual([where, 'object']);
      }
  });

  it("every table is the web app's (with calls derived from it) or another client's", () => {
    const webApp: object[] = Object.values(WEB_APP_ROUTES);
    for (const [table, rows] of tables)
      expect([table, webApp.includes(rows) || OTHER_CLIENTS.includes(rows)]).toEqual([table, true]);
  });

  it("each enveloped row of the web app has a call that sends the row's method to its path", async () => {
    const enveloped = webAppRows.filter(({ row }) => !row.bare);
    expect(enveloped.length).toBeGreaterThan(40);
    for (const { call, row, caller } of enveloped) {
      expect([call, typeof caller]).toEqual([call, 'function']);
      const { params, filled } = dummyParams(row.path);
      sent.length = 0;
      await caller!({ params, body: {} });
      expect([call, sent]).toEqual([call, [`${row.method} ${filled}`]]);
    }
  });

  it('each bare row of the web app is a navigation, a file the client downloads, or said to be unused', async () => {
    const bare = webAppRows.filter(({ row }) => row.bare);
    expect(bare.map(({ call }) => call).sort()).toEqual(Object.keys(BARE_ROWS).sort());
    for (const { call, row, caller } of bare) {
      expect([call, caller]).toEqual([call, undefined]);
      const use = BARE_ROWS[call];
      if (typeof use !== 'function') continue;
      sent.length = 0;
      await use();
      expect([call, sent]).toEqual([call, [`${row.method} ${dummyParams(row.path).filled}`]]);
    }
  });
});

// ---- Type-level: `npm run typecheck` fails, naming the row, when one has no types or no call ----

type Tables = Record<string, Record<string, ApiRoute>>;
/** `table.row` for each row without types (or typed `answer: unknown`). */
type UntypedRows<T extends Tables> = {
  [Table in keyof T & string]: {
    [Row in keyof T[Table] & string]: T[Table][Row] extends TypedRoute
      ? unknown extends AnswerOf<T[Table][Row]>
        ? `${Table}.${Row}`
        : never
      : `${Table}.${Row}`;
  }[keyof T[Table] & string];
}[keyof T & string];
/** `table.row` for each enveloped row of the web app without a derived call. */
type UncalledRows<T extends Tables, Calls> = {
  [Table in keyof T & string]: {
    [Row in keyof T[Table] & string]: T[Table][Row] extends { bare: true }
      ? never
      : Table extends keyof Calls
        ? Row extends keyof Calls[Table]
          ? never
          : `${Table}.${Row}`
        : `${Table}.${Row}`;
  }[keyof T[Table] & string];
}[keyof T & string];

type AllTables = typeof WEB_APP_ROUTES & {
  publicApi: typeof contract.PUBLIC_API_ROUTES;
  interactions: typeof contract.INTERACTION_ROUTES;
};
export const everyRowTyped: [UntypedRows<AllTables>] extends [never]
  ? true
  : UntypedRows<AllTables> = true;
export const everyRowCalled: [UncalledRows<typeof WEB_APP_ROUTES, ApiCalls>] extends [never]
  ? true
  : UncalledRows<typeof WEB_APP_ROUTES, ApiCalls> = true;

// the checks themselves, on a table with a row of each kind they must name
type Sample = {
  t: {
    typed: { method: 'GET'; path: '/a'; types: contract.Types<{ answer: string }> };
    untyped: { method: 'GET'; path: '/b' };
    vague: { method: 'GET'; path: '/c'; types: contract.Types<{ answer: unknown }> };
  };
};
type Equals<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const sampleUntyped: Equals<UntypedRows<Sample>, 't.untyped' | 't.vague'> = true;
export const sampleUncalled: Equals<
  UncalledRows<Sample, { t: { typed: unknown } }>,
  't.untyped' | 't.vague'
> = true;
