interface PrerenderedCountsModule {
  withBotStats(fragment: string, answer: unknown): string;
}
const loadCounts = async () =>
  (await import('../server/prerenderedCounts' as string)) as PrerenderedCountsModule;

const FRAGMENT =
  '<p>Powering <span data-rc-bot-stat="total_users">0</span> users and ' +
  '<span data-rc-bot-stat="total_servers">0</span> servers</p>';
const filled = (users: string, servers: string) =>
  FRAGMENT.replace('">0</span> users', `">${users}</span> users`).replace(
    '">0</span> servers',
    `">${servers}</span> servers`,
  );

describe('withBotStats (the prerendered landing shows the counts the server has)', () => {
  it('writes the answer’s counts into the marked numbers', async () => {
    const { withBotStats } = await loadCounts();
    const answer = { success: true, data: { total_users: 1234, total_servers: 56 } };
    expect(withBotStats(FRAGMENT, answer)).toBe(filled('1234', '56'));
  });

  it.each([
    ['no answer', undefined],
    ['an error envelope', { success: false, data: { total_users: 5, total_servers: 1 } }],
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
    const partly = { success: true, data: { total_users: 2.5, total_servers: 7 } };
    expect(withBotStats(FRAGMENT, partly)).toBe(filled('0', '7'));
  });
});
