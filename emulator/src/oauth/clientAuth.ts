import type { FastifyRequest } from 'fastify';

export interface ClientCredentials {
  clientId: string | undefined;
  clientSecret: string | undefined;
}

/** HTTP Basic wins over client_id/client_secret in the form, as OAuth 2.0 servers usually do. */
export function readClientCredentials(
  request: FastifyRequest,
  form: Record<string, unknown>,
): ClientCredentials {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon)),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
      };
    }
  }
  return {
    clientId: typeof form.client_id === 'string' ? form.client_id : undefined,
    clientSecret: typeof form.client_secret === 'string' ? form.client_secret : undefined,
  };
}

export function isFormRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return (
    typeof type === 'string' && type.toLowerCase().startsWith('application/x-www-form-urlencoded')
  );
}

export function formBody(request: FastifyRequest): Record<string, unknown> {
  return isFormRequest(request) && typeof request.body === 'object' && request.body !== null
    ? (request.body as Record<string, unknown>)
    : {};
}

export function field(form: Record<string, unknown>, key: string): string | undefined {
  const v = form[key];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

/** A parsed body as a record, or an empty one for anything else. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** A parameter of a query or form: its text, or none when it is absent or empty. */
export function text(source: Record<string, unknown>, key: string): string | undefined {
  const v = source[key];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

/** A parsed authorize request, or the error text its page shows. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * What every authorize request has: the app's client_id, the scopes asked for, and the parameters
 * to carry through the consent form.
 */
export interface AuthorizeBasics {
  clientId: string;
  scopes: string[];
  carry: Record<string, string | undefined>;
}

/**
 * The basics of an authorize request to `app` (the one registered here; `word` is what the
 * provider calls an app in its refusal), with its parameters `carried`; else the page's error.
 */
export function readAuthorizeBasics(
  source: Record<string, unknown>,
  app: { clientId: string; word: 'application' | 'app'; carried: readonly string[] },
): Parsed<AuthorizeBasics> {
  const clientId = text(source, 'client_id');
  if (!clientId) return { ok: false, error: 'The client_id parameter is missing.' };
  if (clientId !== app.clientId)
    return {
      ok: false,
      error: `Unknown ${app.word}: client_id ${clientId} is not registered here.`,
    };
  const carry: Record<string, string | undefined> = {};
  for (const key of app.carried) carry[key] = text(source, key);
  const scopes = (text(source, 'scope') ?? '').split(/[\s+]+/).filter(Boolean);
  return { ok: true, value: { clientId, scopes, carry } };
}
