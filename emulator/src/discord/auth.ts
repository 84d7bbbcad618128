import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context';
import type { AccessInfo } from '../store/oauthState';
import { DiscordErrors } from './errors';

export type Caller = { kind: 'bot' } | { kind: 'user'; access: AccessInfo };

/** Who is calling: `Bot <token>` or `Bearer <user token>`; undefined for anything else. */
export function identifyCaller(ctx: EmulatorContext, request: FastifyRequest): Caller | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  if (!token || rest.length > 0) return undefined;
  // a token Discord reset (past the session start limit, emulator/README.md › Gateway) is refused
  if (scheme === 'Bot')
    return token === ctx.config.discordBotToken && !ctx.gateway.botTokenReset
      ? { kind: 'bot' }
      : undefined;
  if (scheme === 'Bearer') {
    const access = ctx.store.discordOAuth.lookupAccess(token);
    return access ? { kind: 'user', access } : undefined;
  }
  return undefined;
}

/** Sends 401 and returns false unless the bot token is presented. */
export function requireBot(
  ctx: EmulatorContext,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const caller = identifyCaller(ctx, request);
  if (caller?.kind === 'bot') return true;
  DiscordErrors.unauthorized(reply);
  return false;
}

export function hasScope(access: AccessInfo, scope: string): boolean {
  return access.scope.split(/\s+/).includes(scope);
}
