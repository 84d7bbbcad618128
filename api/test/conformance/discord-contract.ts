import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { RecordedCall } from './recording-proxy';

/**
 * Discord's own HTTP contract: its published OpenAPI 3.1 document (discord/discord-api-spec,
 * `specs/openapi.json`, vendored in discord-openapi/ with its licence), and the check of one
 * recorded call against it: the operation exists, its query and JSON body are valid, the
 * authorisation is one the operation takes, and the answer has the types the document gives for
 * that status.
 */

type Json = Record<string, any>;

const DOCUMENT_ID = 'discord-openapi.json';
const VERSION_PREFIX = '/api/v10';
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/**
 * The OAuth2 token URLs are not paths of the document: it names the token URL only in its OAuth2
 * security scheme (`tokenUrl`), and the revocation URL not at all. Their form bodies are checked
 * against Discord's OAuth2 page (developers/topics/oauth2.mdx) instead.
 */
const OAUTH_FORMS: Record<string, { grant_type?: string[]; required: string[] }> = {
  '/api/oauth2/token': {
    grant_type: ['authorization_code', 'refresh_token'],
    required: ['grant_type'],
  },
  '/api/oauth2/token/revoke': { required: ['token'] },
};
const OAUTH_FIELDS: Record<string, string[]> = {
  authorization_code: ['grant_type', 'code', 'redirect_uri'],
  refresh_token: ['grant_type', 'refresh_token'],
  revoke: ['token', 'token_type_hint'],
};

export interface Operation {
  /** e.g. `GET /guilds/{guild_id}/members` */
  key: string;
  operationId: string;
}

export interface Verdict {
  call: string;
  operation: Operation | null;
  problems: string[];
}

export function loadDiscordDocument(): Json {
  const file = path.join(__dirname, 'discord-openapi', 'openapi.json.gz');
  return JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as Json;
}

/**
 * Discord's README for the document: its `oneOf` unions mean "one of these shapes", not "exactly
 * one matches" (x-discord-union), and its API takes an integer field as a string of digits (its
 * docs write permission bit sets and snowflake-like numbers that way).
 */
function adapt(node: unknown, forRequests: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => adapt(n, forRequests));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    out[key === 'oneOf' ? 'anyOf' : key] = adapt(value, forRequests);
  }
  const type = out.type;
  const integer = type === 'integer' || (Array.isArray(type) && type.includes('integer'));
  if (forRequests && integer) {
    const { type: _t, minimum, maximum, format: _f, ...rest } = out;
    const types = Array.isArray(type) ? type : [type];
    return {
      ...rest,
      anyOf: [
        {
          type: types,
          ...(minimum !== undefined ? { minimum } : {}),
          ...(maximum !== undefined ? { maximum } : {}),
        },
        { type: 'string', pattern: '^-?[0-9]+$' },
      ],
    };
  }
  return out;
}

function validatorOf(document: Json, forRequests: boolean) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // the document's own formats: their types and patterns say what they hold
  for (const format of ['int32', 'int64', 'snowflake', 'double', 'float', 'nonce'])
    ajv.addFormat(format, true);
  ajv.addSchema({ ...(adapt(document, forRequests) as Json), $id: DOCUMENT_ID });
  const compiled = new Map<string, ValidateFunction>();
  return (pointer: string, value: unknown): string[] => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate(value) ? [] : describeErrors(validate.errors ?? []);
  };
}

function describeErrors(errors: ErrorObject[]): string[] {
  // anyOf's own error says only "must match a schema in anyOf": its branches' errors say what
  const useful = errors.filter((e) => e.keyword !== 'anyOf');
  const seen = new Set<string>();
  for (const e of useful.length ? useful : errors)
    seen.add(
      `${e.instancePath || '(root)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
    );
  return [...seen];
}

const pointerOf = (...parts: string[]) =>
  parts.map((p) => `/${p.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

export class DiscordContract {
  readonly document: Json;
  private readonly requestSchema: (pointer: string, value: unknown) => string[];
  private readonly responseSchema: (pointer: string, value: unknown) => string[];
  private readonly templates: { path: string; pattern: RegExp; literal: number }[];

  constructor(document: Json = loadDiscordDocument()) {
    this.document = document;
    this.requestSchema = validatorOf(document, true);
    this.responseSchema = validatorOf(document, false);
    this.templates = Object.keys(document.paths)
      .map((p) => ({
        path: p,
        pattern: new RegExp(
          `^${p
            .split(/(\{[^}]+\})/)
            .map((part) =>
              part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
            )
            .join('')}$`,
        ),
        literal: p.split('/').filter((s) => !s.startsWith('{')).length,
      }))
      // `/users/@me` before `/users/{user_id}`
      .sort((a, b) => b.literal - a.literal);
  }

  /** The document's token URL: the API must post its OAuth2 forms there. */
  get tokenPath(): string {
    const flows = this.document.components.securitySchemes.OAuth2.flows;
    return new URL(flows.authorizationCode.tokenUrl as string).pathname;
  }

  check(call: RecordedCall): Verdict {
    const url = new URL(call.url, 'http://recorded');
    const label = `${call.method} ${url.pathname}`;
    if (url.pathname in OAUTH_FORMS) return this.checkOAuthForm(call, url, label);
    if (!url.pathname.startsWith(`${VERSION_PREFIX}/`))
      return { call: label, operation: null, problems: [`not under ${VERSION_PREFIX}`] };
    const pathname = url.pathname.slice(VERSION_PREFIX.length);
    const template = this.templates.find((t) => t.pattern.test(pathname));
    const method = call.method.toLowerCase();
    const item = template ? (this.document.paths[template.path] as Json) : undefined;
    const op = item?.[method] as Json | undefined;
    if (!template || !op || !(METHODS as readonly string[]).includes(method))
      return { call: label, operation: null, problems: ['no such operation in the document'] };
    const operation = { key: `${call.method} ${template.path}`, operationId: op.operationId };
    const base = pointerOf('paths', template.path, method);
    const problems = [
      ...this.checkQuery(url, template.path, method),
      ...this.checkAuthorization(call, op),
      ...this.checkBody(call, op, base),
      ...this.checkResponse(call, op, base),
    ];
    return { call: label, operation, problems };
  }

  private checkOAuthForm(call: RecordedCall, url: URL, label: string): Verdict {
    const key = `${call.method} ${url.pathname}`;
    const problems: string[] = [];
    if (url.pathname === '/api/oauth2/token' && url.pathname !== this.tokenPath)
      problems.push(`the document's token URL is ${this.tokenPath}`);
    if (call.method !== 'POST') problems.push('the OAuth2 token URLs take POST only');
    if (!/^application\/x-www-form-urlencoded/.test(call.requestHeaders['content-type'] ?? ''))
      problems.push('the OAuth2 token URLs take application/x-www-form-urlencoded only');
    const form = new URLSearchParams(call.requestBody);
    const rule = OAUTH_FORMS[url.pathname]!;
    for (const field of rule.required)
      if (!form.get(field)) problems.push(`the form lacks ${field}`);
    const grant = form.get('grant_type');
    if (rule.grant_type && grant && !rule.grant_type.includes(grant))
      problems.push(`grant_type ${grant} is not one the API may use`);
    const allowed = new Set(OAUTH_FIELDS[grant ?? 'revoke'] ?? ['grant_type']);
    // client credentials go in the Authorization header (HTTP Basic) or the body
    for (const field of form.keys())
      if (!allowed.has(field) && field !== 'client_id' && field !== 'client_secret')
        problems.push(`the form's ${field} is not a field of this grant`);
    if (call.status >= 200 && call.status < 300) {
      const body = parseJson(call.responseBody);
      if (url.pathname === '/api/oauth2/token')
        for (const field of ['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope'])
          if (!body || !(field in body)) problems.push(`the answer lacks ${field}`);
    }
    // outside the document: named by its URL
    return { call: label, operation: { key, operationId: key }, problems };
  }

  private checkQuery(url: URL, pathTemplate: string, method: string): string[] {
    const problems: string[] = [];
    // name → the pointer to its schema; the operation's own parameters override the path's
    const declared = new Map<string, string>();
    const item = this.document.paths[pathTemplate] as Json;
    for (const [owner, at] of [
      [item, pointerOf('paths', pathTemplate)],
      [item[method], pointerOf('paths', pathTemplate, method)],
    ] as const)
      (owner.parameters ?? []).forEach((p: Json, index: number) => {
        if (p.in === 'query') declared.set(p.name, `${at}/parameters/${index}/schema`);
      });
    for (const [name, value] of url.searchParams) {
      const pointer = declared.get(name);
      if (!pointer) {
        problems.push(`query parameter ${name} is not declared`);
        continue;
      }
      // a query string is text: read digits as the number they spell (ranges apply) unless the
      // parameter is a string (a snowflake), and true/false as booleans
      const typed = value === 'true' ? true : value === 'false' ? false : value;
      const asNumber = /^-?[0-9]+$/.test(value) ? Number(value) : undefined;
      const numberProblems =
        asNumber === undefined ? undefined : this.responseSchema(pointer, asNumber);
      const found =
        numberProblems && numberProblems.length === 0
          ? []
          : this.responseSchema(pointer, typed).length === 0
            ? []
            : (numberProblems ?? this.responseSchema(pointer, typed));
      for (const p of found) problems.push(`query ${name}=${value}: ${p}`);
    }
    return problems;
  }

  private checkAuthorization(call: RecordedCall, op: Json): string[] {
    const scheme = (call.requestHeaders.authorization ?? '').split(' ')[0] ?? '';
    const security = (op.security ?? []) as Json[];
    // `{}` among the requirements: the operation may be called without credentials
    if (security.length === 0 || security.some((s) => Object.keys(s).length === 0)) return [];
    const accepted = security
      .flatMap((s) => Object.keys(s))
      .map((k): string => (k === 'BotToken' ? 'Bot' : 'Bearer'));
    return accepted.includes(scheme)
      ? []
      : [
          `authorises with "${scheme || 'nothing'}"; the operation takes ${[...new Set(accepted)].join(' or ')}`,
        ];
  }

  private checkBody(call: RecordedCall, op: Json, base: string): string[] {
    const hasBody = call.requestBody.length > 0;
    const json = op.requestBody?.content?.['application/json'];
    if (!hasBody)
      return op.requestBody?.required ? ['the operation requires a body; none was sent'] : [];
    if (!json) return ['sends a body to an operation that takes none'];
    if (!/^application\/json/.test(call.requestHeaders['content-type'] ?? ''))
      return [
        `the body's content-type is ${call.requestHeaders['content-type'] ?? 'missing'}, not application/json`,
      ];
    const body = parseJson(call.requestBody);
    if (body === undefined) return ['the body is not JSON'];
    return this.requestSchema(`${base}/requestBody/content/application~1json/schema`, body).map(
      (p) => `request body: ${p}`,
    );
  }

  private checkResponse(call: RecordedCall, op: Json, base: string): string[] {
    const responses = op.responses as Json;
    const status = String(call.status);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => k in responses);
    if (!key) return [`answered ${status}, a status the document does not give this operation`];
    let response = responses[key] as Json;
    let pointer = `${base}/responses/${key}`;
    if (typeof response.$ref === 'string') {
      pointer = (response.$ref as string).slice(1);
      response = resolvePointer(this.document, pointer);
    }
    // a 204, or an answer the document gives no JSON for
    if (!response.content?.['application/json']) return [];
    const body = parseJson(call.responseBody);
    if (body === undefined) return [`answered ${status} without a JSON body`];
    return this.responseSchema(`${pointer}/content/application~1json/schema`, body).map(
      (p) => `answer ${status}: ${p}`,
    );
  }
}

function resolvePointer(document: Json, pointer: string): Json {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((node: Json, part) => node[part], document);
}

function parseJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
