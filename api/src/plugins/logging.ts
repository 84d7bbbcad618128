import type { FastifyRequest } from 'fastify';

const SENSITIVE_QUERY =
  /^(code|state|token|access_token|refresh_token|code_verifier|client_secret|error_description)$/i;

/** Query values that could be secrets (OAuth codes, state) are never logged. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()])
    if (SENSITIVE_QUERY.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** pino options: level, redaction of credentials, request lines without secrets. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.access_token',
        '*.refresh_token',
        '*.client_secret',
        '*.code_verifier',
        '*.token',
        '*.password',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: FastifyRequest) {
        return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip };
      },
    },
  };
}
