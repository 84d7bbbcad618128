import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { badRequest, forbidden, unauthorized } from '../../lib/errors';
import { perUserLimit } from '../../lib/rate-limit';
import { deleteUser, signedInRecently } from '../../domain/account-actions/delete-user';
import { exportAccount } from '../../domain/account-actions/export';
import { listLookups } from '../../domain/privacy/lookups';
import { getPrivacySettings, setPrivacySettings } from '../../domain/privacy/settings';
import { PRIVACY_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/** The caller's account is gone (deleted in another tab): as if signed out. */
const gone = () => unauthorized('Your account no longer exists. Sign in to start again.');

/**
 * The member's own privacy and account (docs/security.md › Member privacy): where their Roblox
 * account may be shown, who looked them up, the export of everything held about them, and the
 * deletion of their account.
 */
export const privacyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };
  const limited = { ...authed, config: perUserLimit(ctx.settings) };

  serve(app, PRIVACY_ENDPOINTS.privacy, authed, async (request) =>
    ok(await getPrivacySettings(ctx.db, authOf(request).userId)),
  );

  serve(app, PRIVACY_ENDPOINTS.savePrivacy, limited, async (request) => {
    const { userId } = authOf(request);
    const saved = await setPrivacySettings(ctx.db, userId, request.body);
    if (!saved.ok)
      throw badRequest(
        `servers: ${saved.unknownServers.join(', ')} ${saved.unknownServers.length === 1 ? 'is' : 'are'} not a server you are in or verified in.`,
        'unknown_server',
      );
    return ok(await getPrivacySettings(ctx.db, userId));
  });

  serve(app, PRIVACY_ENDPOINTS.lookups, authed, async (request) =>
    ok(await listLookups(ctx.db, authOf(request).userId)),
  );

  serve(app, PRIVACY_ENDPOINTS.exportAccount, limited, async (request, reply) => {
    const data = await exportAccount(ctx.db, authOf(request).userId);
    if (!data) throw gone();
    const day = data.exported_at.slice(0, 10);
    void reply
      .header('content-disposition', `attachment; filename="roconnect-export-${day}.json"`)
      .header('cache-control', 'no-store');
    return data;
  });

  serve(app, PRIVACY_ENDPOINTS.deleteAccount, limited, async (request) => {
    const { userId, sessionId } = authOf(request);
    // a deletion cannot be undone: a session left open (or stolen) must not be enough
    if (!(await signedInRecently(ctx.db, sessionId)))
      throw forbidden(
        'Sign in again to delete your account: your last sign-in was more than 10 minutes ago.',
        'sign_in_again',
      );
    const deleted = await deleteUser(ctx, userId);
    if (!deleted) throw gone();
    return ok({ deleted: true as const, ...deleted });
  });
};
