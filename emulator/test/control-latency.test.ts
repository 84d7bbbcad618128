import {
  CLIENT_ID,
  CLIENT_SECRET,
  discordLoginCode,
  exchangeDiscordCode,
  form,
  GUILDS,
  USERS,
  BOT,
  controlCall,
  useEmulator,
} from './helpers';

/**
 * POST /__emulator/latency: a provider path answered late, so tests can replay a slow Discord
 * (a refresh burst that must not hold the API's database connections while Discord answers).
 */
const app = useEmulator();

const latency = (body: unknown) => controlCall(app, 'POST', '/__emulator/latency', body);
const roles = () => app.inject({ url: `/api/v10/guilds/${GUILDS.withBot}/roles`, headers: BOT });

/** how long a call took, on the clock the delay is measured by */
async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await call();
  return { value, ms: performance.now() - started };
}

describe('POST /__emulator/latency', () => {
  it('answers the token endpoint after the chosen delay, every time, until cleared', async () => {
    const code = await discordLoginCode(app, USERS.owner);
    const res = await latency({ rules: [{ method: 'POST', path: '/api/oauth2/token', ms: 300 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().rules).toEqual([
      { method: 'POST', path: '/api/oauth2/token', ms: 300, delayed: 0 },
    ]);

    const exchange = await timed(() => exchangeDiscordCode(app, code));
    expect(exchange.value.statusCode).toBe(200);
    expect(exchange.ms).toBeGreaterThanOrEqual(295);
    const refresh = await timed(() =>
      app.inject({
        method: 'POST',
        url: '/api/oauth2/token',
        ...form({
          grant_type: 'refresh_token',
          refresh_token: exchange.value.json().refresh_token,
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
        }),
      }),
    );
    expect(refresh.value.statusCode).toBe(200);
    expect(refresh.ms).toBeGreaterThanOrEqual(295);
    expect((await app.inject({ url: '/__emulator/latency' })).json().rules[0].delayed).toBe(2);

    expect((await app.inject({ method: 'DELETE', url: '/__emulator/latency' })).json()).toEqual({
      ok: true,
    });
    expect(app.emulator.latency.list()).toEqual([]);
  });

  it('leaves other methods and paths alone; a regular expression and * match any', async () => {
    await latency({
      rules: [{ method: 'POST', path: `/api/v10/guilds/${GUILDS.withBot}/roles`, ms: 200 }],
    });
    expect((await roles()).statusCode).toBe(200);
    expect(app.emulator.latency.list()[0]!.delayed).toBe(0);

    await latency({ rules: [{ path: '^/api/v10/guilds/\\d+/roles$', ms: 0 }] });
    expect((await roles()).statusCode).toBe(200);
    expect(app.emulator.latency.list().map((r) => [r.method, r.delayed])).toEqual([
      ['POST', 0],
      ['*', 1],
    ]);
  });

  it('slows a faulted call too, and the fault still answers', async () => {
    await latency({ rules: [{ path: `/api/v10/guilds/${GUILDS.withBot}/roles`, ms: 150 }] });
    app.emulator.addFaults([
      { method: 'GET', path: `/api/v10/guilds/${GUILDS.withBot}/roles`, status: 503 },
    ]);
    const res = await timed(roles);
    expect(res.value.statusCode).toBe(503);
    expect(res.ms).toBeGreaterThanOrEqual(145);
  });

  it('never slows the control routes, and reset clears the rules', async () => {
    await latency({ rules: [{ path: '.*', ms: 60_000 }] });
    // a 60 s delay on the control paths would outlast Jest's 5 s test timeout
    expect((await app.inject({ url: '/__emulator/state' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/__emulator/reset' })).statusCode).toBe(200);
    expect(app.emulator.latency.list()).toEqual([]);
    await latency({ rules: [{ path: '.*', ms: 60_000 }] });
    app.emulator.reset();
    expect(app.emulator.latency.list()).toEqual([]);
    expect((await roles()).statusCode).toBe(200);
  });

  it.each([
    [{}, 'body must be {"rules"'],
    [{ rules: {} }, 'body must be {"rules"'],
    [{ rules: [1] }, 'rules[0] must be an object'],
    [{ rules: [{ ms: 10 }] }, 'rules[0].path must be a non-empty string'],
    [{ rules: [{ path: '([', ms: 10 }] }, 'rules[0].path is not a valid regular expression'],
    [
      { rules: [{ path: '/x' }] },
      'rules[0].ms must be a whole number of milliseconds from 0 to 60000',
    ],
    [{ rules: [{ path: '/x', ms: -1 }] }, 'rules[0].ms must be'],
    [{ rules: [{ path: '/x', ms: 1.5 }] }, 'rules[0].ms must be'],
    [{ rules: [{ path: '/x', ms: 60_001 }] }, 'rules[0].ms must be'],
    [{ rules: [{ path: '/x', ms: '400' }] }, 'rules[0].ms must be'],
    [{ rules: [{ path: '/x', ms: 1, method: 'BREW' }] }, 'rules[0].method must be one of'],
    [
      {
        rules: [
          { path: '/x', ms: 1 },
          { path: '/y', ms: 1, count: 2 },
        ],
      },
      'rules[1].count is not allowed',
    ],
  ])('refuses %j with a 400 naming the field, adding nothing', async (body, message) => {
    const res = await latency(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_latency');
    expect(res.json().message).toContain(message);
    expect(app.emulator.latency.list()).toEqual([]);
  });
});
