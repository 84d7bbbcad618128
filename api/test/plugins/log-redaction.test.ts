import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { loggerOptions, redactUrl } from '../../src/plugins/logging';

/** Fastify's logger with the API's options, and the lines it wrote. */
function captureLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { ...loggerOptions('info'), stream: sink } });
  return { log: app.log, lines };
}

describe('log redaction', () => {
  it('hides OAuth codes and state in logged URLs', () => {
    const line = redactUrl('/auth/callback?code=abc&state=def&guild_id=1');
    expect(line).not.toContain('abc');
    expect(line).not.toContain('def');
    expect(line).toContain('guild_id=1');
  });

  it('hides a credential at the top of a log object, not only one level down', () => {
    const { log, lines } = captureLogger();
    log.info(
      {
        token: 'top-token-1',
        access_token: 'top-access-2',
        refresh_token: 'top-refresh-3',
        authorization: 'Bot top-bot-4',
        grant: { client_secret: 'nested-secret-5', code_verifier: 'nested-verifier-6' },
        userId: 'u-7',
      },
      'a line carrying credentials',
    );
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    for (const secret of [
      'top-token-1',
      'top-access-2',
      'top-refresh-3',
      'top-bot-4',
      'nested-secret-5',
      'nested-verifier-6',
    ])
      expect(lines[0]).not.toContain(secret);
    expect(entry).toMatchObject({
      token: '[redacted]',
      access_token: '[redacted]',
      authorization: '[redacted]',
      grant: { client_secret: '[redacted]' },
      userId: 'u-7',
    });
  });
});
