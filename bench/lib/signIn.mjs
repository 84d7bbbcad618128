/**
 * Signing a user in as a browser would, for the bench's API calls: the API's Discord URL, the
 * emulator's consent as `userId`, the API's callback with the state cookie, and the access token
 * from the address the callback lands on.
 */

/**
 * `origin` is where the browser is (the API's own origin, or the shell's), `apiPrefix` where the
 * API answers under it (the shell's `/_api`); `openConsentPage` first loads the consent page, as
 * a person reading it would. Returns the access token.
 */
export async function signInThroughConsent(
  origin,
  userId,
  { apiPrefix = '', openConsentPage = false } = {},
) {
  const start = await fetch(`${origin}${apiPrefix}/auth/discord-url`);
  if (start.status !== 200)
    throw new Error(`${apiPrefix}/auth/discord-url answered ${start.status}`);
  const cookie = start.headers.get('set-cookie').split(';')[0];
  const authorizeUrl = new URL((await start.json()).data.auth_url);
  if (openConsentPage) {
    const page = await fetch(authorizeUrl);
    if (page.status !== 200) throw new Error(`the emulator's consent page answered ${page.status}`);
  }
  const form = new URLSearchParams(authorizeUrl.searchParams);
  form.set('user_id', userId);
  const consent = await fetch(`${authorizeUrl.origin}${authorizeUrl.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const back = new URL(consent.headers.get('location'));
  const callback = await fetch(`${origin}${back.pathname}${back.search}`, {
    redirect: 'manual',
    headers: { cookie },
  });
  const landing = new URL(callback.headers.get('location'), origin);
  const token = new URLSearchParams(landing.hash.slice(1)).get('access_token');
  if (!token) throw new Error(`sign-in of ${userId} failed: ${landing}`);
  return token;
}
