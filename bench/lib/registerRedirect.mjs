/**
 * Registers `<apiUrl>/auth/callback` on the emulator's Discord application, as an operator does in
 * the Developer Portal (docs/production.md › The Discord application): the emulator refuses an
 * authorize request that returns anywhere else. For benches whose API port is chosen after the
 * emulator started.
 */
export async function registerRedirectUri(emulatorUrl, apiUrl) {
  const control = `${emulatorUrl}/__emulator/application`;
  const { redirect_uris: registered } = await (await fetch(control)).json();
  const res = await fetch(control, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      redirect_uris: [...new Set([...registered, `${apiUrl}/auth/callback`])],
    }),
  });
  if (res.status !== 200)
    throw new Error(`the emulator refused the redirect URI: ${await res.text()}`);
}
