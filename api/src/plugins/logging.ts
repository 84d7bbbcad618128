import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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

/** A successful read slower than this is still logged at info. */
export const SLOW_REQUEST_MS = 1000;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Fastify writes two info lines for every request; at a thousand requests a second that was the
 * largest cost left on the dashboard's reads. Here "incoming request" is debug, and "request
 * completed" is info only for writes, failures (status 400 and up) and slow requests; a fast
 * successful read is debug. LOG_LEVEL=debug logs every request as before; /metrics counts them all.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (error) {
      reply.log.error(
        { res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
      return;
    }
    const quiet =
      READS.has(request.method) && reply.statusCode < 400 && reply.elapsedTime < SLOW_REQUEST_MS;
    reply.log[quiet ? 'debug' : 'info'](
      // the request line too, since "incoming request" is not there at info
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
