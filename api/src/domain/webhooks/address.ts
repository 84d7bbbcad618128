import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../../lib/errors';

/**
 * Addresses a webhook may not reach unless ALLOW_PRIVATE_WEBHOOKS is set: this machine, the
 * private networks behind it, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * multicast and the unspecified and reserved ranges (api/README.md › Developer API › Webhooks).
 */
const REFUSED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  REFUSED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // ::/96 holds ::, ::1 and the old IPv4-compatible form ([::7f00:1] is 127.0.0.1)
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  REFUSED.addSubnet(net, bits, 'ipv6');

/** IPv4 written inside IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Whether an address is in a private, loopback or otherwise internal range. */
export function isPrivateAddress(address: string): boolean {
  const a = unmapped(address);
  return REFUSED.check(a.address, a.family);
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export const resolveHost: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

export class WebhookAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookAddressError';
  }
}

/**
 * The addresses of a webhook's host, every one of them checked: a name with one public and one
 * private address is refused (a resolver could hand out either). Throws WebhookAddressError
 * naming what is wrong.
 */
export async function checkedAddresses(
  host: string,
  allowPrivate: boolean,
  resolve: Resolve = resolveHost,
): Promise<{ address: string; family: number }[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      addresses = await resolve(bare);
    } catch {
      throw new WebhookAddressError(`The webhook's host could not be resolved.`);
    }
  }
  if (!addresses.length) throw new WebhookAddressError(`The webhook's host has no address.`);
  if (!allowPrivate) {
    // the text names neither the host's address nor which one: a refusal must not tell a
    // manager what an internal name resolves to (docs/security.md › T9)
    if (addresses.some((a) => isPrivateAddress(a.address)))
      throw new WebhookAddressError(
        `The webhook's host resolves to a private address: webhooks go to public HTTPS endpoints only.`,
      );
  }
  return addresses;
}

/**
 * The URL a manager gave, parsed and checked: HTTPS (plain HTTP only where private addresses are
 * allowed, i.e. local development), no credentials in it, a public host. Throws 400 naming
 * what is wrong.
 */
export async function checkWebhookUrl(
  raw: string,
  allowPrivate: boolean,
  resolve: Resolve = resolveHost,
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('url must be an absolute https:// URL.', 'invalid_webhook_url');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw badRequest(
      `url must use https:// (got ${url.protocol.replace(/:$/, '')}).`,
      'invalid_webhook_url',
    );
  if (url.username || url.password)
    throw badRequest('url must not hold a user name or password.', 'invalid_webhook_url');
  if (url.hash) throw badRequest('url must not have a #fragment.', 'invalid_webhook_url');
  try {
    await checkedAddresses(url.hostname, allowPrivate, resolve);
  } catch (err) {
    if (err instanceof WebhookAddressError)
      throw badRequest(err.message, 'webhook_address_refused');
    throw err;
  }
  return url;
}

/**
 * How a webhook URL is written where others read it (the audit log, the log channel, the API's
 * own logs): its origin alone. The path and query often carry the receiver's own secret (a token
 * in `?key=`), which only the managers who set it need (docs/security.md › T9).
 */
export function webhookOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(not a valid URL)';
  }
}
