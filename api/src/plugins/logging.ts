import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];

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

/** Fields that hold a credential wherever a log object carries them. */
const SECRET_FIELDS = [
  'access_token',
  'refresh_token',
  'client_secret',
  'code_verifier',
  'token',
  'password',
  'authorization',
];

/** pino options: level, redaction of credentials, request lines without secrets. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      // pino's `*.x` matches one level down only, so the top level is named too
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((field) => `*.${field}`),
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

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LevelAwareLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that makes pino's child at its first line. Making a child serialises its
 * bindings through the redaction (≈ 2 µs a request, docs/performance.md › The API's request path),
 * and at info most requests, the fast reads, write no line at all.
 */
class DeferredChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: LevelAwareLogger;
  readonly #bindings: Bindings;

  constructor(parent: LevelAwareLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.#child && !this.#parent.isLevelEnabled(level)) return;
    (this.#made()[level] as (...line: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#write('error', args);
  }

  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }

  info(...args: unknown[]): void {
    this.#write('info', args);
  }

  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }

  silent(): void {}

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.#made().child(...args);
  }
}

/**
 * Fastify's childLoggerFactory: each request's logger (request.log, with its reqId) made only when
 * it writes. A route with its own log level gets pino's child at once, as Fastify would make it.
 */
export const deferredRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  const parent = logger as Partial<LevelAwareLogger> & FastifyBaseLogger;
  if (Object.keys(options).length > 0 || typeof parent.isLevelEnabled !== 'function')
    return logger.child(bindings, options);
  return new DeferredChildLogger(parent as LevelAwareLogger, bindings);
};

/** Fastify's logging options: pino as loggerOptions sets it, request lines and loggers as above. */
export function requestLogging(level: string) {
  return {
    logger: loggerOptions(level),
    logController: new RequestLogController(),
    childLoggerFactory: deferredRequestLogger,
  } satisfies Partial<FastifyServerOptions>;
}
