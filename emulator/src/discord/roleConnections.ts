import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatorContext } from '../context';
import type { RoleConnectionMetadata } from '../store/roleConnectionMetadata';
import { hasScope, identifyCaller, requireBot } from './auth';
import {
  discordError,
  DiscordErrors,
  invalidFormAt as invalidForm,
  isFormProblem as isInvalid,
  type FormProblem as Invalid,
} from './errors';

const MAX_RECORDS = 5;
const KEY = /^[a-z0-9_]{1,50}$/;
/** 1–4 integer comparisons, 5–6 datetime comparisons, 7–8 boolean equal / not equal */
const INTEGER_TYPES = new Set([1, 2, 3, 4]);
const DATETIME_TYPES = new Set([5, 6]);

function checkMetadata(body: unknown): RoleConnectionMetadata[] | Invalid {
  if (!Array.isArray(body))
    return { path: [], code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' };
  if (body.length > MAX_RECORDS)
    return {
      path: [],
      code: 'BASE_TYPE_MAX_LENGTH',
      message: `Must be ${MAX_RECORDS} or fewer in length.`,
    };
  const keys = new Set<string>();
  const out: RoleConnectionMetadata[] = [];
  for (const [i, raw] of body.entries()) {
    const at = String(i);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      return { path: [at], code: 'DICT_TYPE_CONVERT', message: 'Only dictionaries may be used.' };
    const r = raw as Record<string, unknown>;
    if (typeof r.type !== 'number' || !Number.isInteger(r.type) || r.type < 1 || r.type > 8)
      return {
        path: [at, 'type'],
        code: 'BASE_TYPE_CHOICES',
        message: 'Value must be one of (1, 2, 3, 4, 5, 6, 7, 8).',
      };
    if (typeof r.key !== 'string' || !KEY.test(r.key))
      return {
        path: [at, 'key'],
        code: 'APPLICATION_ROLE_CONNECTIONS_METADATA_KEY_INVALID',
        message: 'Key must be 1-50 characters of a-z, 0-9 or _.',
      };
    if (keys.has(r.key))
      return {
        path: [at, 'key'],
        code: 'APPLICATION_ROLE_CONNECTIONS_METADATA_KEY_DUPLICATE',
        message: `Duplicate key: ${r.key}.`,
      };
    keys.add(r.key);
    for (const [field, max] of [
      ['name', 100],
      ['description', 200],
    ] as const) {
      const v = r[field];
      if (typeof v !== 'string' || v.length < 1 || v.length > max)
        return {
          path: [at, field],
          code: 'BASE_TYPE_BAD_LENGTH',
          message: `Must be between 1 and ${max} in length.`,
        };
    }
    out.push({
      type: r.type,
      key: r.key,
      name: r.name as string,
      description: r.description as string,
      ...(isStringMap(r.name_localizations) ? { name_localizations: r.name_localizations } : {}),
      ...(isStringMap(r.description_localizations)
        ? { description_localizations: r.description_localizations }
        : {}),
    });
  }
  return out;
}

function isStringMap(v: unknown): v is Record<string, string> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.values(v).every((x) => typeof x === 'string')
  );
}

interface ConnectionInput {
  platform_name: string | null;
  platform_username: string | null;
  metadata: Record<string, string>;
}

function checkConnection(
  body: unknown,
  records: RoleConnectionMetadata[],
): ConnectionInput | Invalid {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { path: [], code: 'DICT_TYPE_CONVERT', message: 'Only dictionaries may be used.' };
  const b = body as Record<string, unknown>;
  const text = (field: 'platform_name' | 'platform_username', max: number) => {
    const v = b[field];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string' || v.length > max)
      return {
        path: [field],
        code: 'BASE_TYPE_MAX_LENGTH',
        message: `Must be ${max} or fewer in length.`,
      } satisfies Invalid;
    return v;
  };
  const platformName = text('platform_name', 50);
  if (platformName !== null && typeof platformName !== 'string') return platformName;
  const platformUsername = text('platform_username', 100);
  if (platformUsername !== null && typeof platformUsername !== 'string') return platformUsername;
  const metadata: Record<string, string> = {};
  if (b.metadata !== undefined) {
    if (typeof b.metadata !== 'object' || b.metadata === null || Array.isArray(b.metadata))
      return {
        path: ['metadata'],
        code: 'DICT_TYPE_CONVERT',
        message: 'Only dictionaries may be used.',
      };
    for (const [key, raw] of Object.entries(b.metadata)) {
      const record = records.find((r) => r.key === key);
      if (!record)
        return {
          path: ['metadata', key],
          code: 'APPLICATION_ROLE_CONNECTIONS_METADATA_KEY_INVALID',
          message: `${key} is not a metadata key of this application.`,
        };
      if (typeof raw !== 'string' && typeof raw !== 'number')
        return {
          path: ['metadata', key],
          code: 'BASE_TYPE_STRING',
          message: 'Must be a string or a number.',
        };
      const value = String(raw);
      const bad = (message: string): Invalid => ({
        path: ['metadata', key],
        code: 'APPLICATION_ROLE_CONNECTIONS_METADATA_VALUE_INVALID',
        message,
      });
      if (value.length > 100) return bad('Must be 100 or fewer in length.');
      if (INTEGER_TYPES.has(record.type) && !/^-?\d+$/.test(value))
        return bad('Must be an integer.');
      if (DATETIME_TYPES.has(record.type) && Number.isNaN(Date.parse(value)))
        return bad('Must be an ISO 8601 date.');
      if (record.type >= 7 && value !== '0' && value !== '1') return bad('Must be 0 or 1.');
      metadata[key] = value;
    }
  }
  return { platform_name: platformName, platform_username: platformUsername, metadata };
}

/**
 * Linked Roles: the application's metadata records (bot token) and each user's connection
 * (the user's OAuth token with the role_connections.write scope).
 */
export function registerRoleConnections(app: FastifyInstance, ctx: EmulatorContext): void {
  type AppParams = { Params: { appId: string } };
  const unknownApplication = (reply: FastifyReply) =>
    discordError(reply, 404, 10002, 'Unknown Application');

  app.get<AppParams>('/applications/:appId/role-connections/metadata', async (request, reply) => {
    if (!requireBot(ctx, request, reply)) return reply;
    if (request.params.appId !== ctx.config.discordClientId)
      return DiscordErrors.missingAccess(reply);
    return ctx.roleConnectionMetadata;
  });

  app.put<AppParams>('/applications/:appId/role-connections/metadata', async (request, reply) => {
    if (!requireBot(ctx, request, reply)) return reply;
    if (request.params.appId !== ctx.config.discordClientId)
      return DiscordErrors.missingAccess(reply);
    const checked = checkMetadata(request.body);
    if (!Array.isArray(checked)) return invalidForm(reply, checked);
    ctx.roleConnectionMetadata.splice(0, ctx.roleConnectionMetadata.length, ...checked);
    return ctx.roleConnectionMetadata;
  });

  const connectionRoute = '/users/@me/applications/:appId/role-connection';
  /** the user behind a bearer token that may write role connections; answers the error otherwise */
  const userFor = (request: Parameters<typeof identifyCaller>[1], reply: FastifyReply) => {
    const caller = identifyCaller(ctx, request);
    if (!caller || caller.kind !== 'user') {
      DiscordErrors.unauthorized(reply);
      return undefined;
    }
    if (!hasScope(caller.access, 'role_connections.write')) {
      DiscordErrors.missingAccess(reply);
      return undefined;
    }
    return caller.access.userId;
  };

  app.get<AppParams>(connectionRoute, async (request, reply) => {
    const userId = userFor(request, reply);
    if (!userId) return reply;
    if (request.params.appId !== ctx.config.discordClientId) return unknownApplication(reply);
    const c = ctx.store.discord.roleConnections.get(userId);
    return {
      platform_name: c?.platform_name ?? null,
      platform_username: c?.platform_username ?? null,
      metadata: { ...(c?.metadata ?? {}) },
    };
  });

  app.put<AppParams>(connectionRoute, async (request, reply) => {
    const userId = userFor(request, reply);
    if (!userId) return reply;
    if (request.params.appId !== ctx.config.discordClientId) return unknownApplication(reply);
    const checked = checkConnection(request.body, ctx.roleConnectionMetadata);
    if (isInvalid(checked)) return invalidForm(reply, checked);
    ctx.store.discord.roleConnections.set(userId, {
      ...checked,
      updated_at: new Date().toISOString(),
    });
    return { ...checked, metadata: { ...checked.metadata } };
  });
}
