import type {
  ApiKey,
  CreatedApiKey,
  PublicLink,
  WebhookDelivery,
} from '../../contract/developerApi';
import { DEVELOPER_ROUTES, PUBLIC_API_ROUTES } from '../../contract/apiRoutes';
import type { MockDb, MockServer } from '../db';
import { bearerToken, fail, ok } from '../respond';
import { handle, onManagedServer } from './route';

interface DeveloperState {
  keys: (ApiKey & { key: string; revoked: boolean })[];
  webhook: { url: string; created_at: string } | null;
  deliveries: WebhookDelivery[];
}

/** Each server's keys and webhook; a reset of the data set gives new server objects, so none. */
const states = new WeakMap<MockServer, DeveloperState>();
const stateOf = (server: MockServer) => {
  const state = states.get(server) ?? { keys: [], webhook: null, deliveries: [] };
  states.set(server, state);
  return state;
};

const uuid = (n: number, kind: string) =>
  `00000000-0000-4000-${kind}-${String(n).padStart(12, '0')}`;

/** Like the API: https only, and no loopback or private address written as such. */
const PRIVATE_HOST =
  /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|0\.|\[::1?\]|\[f[cd])/i;
function webhookUrlProblem(raw: string): { error: string; message: string } | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: 'invalid_webhook_url', message: 'url must be an absolute https:// URL.' };
  }
  if (url.protocol !== 'https:')
    return {
      error: 'invalid_webhook_url',
      message: `url must use https:// (got ${url.protocol.replace(/:$/, '')}).`,
    };
  if (PRIVATE_HOST.test(url.hostname))
    return {
      error: 'webhook_address_refused',
      message: `The webhook's host ${url.hostname} is a private or loopback address: webhooks go to public HTTPS endpoints only.`,
    };
  return null;
}

/**
 * The developer API over the mock data set: a server's keys and webhook (for its managers), and
 * the public lookup by Discord id with a key, which moves the key's last use like the API.
 * Saving a webhook lists two example deliveries, one delivered and one failed, so pages show both.
 */
export function developerApiHandlers(db: MockDb) {
  const onServer = onManagedServer(db);
  const listed = ({ key: _key, revoked: _revoked, ...key }: DeveloperState['keys'][number]) => key;

  return [
    handle(
      DEVELOPER_ROUTES.apiKeys,
      onServer((server) =>
        ok(
          stateOf(server)
            .keys.filter((k) => !k.revoked)
            .map(listed),
        ),
      ),
    ),
    handle(
      DEVELOPER_ROUTES.createApiKey,
      onServer(async (server, request) => {
        const body = (await request.json().catch(() => null)) as { name?: unknown } | null;
        const name = typeof body?.name === 'string' ? body.name.trim() : '';
        if (!name || name.length > 64)
          return fail(400, 'bad_request', 'body.name must be 1 to 64 characters.');
        const state = stateOf(server);
        const n = state.keys.length + 1;
        const key = `rck_mock${String(n).padStart(4, '0')}${'x'.repeat(35)}`;
        const created: CreatedApiKey = {
          id: uuid(n, '8000'),
          name,
          prefix: key.slice(0, 10),
          created_at: new Date().toISOString(),
          key,
        };
        state.keys.push({ ...created, last_used_at: null, revoked: false });
        return ok(created, 201);
      }),
    ),
    handle(
      DEVELOPER_ROUTES.revokeApiKey,
      onServer((server, _request, _user, { key_id }: { id: string; key_id: string }) => {
        const key = stateOf(server).keys.find((k) => k.id === key_id && !k.revoked);
        if (!key)
          return fail(
            404,
            'api_key_not_found',
            'This server has no such API key, or it was revoked already.',
          );
        key.revoked = true;
        return ok({ id: key.id, revoked_at: new Date().toISOString() });
      }),
    ),
    handle(
      DEVELOPER_ROUTES.webhook,
      onServer(async (server, request) => {
        const body = (await request.json().catch(() => null)) as { url?: unknown } | null;
        const state = stateOf(server);
        if (body?.url === null) {
          state.webhook = null;
          return ok({ url: null, secret: null });
        }
        if (typeof body?.url !== 'string') return fail(400, 'bad_request', 'body.url is required.');
        const problem = webhookUrlProblem(body.url.trim());
        if (problem) return fail(400, problem.error, problem.message);
        const now = new Date();
        state.webhook = { url: body.url.trim(), created_at: now.toISOString() };
        if (!state.deliveries.length) {
          const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
          state.deliveries = [
            {
              id: uuid(2, '9000'),
              event: 'member.updated',
              status: 'failed',
              attempts: 6,
              response_status: 500,
              error: 'The endpoint answered 500.',
              created_at: at(40),
              finished_at: at(5),
            },
            {
              id: uuid(1, '9000'),
              event: 'member.verified',
              status: 'delivered',
              attempts: 1,
              response_status: 200,
              error: null,
              created_at: at(60),
              finished_at: at(60),
            },
          ];
        }
        return ok({ url: state.webhook.url, secret: `whsec_mock${'s'.repeat(38)}` });
      }),
    ),
    handle(
      DEVELOPER_ROUTES.webhookDeliveries,
      onServer((server) => {
        const state = stateOf(server);
        return ok({
          webhook: state.webhook ? { ...state.webhook } : null,
          deliveries: state.webhook ? state.deliveries.map((d) => ({ ...d })) : [],
        });
      }),
    ),
    handle(
      DEVELOPER_ROUTES.testWebhook,
      onServer((server) => {
        const state = stateOf(server);
        if (!state.webhook)
          return fail(409, 'no_webhook', 'This server has no webhook: save one first.');
        const now = new Date().toISOString();
        const delivery: WebhookDelivery = {
          id: uuid(state.deliveries.length + 1, '9000'),
          event: 'webhook.test',
          status: 'delivered',
          attempts: 1,
          response_status: 200,
          error: null,
          created_at: now,
          finished_at: now,
        };
        state.deliveries.unshift(delivery);
        // the mock delivers at once; the API answers while it is still pending
        return ok({ ...delivery, status: 'pending', attempts: 0, finished_at: null }, 202);
      }),
    ),
    handle(
      DEVELOPER_ROUTES.retryWebhookDelivery,
      onServer((server, _request, _user, params: { id: string; delivery_id: string }) => {
        const state = stateOf(server);
        const delivery = state.deliveries.find((d) => d.id === params.delivery_id);
        if (!delivery)
          return fail(404, 'delivery_not_found', 'This server has no such webhook delivery.');
        if (delivery.status !== 'failed')
          return fail(
            409,
            'delivery_not_failed',
            `This delivery is ${delivery.status}: only a failed delivery can be sent again.`,
          );
        if (!state.webhook)
          return fail(409, 'no_webhook', 'This server has no webhook: save one first.');
        const answer = { ...delivery, status: 'pending' as const, finished_at: null };
        Object.assign(delivery, {
          status: 'delivered',
          attempts: delivery.attempts + 1,
          response_status: 200,
          error: null,
          finished_at: new Date().toISOString(),
        });
        return ok(answer, 202);
      }),
    ),
    handle(PUBLIC_API_ROUTES.member, ({ request, params }) => {
      const token = bearerToken(request);
      if (!token)
        return fail(
          401,
          'missing_api_key',
          "Send the server's API key: Authorization: Bearer <key>.",
        );
      const owner = db.servers.find((s) =>
        stateOf(s).keys.some((k) => k.key === token && !k.revoked),
      );
      const key = owner && stateOf(owner).keys.find((k) => k.key === token);
      if (!owner || !key)
        return fail(401, 'invalid_api_key', 'This API key is not valid, or it was revoked.');
      key.last_used_at = new Date().toISOString();
      if (owner.server_id !== params.server_id)
        return fail(403, 'api_key_wrong_server', 'This API key belongs to another server.');
      const user = db.users.find((u) => u.discord_id === params.discord_id);
      const account =
        user &&
        owner.members.some((m) => m.user_id === user.id) &&
        db.linkedAccounts.find((a) => a.owner_id === user.id);
      if (!user || !account)
        return fail(404, 'not_found', 'No Roblox account to show for this member in this server.');
      const link: PublicLink = {
        discord_id: user.discord_id,
        roblox_id: account.roblox_id,
        roblox_username: account.roblox_username,
        roblox_display_name: account.roblox_display_name,
      };
      return ok(link);
    }),
  ];
}
