// TRUST_PROXY for the shell's server, in the syntax the API's TRUST_PROXY takes (api/src/config.ts):
// whose X-Forwarded-For names the client. The shell passes that client on to the API
// (apiProxy.mjs), so the API's per-address limits count browsers, not the ingress.
import { isIP } from 'node:net';

const NAMED = ['loopback', 'linklocal', 'uniquelocal'];

function validEntry(entry: string): boolean {
  if (NAMED.includes(entry)) return true;
  const [ip = '', bits, extra] = entry.split('/');
  const family = isIP(ip);
  const maxBits = family === 6 ? 128 : 32;
  return (
    family !== 0 &&
    extra === undefined &&
    (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits))
  );
}

/**
 * Unset or `false`: the socket's address is the client (nothing in front of the shell). `true`:
 * believe any X-Forwarded-For (only when nothing reaches the shell except through the ingress).
 * Otherwise the ingress's addresses or CIDRs (`loopback`, `linklocal`, `uniquelocal` too),
 * separated by commas. Returns Fastify's `trustProxy`; anything else throws, naming the setting.
 */
export function trustProxySetting(value: string | undefined): boolean | string {
  const v = (value ?? '').trim() || 'false';
  if (v === 'false') return false;
  if (v === 'true') return true;
  const entries = v.split(',').map((entry) => entry.trim());
  if (!entries.every(validEntry))
    throw new Error(
      `TRUST_PROXY must be true, false or the ingress's addresses/CIDRs separated by commas, got "${v}"`,
    );
  return entries.join(',');
}
