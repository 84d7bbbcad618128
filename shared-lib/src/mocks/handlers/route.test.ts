import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { AUDIT_ROUTES, AUTH_ROUTES, SERVER_ROUTES } from '../../contract/apiRoutes';
import { fail, MockHttpError, ok } from '../respond';
import { handle } from './route';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('handle: the MSW handler of one row of the route table', () => {
  it("answers the row's method at its pattern, on any origin, with the row's :params read", async () => {
    server.use(
      handle(SERVER_ROUTES.setupStatus, ({ params }) =>
        ok({ setup_completed: params.id === '7', setup_step: null }),
      ),
      http.all('*', () => new HttpResponse('no handler', { status: 418 })),
    );
    const answer = await fetch('http://api.example/api/v1/server/7/setup');
    expect(await answer.json()).toEqual({
      success: true,
      data: { setup_completed: true, setup_step: null },
    });
    // another method at the same path is not this row's
    const post = await fetch('http://api.example/api/v1/server/7/setup', { method: 'POST' });
    expect(post.status).toBe(418);
  });

  it('answers the refusal of a MockHttpError thrown by its resolver', async () => {
    server.use(
      handle(AUTH_ROUTES.me, () => {
        throw new MockHttpError(fail(401, 'unauthorized', 'Sign in to continue.'));
      }),
    );
    const answer = await fetch('http://localhost/auth/me');
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({
      success: false,
      error: 'unauthorized',
      message: 'Sign in to continue.',
    });
  });
});

// Type-level: a resolver whose answer is not its row's does not compile (`npm run typecheck`).
export const wrongAnswers = [
  // @ts-expect-error the config route answers `{ server_config }`
  handle(SERVER_ROUTES.config, () => ok({ config: null })),
  // @ts-expect-error the setup status has no such field
  handle(SERVER_ROUTES.setupStatus, () => ok({ setup_completed: 'yes', setup_step: null })),
  // @ts-expect-error a bare row (the CSV file) is not answered in the envelope
  handle(AUDIT_ROUTES.export, () => ok('member,at')),
  // @ts-expect-error the row has no :key_id
  handle(SERVER_ROUTES.config, ({ params }) => ok({ server_config: params.key_id })),
  // a refusal is always a right answer
  handle(SERVER_ROUTES.config, () => fail(404, 'not_found', 'No such server.')),
];
