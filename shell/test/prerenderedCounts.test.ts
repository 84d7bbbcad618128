interface PrerenderedCountsModule {
  withBotStats(fragment: string, answer: unknown): string;
}
const loadCounts = async () =>
  (await import('../server/prerenderedCounts' as string)) as PrerenderedCountsModule;

/**
 * A count and its noun as mfe-public's Landing (CountOf) renders them; its own test pins the same
 * markup (Landing.test.tsx), the contract between the two.
 */
const countOf = (stat: string, count: number, noun: string, one: string) =>
  `<span data-rc-bot-stat="${stat}">${count}</span> <span data-rc-bot-noun="${stat}" data-one="${one}">${noun}</span>`;
const line = (users: [number, string], servers: [number, string]) =>
  `<p>Powering ${countOf('total_users', users[0], users[1], 'user')} and ${countOf('total_servers', servers[0], servers[1], 'server')}</p>`;

/** The landing's stats line as mfe-public prerenders it: every count at 0. */
const FRAGMENT = line([0, 'users'], [0, 'servers']);
/** The line's words, as the browser shows them. */
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('withBotStats (the prerendered landing shows the counts the server has)', () => {
  it('writes the answer’s counts into the marked numbers', async () => {
    const { withBotStats } = await loadCounts();
    const answer = { success: true, data: { total_users: 1234, total_servers: 56 } };
    expect(text(withBotStats(FRAGMENT, answer))).toBe('Powering 1234 users and 56 servers');
  });

  it.each([
    ['Powering 1 user and 1 server', 1, 1],
    ['Powering 1 user and 0 servers', 1, 0],
    ['Powering 2 users and 1 server', 2, 1],
  ])('reads naturally: %s', async (expected, users, servers) => {
    const { withBotStats } = await loadCounts();
    const answer = { success: true, data: { total_users: users, total_servers: servers } };
    const filled = withBotStats(FRAGMENT, answer);
    expect(text(filled)).toBe(expected);
    // what the shell's first render of the same counts shows
    const noun = (count: number, one: string) => (count === 1 ? one : `${one}s`);
    expect(filled).toBe(line([users, noun(users, 'user')], [servers, noun(servers, 'server')]));
  });

  it.each([
    ['no answer', undefined],
    ['an error envelope', { success: false, data: { total_users: 1, total_servers: 1 } }],
    ['no data', { success: true }],
  ])('leaves the zeros for %s', async (_what, answer) => {
    const { withBotStats } = await loadCounts();
    expect(withBotStats(FRAGMENT, answer)).toBe(FRAGMENT);
  });

  it('writes only whole, non-negative numbers: anything else keeps its zero', async () => {
    const { withBotStats } = await loadCounts();
    const answer = {
      success: true,
      data: { total_users: '<script>alert(1)</script>', total_servers: -3 },
    };
    expect(withBotStats(FRAGMENT, answer)).toBe(FRAGMENT);
    const partly = { success: true, data: { total_users: 1.0000001, total_servers: 7 } };
    expect(text(withBotStats(FRAGMENT, partly))).toBe('Powering 0 users and 7 servers');
  });
});
