import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { databaseUnavailable } from '../lib/database-unavailable';
import { ApiError } from '../lib/errors';
import { PATTERN_NAMES } from '@roconnect/shared-lib/contract/schemas';
import { integrationToApiError, isIntegrationError } from '../integrations/upstream';

type Issue = FastifySchemaValidationError & { schemaPath?: string };

function fieldName(context: string | undefined, instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra) parts.push(extra);
  const where = context ?? 'request';
  return parts.length ? `${where}.${parts.join('.')}` : where;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** What a failed alternative of an anyOf wanted. */
function expectation(issue: Issue): string {
  const p = issue.params as Record<string, unknown>;
  switch (issue.keyword) {
    case 'type':
      return TYPE_WORDS[String(p.type)] ?? String(p.type);
    case 'const':
      return JSON.stringify(p.allowedValue);
    case 'pattern':
      return PATTERN_NAMES[String(p.pattern)] ?? `a string in the form ${String(p.pattern)}`;
    case 'minimum':
      return `a number of at least ${String(p.limit)}`;
    case 'maximum':
      return `a number of at most ${String(p.limit)}`;
    case 'minLength':
      return `a string of at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `a string of at most ${String(p.limit)} characters`;
    case 'enum':
      return `one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    default:
      return issue.message ?? 'valid';
  }
}

function describeIssue(context: string | undefined, issue: Issue, all: Issue[]): string {
  const p = issue.params as Record<string, unknown>;
  const field = fieldName(context, issue.instancePath);
  switch (issue.keyword) {
    case 'required': {
      const missing = (p.requiredProperties as string[] | undefined) ?? [String(p.missingProperty)];
      return missing.length === 1
        ? `${fieldName(context, issue.instancePath, missing[0])} is required`
        : `${missing.map((m) => fieldName(context, issue.instancePath, m)).join(', ')} are required`;
    }
    case 'additionalProperties': {
      const extra = (p.additionalProperties as string[] | string | undefined) ?? [];
      const names = Array.isArray(extra) ? extra : [extra];
      return `${names.map((n) => fieldName(context, issue.instancePath, n)).join(', ')} ${names.length === 1 ? 'is' : 'are'} not allowed`;
    }
    case 'type':
      return `${field} must be ${TYPE_WORDS[String(p.type)] ?? String(p.type)}`;
    case 'enum':
      return `${field} must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `${field} must be ${JSON.stringify(p.allowedValue)}`;
    case 'minLength':
      return Number(p.limit) <= 1
        ? `${field} must not be empty`
        : `${field} must be at least ${p.limit} characters`;
    case 'maxLength':
      return `${field} must be at most ${p.limit} characters`;
    case 'minimum':
      return `${field} must be at least ${p.limit}`;
    case 'maximum':
      return `${field} must be at most ${p.limit}`;
    case 'pattern':
      return `${field} must be ${PATTERN_NAMES[String(p.pattern)] ?? `in the form ${String(p.pattern)}`}`;
    case 'format':
      return `${field} must be a valid ${String(p.format)}`;
    case 'anyOf': {
      // Say what each alternative expected, e.g. "must be a Discord id (17 to 20 digits) or null".
      const prefix = `${issue.schemaPath ?? ''}/anyOf/`;
      const byBranch = new Map<string, Issue>();
      for (const i of all) {
        if (i.instancePath !== issue.instancePath || !i.schemaPath?.startsWith(prefix)) continue;
        const branch = i.schemaPath.slice(prefix.length).split('/')[0]!;
        if (!byBranch.has(branch)) byBranch.set(branch, i);
      }
      const wants = [...new Set([...byBranch.values()].map(expectation))];
      return wants.length ? `${field} must be ${wants.join(' or ')}` : `${field} is not valid`;
    }
    default:
      return `${field} ${issue.message ?? 'is not valid'}`;
  }
}

/** One clear sentence about the first real problem, e.g. "body.nickname_format must be one of …". */
export function formatValidationMessage(context: string | undefined, issues: Issue[]): string {
  const real = issues.filter((i) => i.keyword !== 'boolean');
  const top = real.filter((i) => !i.schemaPath?.includes('/anyOf/'));
  const chosen = top.find((i) => i.keyword !== 'anyOf') ?? top[0] ?? real[0];
  if (!chosen) return `${context ?? 'request'} is not valid`;
  return describeIssue(context, chosen, real);
}

/** Every failure becomes the `{success:false, error, message}` envelope; nothing leaks a stack. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((raw: FastifyError | ApiError, request, reply) => {
    // a full pool or a timed-out statement: 503 with Retry-After, never a hang or a bare 500
    const busy = databaseUnavailable(raw);
    const err = isIntegrationError(raw) ? integrationToApiError(raw) : (busy ?? raw);
    if (err instanceof ApiError) {
      if (busy) request.log.warn({ err: raw }, 'database unavailable');
      else if (err.statusCode >= 500) request.log.warn({ err }, 'upstream failure');
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send({ success: false, error: err.code, message: err.message });
    }
    const fe = err as FastifyError & { validation?: Issue[]; validationContext?: string };
    if (fe.validation) {
      return reply.code(400).send({
        success: false,
        error: 'validation_error',
        message: formatValidationMessage(fe.validationContext, fe.validation),
      });
    }
    const status = fe.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ success: false, error: 'rate_limited', message: fe.message });
    }
    if (status >= 400 && status < 500) {
      const message =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe instanceof SyntaxError
          ? 'body is not valid JSON'
          : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'send the body as application/json'
            : fe.message;
      return reply.code(status).send({ success: false, error: 'bad_request', message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({
      success: false,
      error: 'internal_error',
      message: 'Something went wrong on our side.',
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      success: false,
      error: 'not_found',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}
