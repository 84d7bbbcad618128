import { DASHBOARD_ROUTES, SERVER_ROUTES, fillPath } from '../contract/apiRoutes';
import { SEED_SERVERS } from '../mocks';
import { setupMockServer } from '../testing/mockServer';
import { signIn } from '../testing/signIn';
import { api } from './endpoints';

const { server } = setupMockServer();
const SERVER_ID = SEED_SERVERS.ownerReady;

/** What the client sent: method, path and query, in order. */
function recordRequests() {
  const sent: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    sent.push(`${request.method} ${url.pathname}${url.search}`);
  };
  server.events.on('request:start', listener);
  return { sent, stop: () => server.events.removeListener('request:start', listener) };
}

describe("the client's writes, derived from the route table", () => {
  it('sends each at its row’s method and path, the :id filled in and encoded, a query where asked', async () => {
    signIn();
    const { sent, stop } = recordRequests();
    // the answers do not matter here (some are refusals): only what was sent
    await api.server.editNickname(SERVER_ID, 'roblox_username').catch(() => undefined);
    await api.server.putBinds('1/2', { binds: [] }).catch(() => undefined);
    await api.dashboard.syncServers().catch(() => undefined);
    await api.dashboard.unlinkAccount('7', { removeRoles: true }).catch(() => undefined);
    stop();
    expect(sent).toEqual([
      `PUT ${fillPath(SERVER_ROUTES.editNickname.path, { id: SERVER_ID })}`,
      'PUT /api/v1/server/1%2F2/binds',
      `POST ${DASHBOARD_ROUTES.syncServers.path}`,
      `DELETE ${fillPath(DASHBOARD_ROUTES.unlink.path, { id: '7' })}?remove_roles=true`,
    ]);
  });
});
