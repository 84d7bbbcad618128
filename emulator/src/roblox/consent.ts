import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context';
import {
  accountChoiceForm,
  escapeHtml,
  page,
  sendErrorPage,
  sendHtml,
  withQuery,
} from '../html/page';
import { asRecord } from '../oauth/clientAuth';
import { parseRobloxAuthorize, type RobloxAuthorizeRequest } from './authorizeRequest';

const CODE_LIFETIME_MS = 60 * 1000;
const PATH = '/oauth/v1/authorize';

function consentPage(ctx: EmulatorContext, req: RobloxAuthorizeRequest): string {
  const accounts = [...ctx.store.roblox.users.values()].map((u) => ({
    id: String(u.id),
    name: u.name,
  }));
  return page(
    'Authorize app — Roblox (emulator)',
    `<h1>Connect your Roblox account</h1>
<p>${escapeHtml(ctx.config.botUsername)} is asking for: ${escapeHtml(req.scope.split(' ').join(', '))}.</p>
${accountChoiceForm(PATH, req.carry, accounts)}`,
  );
}

export function registerRobloxConsent(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get(PATH, async (request: FastifyRequest, reply) => {
    const parsed = parseRobloxAuthorize(ctx, asRecord(request.query));
    if (!parsed.ok) return sendErrorPage(reply, 400, 'Invalid authorization request', parsed.error);
    return sendHtml(reply, 200, consentPage(ctx, parsed.value));
  });

  app.post(PATH, async (request: FastifyRequest, reply) => {
    const body = asRecord(request.body);
    const parsed = parseRobloxAuthorize(ctx, body);
    if (!parsed.ok) return sendErrorPage(reply, 400, 'Invalid authorization request', parsed.error);
    const req = parsed.value;
    if (body.decision === 'cancel') {
      return reply.redirect(
        withQuery(req.redirectUri, {
          error: 'access_denied',
          error_description: 'The user denied the authorization request.',
          state: req.state,
        }),
      );
    }
    const userId =
      typeof body.user_id === 'string' && /^\d+$/.test(body.user_id) ? Number(body.user_id) : NaN;
    if (!ctx.store.roblox.users.has(userId)) {
      return sendErrorPage(
        reply,
        400,
        'Unknown account',
        'Choose one of the accounts listed on the consent page.',
      );
    }
    const code = ctx.store.robloxOAuth.issueCode({
      userId: String(userId),
      clientId: req.clientId,
      redirectUri: req.redirectUri,
      scope: req.scope,
      expiresAt: Date.now() + CODE_LIFETIME_MS,
      codeChallenge: req.codeChallenge,
    });
    return reply.redirect(withQuery(req.redirectUri, { code, state: req.state }));
  });
}
