import { http, HttpResponse } from 'msw';
import { API_PATHS } from '../contract/paths';
import { route } from '../mocks/handlers/route';
import { setupMockServer } from '../testing';
import { INLINED_ANSWERS_ID } from './inlinedAnswers';

const { server } = setupMockServer();

/** A page as the shell's server sends it, with `content` in the inlined-answers element. */
async function pageWithAnswers(content: string | null): Promise<typeof import('./endpoints')> {
  document.getElementById(INLINED_ANSWERS_ID)?.remove();
  if (content !== null) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = INLINED_ANSWERS_ID;
    element.textContent = content;
    document.head.append(element);
  }
  jest.resetModules(); // the answers are read once per page
  return import('./endpoints');
}

/** Counts the requests for the bot stats the mock API sees. */
function countBotStatsCalls(): { count: number } {
  const seen = { count: 0 };
  server.use(
    http.get(route(API_PATHS.botStats), () => {
      seen.count += 1;
      return HttpResponse.json({ success: true, data: { total_users: 7, total_servers: 3 } });
    }),
  );
  return seen;
}

it('answers the first bot-stats call from the page, without a request, and later ones from the API', async () => {
  const calls = countBotStatsCalls();
  const { api } = await pageWithAnswers(
    JSON.stringify({
      '/api/bot-stats': { success: true, data: { total_users: 900, total_servers: 40 } },
    }),
  );
  await expect(api.public.botStats()).resolves.toEqual({ total_users: 900, total_servers: 40 });
  expect(calls.count).toBe(0);
  await expect(api.public.botStats()).resolves.toEqual({ total_users: 7, total_servers: 3 });
  expect(calls.count).toBe(1);
});

it("gives the landing the page's counts at once, and only once", async () => {
  const calls = countBotStatsCalls();
  const { api } = await pageWithAnswers(
    JSON.stringify({
      '/api/bot-stats': { success: true, data: { total_users: 900, total_servers: 40 } },
    }),
  );
  expect(api.public.takeInlinedBotStats()).toEqual({ total_users: 900, total_servers: 40 });
  expect(api.public.takeInlinedBotStats()).toBeUndefined();
  await expect(api.public.botStats()).resolves.toEqual({ total_users: 7, total_servers: 3 });
  expect(calls.count).toBe(1);
});

it.each([
  ['no element', null],
  ['broken JSON', '{"/api/bot-stats": '],
  ['an error envelope', JSON.stringify({ '/api/bot-stats': { success: false, error: 'x' } })],
  ['an array', '[1, 2]'],
])('asks the API when the page has %s', async (_what, content) => {
  const calls = countBotStatsCalls();
  const { api } = await pageWithAnswers(content);
  await expect(api.public.botStats()).resolves.toEqual({ total_users: 7, total_servers: 3 });
  expect(calls.count).toBe(1);
});
