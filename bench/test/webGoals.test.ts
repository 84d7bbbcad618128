// bench/lib/webGoals.mjs: the web goals judged on one benchmark run (plain Node ESM).
interface Page {
  lcp: number;
  score: number;
  jsTransfer: number;
}
interface GoalRow {
  section: string;
  figure: string;
  value: string;
  baseline: string;
}
interface WebGoalsModule {
  webGoalRows(run: {
    plain: { landing: Page; dashboard: Page };
    oneOrigin: { landing: Page; dashboard: Page };
    remoteEntries: { name: string; gzip: number }[];
  }): GoalRow[];
}
const WEB_GOALS = '../lib/webGoals.mjs';

let goals: WebGoalsModule;
beforeAll(async () => {
  goals = (await import(WEB_GOALS)) as WebGoalsModule;
});

const page = (lcp: number, score = 100, jsTransfer = 142_300): Page => ({ lcp, score, jsTransfer });
const ENTRIES = [
  { name: 'mfe_public', gzip: 8_600 },
  { name: 'mfe_accounts', gzip: 8_500 },
];

function verdicts(run: Parameters<WebGoalsModule['webGoalRows']>[0]) {
  return Object.fromEntries(goals.webGoalRows(run).map((row) => [row.figure, row.value]));
}

describe('the benchmark says which of the web goals one run met', () => {
  it('judges each goal on each transport, at the goal’s own boundary', () => {
    expect(
      verdicts({
        plain: { landing: page(1500, 95), dashboard: page(2010) },
        oneOrigin: { landing: page(830, 100), dashboard: page(2000) },
        remoteEntries: ENTRIES,
      }),
    ).toEqual({
      'goal: landing LCP ≤ 1.50 s, score ≥ 95': 'met on plain HTTP/1.1; met on one HTTPS origin',
      'goal: landing JS ≤ 150 KB compressed': 'met on plain HTTP/1.1; met on one HTTPS origin',
      'goal: each remoteEntry.js ≤ 10 KB gzip': 'met',
      'goal: signed-in /dashboard LCP ≤ 2.00 s cold':
        'not met on plain HTTP/1.1; met on one HTTPS origin',
    });
  });

  it('misses the landing goal on a score under 95 or an LCP over 1.5 s, and names a large remoteEntry', () => {
    const rows = goals.webGoalRows({
      plain: { landing: page(700, 94), dashboard: page(1900) },
      oneOrigin: { landing: page(1510, 100, 150_001), dashboard: page(2300) },
      remoteEntries: [...ENTRIES, { name: 'mfe_setup', gzip: 10_001 }],
    });
    const byFigure = Object.fromEntries(rows.map((row) => [row.figure, row]));
    expect(byFigure['goal: landing LCP ≤ 1.50 s, score ≥ 95']?.value).toBe(
      'not met on plain HTTP/1.1; not met on one HTTPS origin',
    );
    expect(byFigure['goal: landing JS ≤ 150 KB compressed']?.value).toBe(
      'met on plain HTTP/1.1; not met on one HTTPS origin',
    );
    expect(byFigure['goal: each remoteEntry.js ≤ 10 KB gzip']).toMatchObject({
      value: 'not met',
      baseline: 'over: mfe_setup',
    });
    expect(byFigure['goal: signed-in /dashboard LCP ≤ 2.00 s cold']).toMatchObject({
      value: 'met on plain HTTP/1.1; not met on one HTTPS origin',
      baseline: '1.90 s; 2.30 s',
    });
  });
});
